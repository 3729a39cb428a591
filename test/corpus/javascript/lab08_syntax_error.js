// Незакрита дужка: решта програми все одно малюється
function area(r) {
  const s = Math.PI * r * r;
  return s;
}

const r = Number(prompt("r = "));
const bad = (r + ;
console.log("Площа:", area(r));

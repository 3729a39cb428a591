const rows: number = 3;
const cols: number = 4;
const matrix: number[][] = [];
for (let i = 0; i < rows; i++) {
  matrix.push([]);
  for (let j = 0; j < cols; j++) {
    matrix[i][j] = Math.floor(Math.random() * 10);
  }
}

function rowSums(m: number[][]): number[] {
  const sums: number[] = [];
  for (const row of m) {
    let s = 0;
    for (const v of row) {
      s += v;
    }
    sums.push(s);
  }
  return sums;
}

const sums = rowSums(matrix);
for (let i = 0; i < rows; i++) {
  console.log("Рядок " + (i + 1) + ": " + matrix[i].join(" ") + " | сума = " + sums[i]);
}

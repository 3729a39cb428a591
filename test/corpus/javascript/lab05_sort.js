function bubbleSort(a) {
  const n = a.length;
  for (let i = 0; i < n - 1; i++) {
    let swapped = false;
    for (let j = 0; j < n - 1 - i; j++) {
      if (a[j] > a[j + 1]) {
        const t = a[j];
        a[j] = a[j + 1];
        a[j + 1] = t;
        swapped = true;
      }
    }
    if (!swapped) break;
  }
  return a;
}

function selectionSort(a) {
  for (let i = 0; i < a.length - 1; i++) {
    let min = i;
    for (let j = i + 1; j < a.length; j++) {
      if (a[j] < a[min]) min = j;
    }
    [a[i], a[min]] = [a[min], a[i]];
  }
  return a;
}

const numbers = [5, 2, 9, 1, 7, 3];
console.log("Бульбашка:", bubbleSort([...numbers]).join(" "));
console.log("Вибір:", selectionSort([...numbers]).join(" "));

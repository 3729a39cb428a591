function isPalindrome(s: string): boolean {
  const clean = s.toLowerCase().replace(/[^a-zа-яіїєґ]/g, "");
  let i = 0;
  let j = clean.length - 1;
  while (i < j) {
    if (clean[i] !== clean[j]) {
      return false;
    }
    i++;
    j--;
  }
  return true;
}

function countVowels(s: string): number {
  let count = 0;
  for (const ch of s.toLowerCase()) {
    switch (ch) {
      case "а":
      case "е":
      case "и":
      case "і":
      case "о":
      case "у":
        count++;
        break;
    }
  }
  return count;
}

const text: string = prompt("Рядок: ") ?? "";
if (isPalindrome(text)) {
  console.log("Паліндром");
} else {
  console.log("Не паліндром");
}
console.log("Голосних:", countVowels(text));

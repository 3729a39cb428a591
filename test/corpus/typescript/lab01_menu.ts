// Лабораторна робота №1. Меню в циклі
// Варіант 4: облік книг у бібліотеці
// Виконав: студент групи КН-21 Петренко І.
import * as readlineSync from "readline-sync";

interface Book {
  title: string;
  author: string;
  year: number;
  isTaken: boolean;
}

const books: Book[] = [
  { title: "Кобзар", author: "Шевченко", year: 1840, isTaken: false },
  { title: "Лісова пісня", author: "Українка", year: 1911, isTaken: false },
  { title: "Тигролови", author: "Багряний", year: 1944, isTaken: true },
];

function readYear(question: string): number {
  let year: number = readlineSync.questionInt(question);
  while (year < 1000 || year > 2026) {
    console.log("Рік має бути від 1000 до 2026");
    year = readlineSync.questionInt(question);
  }
  return year;
}

function printBooks(list: Book[]): void {
  if (list.length === 0) {
    console.log("Список порожній");
    return;
  }
  for (let i = 0; i < list.length; i++) {
    const state: string = list[i].isTaken ? "видана" : "є в наявності";
    console.log(`${i + 1}. ${list[i].author} «${list[i].title}», ${list[i].year} р. — ${state}`);
  }
}

function findByAuthor(author: string): Book[] {
  const found: Book[] = [];
  for (const book of books) {
    if (book.author.toLowerCase() === author.toLowerCase()) {
      found.push(book);
    }
  }
  return found;
}

function readBookIndex(): number {
  const n: number = readlineSync.questionInt("Номер книги: ");
  if (n < 1 || n > books.length) {
    console.log("Книги з таким номером немає");
    return -1;
  }
  return n - 1;
}

let choice: number;
do {
  console.log("\n=== БІБЛІОТЕКА ===");
  console.log("1 - Показати всі книги");
  console.log("2 - Додати книгу");
  console.log("3 - Пошук за автором");
  console.log("4 - Видати книгу");
  console.log("5 - Повернути книгу");
  console.log("0 - Вихід");
  choice = readlineSync.questionInt("Ваш вибір: ");
  switch (choice) {
    case 1:
      printBooks(books);
      break;
    case 2: {
      const title: string = readlineSync.question("Назва: ");
      const author: string = readlineSync.question("Автор: ");
      const year: number = readYear("Рік видання: ");
      books.push({ title, author, year, isTaken: false });
      console.log("Книгу додано");
      break;
    }
    case 3: {
      const author: string = readlineSync.question("Прізвище автора: ");
      printBooks(findByAuthor(author));
      break;
    }
    case 4: {
      const index: number = readBookIndex();
      if (index >= 0) {
        if (books[index].isTaken) {
          console.log("Цю книгу вже видано");
        } else {
          books[index].isTaken = true;
          console.log("Книгу видано читачеві");
        }
      }
      break;
    }
    case 5: {
      const index: number = readBookIndex();
      if (index >= 0) {
        if (books[index].isTaken) {
          books[index].isTaken = false;
          console.log("Дякуємо, книгу повернуто");
        } else {
          console.log("Ця книга не була видана");
        }
      }
      break;
    }
    case 0:
      console.log("До побачення!");
      break;
    default:
      console.log("Невірний пункт меню, спробуйте ще раз");
  }
} while (choice !== 0);

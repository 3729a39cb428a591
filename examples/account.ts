import * as readlineSync from "readline-sync";

interface Account {
  owner: string;
  balance: number;
}

function deposit(acc: Account, amount: number): void {
  if (amount <= 0) {
    console.log("Сума має бути додатною");
    return;
  }
  acc.balance += amount;
}

function withdraw(acc: Account, amount: number): boolean {
  if (amount > acc.balance) {
    return false;
  }
  acc.balance -= amount;
  return true;
}

const account: Account = { owner: "Олег", balance: 0 };
let running: boolean = true;
while (running) {
  console.log("1. Поповнити  2. Зняти  3. Баланс  0. Вихід");
  const choice: number = readlineSync.questionInt("> ");
  switch (choice) {
    case 1:
      deposit(account, readlineSync.questionFloat("Сума: "));
      break;
    case 2:
      if (!withdraw(account, readlineSync.questionFloat("Сума: "))) {
        console.log("Недостатньо коштів");
      }
      break;
    case 3:
      console.log(`Баланс: ${account.balance}`);
      break;
    case 0:
      running = false;
      break;
    default:
      console.log("Невірний вибір");
  }
}

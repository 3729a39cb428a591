using System;

int choice;
double balance = 0;
do
{
    Console.WriteLine("1 - поповнити, 2 - зняти, 3 - баланс, 0 - вихід");
    choice = int.Parse(Console.ReadLine());
    switch (choice)
    {
        case 1:
            double add = double.Parse(Console.ReadLine());
            balance += add;
            break;
        case 2:
            double sub = double.Parse(Console.ReadLine());
            if (sub > balance)
            {
                Console.WriteLine("Недостатньо коштів");
                break;
            }
            balance -= sub;
            break;
        case 3:
            Console.WriteLine($"Баланс: {balance:F2}");
            break;
        case 0:
            Console.WriteLine("До побачення");
            break;
        default:
            Console.WriteLine("Невірний вибір");
            break;
    }
} while (choice != 0);

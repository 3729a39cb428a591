using System;
using System.Collections.Generic;

// Лабораторна 7: банківський рахунок (меню зі switch)
class Program
{
    static void Main()
    {
        decimal balance = 0;
        var history = new List<decimal>();
        bool run = true;
        while (run)
        {
            Console.WriteLine("1 - поповнити, 2 - зняти, 3 - історія, 4 - відсотки, 5 - скасувати останню, 0 - вихід");
            string cmd = Console.ReadLine();
            switch (cmd)
            {
                case "1":
                    decimal add = decimal.Parse(Console.ReadLine());
                    if (add <= 0)
                    {
                        Console.WriteLine("Сума має бути додатною");
                        break;
                    }
                    balance += add;
                    history.Add(add);
                    break;
                case "2":
                    decimal take = decimal.Parse(Console.ReadLine());
                    if (take > balance)
                        Console.WriteLine("Недостатньо коштів");
                    else
                    {
                        balance -= take;
                        history.Add(-take);
                    }
                    break;
                case "3":
                    for (int i = 0; i < history.Count; i++)
                        Console.WriteLine($"{i + 1}: {history[i]}");
                    break;
                case "4":
                    int years = int.Parse(Console.ReadLine());
                    decimal total = balance;
                    for (int y = 1; y <= years; y++)
                    {
                        total *= 1.05m;
                        Console.WriteLine($"Рік {y}: {total:F2}");
                    }
                    break;
                case "5":
                    if (history.Count > 0)
                    {
                        balance -= history[history.Count - 1];
                        history.RemoveAt(history.Count - 1);
                    }
                    break;
                case "0":
                    run = false;
                    break;
                default:
                    Console.WriteLine("Невідома команда");
                    break;
            }
        }
        Console.WriteLine($"Баланс: {balance}");
    }
}

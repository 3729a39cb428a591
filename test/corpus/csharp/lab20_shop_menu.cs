using System;
using System.Collections.Generic;

// Лабораторна 10: кошик інтернет-магазину (меню зі switch за рядком)
class Shop
{
    static void Main()
    {
        var cart = new List<string>();
        var prices = new List<double>();
        string cmd = "";
        while (cmd != "вихід")
        {
            Console.WriteLine("додати | видалити | кошик | сума | знижка | оплатити | вихід");
            cmd = Console.ReadLine();
            switch (cmd)
            {
                case "додати":
                    Console.Write("Товар: ");
                    cart.Add(Console.ReadLine());
                    Console.Write("Ціна: ");
                    prices.Add(double.Parse(Console.ReadLine()));
                    break;
                case "видалити":
                    if (cart.Count > 0)
                    {
                        cart.RemoveAt(cart.Count - 1);
                        prices.RemoveAt(prices.Count - 1);
                    }
                    else
                    {
                        Console.WriteLine("Кошик порожній");
                    }
                    break;
                case "кошик":
                    for (int i = 0; i < cart.Count; i++)
                        Console.WriteLine($"{cart[i]} — {prices[i]} грн");
                    break;
                case "сума":
                    double total = 0;
                    foreach (var p in prices)
                        total += p;
                    Console.WriteLine($"Разом: {total} грн");
                    break;
                case "знижка":
                    for (int i = 0; i < prices.Count; i++)
                        if (prices[i] > 1000)
                            prices[i] *= 0.9;
                    Console.WriteLine("Знижку 10 % застосовано");
                    break;
                case "оплатити":
                    if (cart.Count == 0)
                    {
                        Console.WriteLine("Немає що оплачувати");
                        break;
                    }
                    Console.WriteLine("Оплачено");
                    cart.Clear();
                    prices.Clear();
                    break;
                case "вихід":
                    Console.WriteLine("Дякуємо за покупки");
                    break;
                default:
                    Console.WriteLine("Невідома команда");
                    break;
            }
        }
    }
}

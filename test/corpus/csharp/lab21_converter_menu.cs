using System;
using System.Text;

// Лабораторна 5: конвертер валют з меню (while (true) + switch)
namespace Lab21
{
    class Program
    {
        static void Main(string[] args)
        {
            Console.OutputEncoding = Encoding.UTF8;
            Console.InputEncoding = Encoding.UTF8;
            const double usd = 41.3, eur = 44.9, pln = 10.4;
            while (true)
            {
                Console.Clear();
                Console.WriteLine("1 - гривні в долари");
                Console.WriteLine("2 - гривні в євро");
                Console.WriteLine("3 - гривні в злоті");
                Console.WriteLine("4 - долари в гривні");
                Console.WriteLine("0 - вихід");
                Console.Write("Оберіть: ");
                string choice = Console.ReadLine();
                if (choice == "0")
                    break;
                Console.Write("Сума: ");
                double sum = Convert.ToDouble(Console.ReadLine());
                switch (choice)
                {
                    case "1":
                        Console.WriteLine("{0} грн = {1:F2} $", sum, sum / usd);
                        break;
                    case "2":
                        Console.WriteLine("{0} грн = {1:F2} €", sum, sum / eur);
                        break;
                    case "3":
                        Console.WriteLine($"{sum} грн = {sum / pln:F2} zł");
                        break;
                    case "4":
                        Console.WriteLine("{0} $ = {1:F2} грн", sum, sum * usd);
                        break;
                    default:
                        Console.WriteLine("Невідомий пункт");
                        break;
                }
                Console.WriteLine("Натисніть будь-яку клавішу...");
                Console.ReadKey();
            }
        }
    }
}

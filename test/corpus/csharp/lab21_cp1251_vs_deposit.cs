using System;

namespace Vklad
{
    // Лабораторна робота №5. Через скільки років вклад перевищить задану суму
    class Program
    {
        static void Main(string[] args)
        {
            Console.Write("Початкова сума вкладу, грн: ");
            double suma = double.Parse(Console.ReadLine());
            Console.Write("Річний відсоток: ");
            double vidsotok = double.Parse(Console.ReadLine());
            Console.Write("Бажана сума, грн: ");
            double meta = double.Parse(Console.ReadLine());

            int roky = 0;
            while (suma < meta)
            {
                suma = suma + suma * vidsotok / 100; // нараховуємо відсотки
                roky++;
            }
            Console.WriteLine("Потрібно років: {0}", roky);
            Console.WriteLine("Сума на рахунку: {0:F2} грн", suma);
            Console.ReadKey();
        }
    }
}

using System;

namespace Lab2
{
    class Program
    {
        static void Main(string[] args)
        {
            Console.Write("a = ");
            double a = double.Parse(Console.ReadLine());
            Console.Write("b = ");
            double b = double.Parse(Console.ReadLine());
            Console.Write("c = ");
            double c = double.Parse(Console.ReadLine());
            if (a == 0)
            {
                Console.WriteLine("Не квадратне рівняння");
                return;
            }
            double d = b * b - 4 * a * c;
            if (d > 0)
            {
                double x1 = (-b + Math.Sqrt(d)) / (2 * a);
                double x2 = (-b - Math.Sqrt(d)) / (2 * a);
                Console.WriteLine("x1 = {0:F3}, x2 = {1:F3}", x1, x2);
            }
            else if (d == 0)
                Console.WriteLine($"x = {-b / (2 * a):F3}");
            else
                Console.WriteLine("Коренів немає");
        }
    }
}

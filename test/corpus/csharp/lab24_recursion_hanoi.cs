using System;

namespace Recursion
{
    // ЛР 9: рекурсивні функції
    class Program
    {
        static int steps;

        static void Hanoi(int n, char from, char to, char spare)
        {
            if (n == 0) return;
            Hanoi(n - 1, from, spare, to);
            Console.WriteLine($"Перенести диск {n} з {from} на {to}");
            steps++;
            Hanoi(n - 1, spare, to, from);
        }

        static long Factorial(int n)
        {
            if (n < 2)
                return 1;
            return n * Factorial(n - 1);
        }

        static int SumArray(int[] a, int i)
        {
            if (i == a.Length)
                return 0;
            return a[i] + SumArray(a, i + 1);
        }

        static void Main()
        {
            Console.Write("Дисків: ");
            int n = int.Parse(Console.ReadLine());
            Hanoi(n, 'A', 'C', 'B');
            Console.WriteLine("Кроків: " + steps);
            Console.WriteLine("{0}! = {1}", n, Factorial(n));
            int[] data = { 4, 8, 15, 16, 23, 42 };
            Console.WriteLine("Сума масиву = " + SumArray(data, 0));
            Console.ReadKey();
        }
    }
}

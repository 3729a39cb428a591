using System;

// ЛР 3. Розв'язати лінійне рівняння a*x + b = c, коефіцієнти вводити з перевіркою
class LinearEquation
{
    static double ReadNumber(string name)
    {
        double value;
        Console.Write(name + " = ");
        while (!double.TryParse(Console.ReadLine(), out value))
        {
            Console.WriteLine("Некоректне число, спробуйте ще раз");
            Console.Write(name + " = ");
        }
        return value;
    }

    static void Main()
    {
        double a = ReadNumber("a");
        double b = ReadNumber("b");
        double c = ReadNumber("c");
        if (a == 0)
        {
            if (b == c)
                Console.WriteLine("x - будь-яке число");
            else
                Console.WriteLine("Розв'язків немає");
        }
        else
        {
            double x = (c - b) / a;
            Console.WriteLine("x = " + x.ToString("0.###"));
        }

        int attempts = 0;
        int n = 0;
        bool ok = false;
        while (!ok && attempts < 3)
        {
            Console.Write("Кількість повторів (1..10): ");
            try
            {
                n = int.Parse(Console.ReadLine());
                ok = n >= 1 && n <= 10;
            }
            catch (FormatException)
            {
                Console.WriteLine("Це не ціле число");
            }
            attempts++;
        }
        for (int i = 1; i <= n; i++)
            Console.WriteLine(i + ") готово");
        Console.ReadKey();
    }
}

using System;

// Лабораторна 3: медіана трьох і найбільше з чотирьох без масивів
class Program
{
    static int Median(int a, int b, int c)
    {
        if (a > b)
        {
            if (b > c) return b;
            else if (a > c) return c;
            else return a;
        }
        else
        {
            if (a > c) return a;
            else if (b > c) return c;
            else return b;
        }
    }

    static int Max4(int a, int b, int c, int d)
    {
        int m;
        if (a >= b)
        {
            if (a >= c)
            {
                if (a >= d) m = a; else m = d;
            }
            else
            {
                if (c >= d) m = c; else m = d;
            }
        }
        else
        {
            if (b >= c)
            {
                if (b >= d) m = b; else m = d;
            }
            else
            {
                if (c >= d) m = c; else m = d;
            }
        }
        return m;
    }

    static void Main()
    {
        int a = int.Parse(Console.ReadLine());
        int b = int.Parse(Console.ReadLine());
        int c = int.Parse(Console.ReadLine());
        int d = int.Parse(Console.ReadLine());
        Console.WriteLine($"Медіана: {Median(a, b, c)}");
        Console.WriteLine($"Максимум: {Max4(a, b, c, d)}");
    }
}

using System;

class Broken
{
    static int Max(int a, int b)
    {
        if (a > b) return a
        return b;
    }

    static int Min(int a, int b)
    {
        return a < b ? a : b;
    }

    static void Main()
    {
        int a = int.Parse(Console.ReadLine());
        int b = int.Parse(Console.ReadLine());
        Console.WriteLine(Min(a, b));
    }
}

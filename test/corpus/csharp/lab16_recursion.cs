using System;

class Recursion
{
    static int Fib(int n) { if (n < 2) return n; return Fib(n - 1) + Fib(n - 2); }

    static int Power(int b, int e)
    {
        if (e == 0) return 1;
        int half = Power(b, e / 2);
        if (e % 2 == 0) return half * half;
        else return half * half * b;
    }

    static void Hanoi(int n, char from, char to, char via)
    {
        if (n == 0) return;
        Hanoi(n - 1, from, via, to);
        Console.WriteLine($"{from} -> {to}");
        Hanoi(n - 1, via, to, from);
    }

    static void Main()
    {
        for (int i = 0; i <= 10; i++) Console.Write(Fib(i) + " ");
        Console.WriteLine();
        Console.WriteLine(Power(2, 10));
        Hanoi(3, 'A', 'C', 'B');
        Console.ReadKey();
        Environment.Exit(0);
    }
}

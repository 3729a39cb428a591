using System;

class Lab {
    static long factorial_loop(int n) {
        long f = 1;
        for (int i = 2; i <= n; i++) {
            f *= i;
        }
        return f;
    }

    static void Main(string[] args) {
        int n = int.Parse(Console.ReadLine());
        Console.WriteLine(factorial_loop(n));
    }
}

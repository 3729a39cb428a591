using System;

class Lab {
    static long factorial_recursive(int n) {
        if (n <= 1) {
            return 1;
        }
        return n * factorial_recursive(n - 1);
    }

    static void Main(string[] args) {
        Console.WriteLine(factorial_recursive(10));
    }
}

using System;

class Lab {
    static int gcd(int a, int b) {
        while (b != 0) {
            int t = b;
            b = a % b;
            a = t;
        }
        return a;
    }

    static void Main(string[] args) {
        Console.WriteLine(gcd(48, 18));
    }
}

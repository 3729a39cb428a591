using System;

class Lab {
    static bool prime_test(int n) {
        if (n < 2) {
            return false;
        }
        int i = 2;
        while (i * i <= n) {
            if (n % i == 0) {
                return false;
            }
            i++;
        }
        return true;
    }

    static void Main(string[] args) {
        Console.WriteLine(prime_test(97));
    }
}

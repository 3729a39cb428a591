using System;

class Lab {
    static int digit_sum(int n) {
        int s = 0;
        while (n > 0) {
            s += n % 10;
            n /= 10;
        }
        return s;
    }

    static void Main(string[] args) {
        Console.WriteLine(digit_sum(12345));
    }
}

public class Recursion {
    static int fib(int n) { if (n < 2) return n; return fib(n - 1) + fib(n - 2); }

    static int power(int base, int exp) {
        if (exp == 0) return 1;
        int half = power(base, exp / 2);
        if (exp % 2 == 0) return half * half;
        else return half * half * base;
    }

    static void hanoi(int n, char from, char to, char via) {
        if (n == 0) return;
        hanoi(n - 1, from, via, to);
        System.out.println(from + " -> " + to);
        hanoi(n - 1, via, to, from);
    }

    public static void main(String[] args) {
        for (int i = 0; i <= 10; i++) System.out.print(fib(i) + " ");
        System.out.println();
        System.out.println(power(2, 10));
        hanoi(3, 'A', 'C', 'B');
        System.exit(0);
    }
}

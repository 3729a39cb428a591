import java.util.Scanner;

// Lab 8 - recursion. reverse a number, count digits, check if palindrome number, factorial
public class RecursionNumbers {
    static int countDigits(int n) {
        if (n < 10) return 1;
        return 1 + countDigits(n / 10);
    }

    static int reverse(int n, int acc) {
        if (n == 0) return acc;
        return reverse(n / 10, acc * 10 + n % 10);
    }

    static long factorial(int n) {
        if (n <= 1) {
            return 1;
        }
        return n * factorial(n - 1);
    }

    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        System.out.print("n = ");
        int n = in.nextInt();
        if (n < 0) {
            System.out.println("Only non-negative numbers");
            return;
        }
        System.out.println("Digits: " + countDigits(n));
        int r = reverse(n, 0);
        System.out.println("Reversed: " + r);
        if (r == n) System.out.println("Palindrome number");
        if (n <= 20) System.out.println(n + "! = " + factorial(n));
        else System.out.println("Too big for factorial");
    }
}

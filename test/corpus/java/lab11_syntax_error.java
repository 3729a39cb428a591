import java.util.Scanner;

public class Broken {
    static int max(int a, int b) {
        if (a > b) return a
        return b;
    }

    static int min(int a, int b) {
        return a < b ? a : b;
    }

    public static void main(String[] args) {
        Scanner sc = new Scanner(System.in);
        int a = sc.nextInt();
        int b = sc.nextInt();
        System.out.println(min(a, b));
    }
}

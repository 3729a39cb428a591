import java.util.Scanner;

public class ArrayStats {
    static int sum(int[] a) {
        int s = 0;
        for (int x : a) s += x;
        return s;
    }

    static double average(int[] a) {
        return (double) sum(a) / a.length;
    }

    static int countNegative(int[] a) {
        int k = 0;
        for (int i = 0; i < a.length; i++)
            if (a[i] < 0)
                k++;
        return k;
    }

    public static void main(String[] args) {
        Scanner sc = new Scanner(System.in);
        int n = sc.nextInt();
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = sc.nextInt();
        }
        System.out.println("Сума: " + sum(a));
        System.out.println("Середнє: " + average(a));
        System.out.println("Від'ємних: " + countNegative(a));
    }
}

// Лабораторна робота №5: обробка квадратної матриці (сума під головною діагоналлю, транспонування)
import java.util.Scanner;

public class Diagonal {
    static int[][] read(Scanner in, int n) {
        int[][] m = new int[n][n];
        for (int i = 0; i < n; i++)
            for (int j = 0; j < n; j++)
                m[i][j] = in.nextInt();
        return m;
    }

    static int belowDiagonalSum(int[][] m) {
        int sum = 0;
        for (int i = 1; i < m.length; i++) {
            for (int j = 0; j < i; j++) {
                if (m[i][j] > 0)
                    sum += m[i][j];
            }
        }
        return sum;
    }

    static void transpose(int[][] m) {
        for (int i = 0; i < m.length; i++)
            for (int j = i + 1; j < m.length; j++) {
                int t = m[i][j];
                m[i][j] = m[j][i];
                m[j][i] = t;
            }
    }

    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        System.out.print("Розмір матриці n = ");
        int n = in.nextInt();
        if (n <= 0) {
            System.out.println("Некоректний розмір");
            return;
        }
        int[][] m = read(in, n);
        System.out.println("Сума додатних під діагоналлю: " + belowDiagonalSum(m));
        transpose(m);
        for (int[] row : m) {
            for (int v : row)
                System.out.printf("%5d", v);
            System.out.println();
        }
    }
}

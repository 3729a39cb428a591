import java.util.Random;

public class Matrix {
    static final int N = 5;

    static void fill(int[][] m) {
        Random r = new Random();
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++)
                m[i][j] = r.nextInt(100) - 50;
    }

    static void print(int[][] m) {
        for (int[] row : m) {
            for (int v : row) System.out.printf("%5d", v);
            System.out.println();
        }
    }

    static int diagonalSum(int[][] m) {
        int s = 0;
        for (int i = 0; i < N; i++) s += m[i][i];
        return s;
    }

    static int[][] transpose(int[][] m) {
        int[][] t = new int[N][N];
        for (int i = 0; i < N; i++) {
            for (int j = 0; j < N; j++) {
                t[j][i] = m[i][j];
            }
        }
        return t;
    }

    public static void main(String[] args) {
        int[][] m = new int[N][N];
        fill(m);
        print(m);
        System.out.println("Сума діагоналі: " + diagonalSum(m));
        print(transpose(m));
    }
}

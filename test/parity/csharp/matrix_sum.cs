using System;

class Lab {
    static int matrix_sum(int[][] m, int rows, int cols) {
        int s = 0;
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                s += m[i][j];
            }
        }
        return s;
    }

    static void Main(string[] args) {
        int[][] m = { new[] { 1, 2 }, new[] { 3, 4 } };
        Console.WriteLine(matrix_sum(m, 2, 2));
    }
}

public class Lab {
    static int matrix_sum(int[][] m, int rows, int cols) {
        int s = 0;
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                s += m[i][j];
            }
        }
        return s;
    }

    public static void main(String[] args) {
        int[][] m = {{1, 2}, {3, 4}};
        System.out.println(matrix_sum(m, 2, 2));
    }
}

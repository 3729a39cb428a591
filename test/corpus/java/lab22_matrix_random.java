import java.util.Random;

// ЛР 7. Матриці. заповнити випадково, знайти мін/макс, транспонувати, вивести
public class MatrixRandom
{
    public static void main(String[] args)
    {
        int rows = 4, cols = 6;
        int[][] m = new int[rows][cols];
        Random rnd = new Random();
        for (int i = 0; i < rows; i++)
            for (int j = 0; j < cols; j++)
                m[i][j] = rnd.nextInt(100);

        int min = m[0][0], max = m[0][0];
        int minRow = 0, maxRow = 0;
        for (int i = 0; i < rows; i++)
        {
            for (int j = 0; j < cols; j++)
            {
                if (m[i][j] < min) { min = m[i][j]; minRow = i; }
                if (m[i][j] > max) { max = m[i][j]; maxRow = i; }
            }
        }
        System.out.println("min = " + min + " у рядку " + minRow);
        System.out.println("max = " + max + " у рядку " + maxRow);

        int[][] t = new int[cols][rows];
        for (int i = 0; i < rows; i++)
            for (int j = 0; j < cols; j++)
                t[j][i] = m[i][j];

        for (int[] row : t)
        {
            for (int v : row)
                System.out.print(v + "\t");
            System.out.println();
        }
    }
}

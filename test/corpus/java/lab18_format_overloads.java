import java.text.MessageFormat;
import java.util.Arrays;
import java.util.Scanner;

public class Lab18 {
    static int max(int a, int b) {
        return a > b ? a : b;
    }

    static double max(double[] values) {
        double best = values[0];
        for (double v : values) best = v > best ? v : best;
        return best;
    }

    static String grade(int score) {
        return switch (score / 10) {
            case 10, 9 -> "відмінно";
            case 8, 7 -> "добре";
            case 6 -> "задовільно";
            default -> "незадовільно";
        };
    }

    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        System.out.print("Кількість: ");
        int n = in.nextInt();
        double[] values = new double[n];
        for (int i = 0; i < n; i++) values[i] = in.nextDouble();
        System.out.println();
        System.out.printf("Максимум: %.2f%n", max(values));
        System.out.println(MessageFormat.format("Більше з {0} і {1}: {2}", n, 10, max(n, 10)));
        System.out.println(String.format("Оцінка: %s", grade(n * 10)));
        String parity = n % 2 == 0 ? "парне" : "непарне";
        System.out.println(n > 0 ? "додатне" : "недодатне");
        System.out.println("Відсортовано:\n" + Arrays.toString(Arrays.stream(values).sorted().boxed().map(v -> String.format("%.1f", v)).toArray()));
        System.out.print("\n");
        in.close();
    }
}

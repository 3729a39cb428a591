import java.util.*;

public class Quadratic {
    public static void main(String[] args) {
        Scanner in = new Scanner(System.in);
        System.out.print("a, b, c: ");
        double a = in.nextDouble(), b = in.nextDouble(), c = in.nextDouble();
        if (a == 0) {
            System.out.println("Не квадратне рівняння");
            return;
        }
        double d = b * b - 4 * a * c;
        if (d > 0) {
            double x1 = (-b + Math.sqrt(d)) / (2 * a);
            double x2 = (-b - Math.sqrt(d)) / (2 * a);
            System.out.printf("x1 = %.3f, x2 = %.3f%n", x1, x2);
        } else if (d == 0) {
            double x = -b / (2 * a);
            System.out.printf("x = %.3f%n", x);
        } else {
            System.out.println("Коренів немає");
        }
    }
}

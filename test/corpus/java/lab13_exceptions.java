import java.util.InputMismatchException;
import java.util.Scanner;

public class Safe {
    static int readPositive(Scanner sc) {
        while (true) {
            try {
                System.out.print("Число > 0: ");
                int n = sc.nextInt();
                if (n <= 0) throw new IllegalArgumentException("n <= 0");
                return n;
            } catch (InputMismatchException e) {
                System.out.println("Це не число");
                sc.next();
            } catch (IllegalArgumentException e) {
                System.out.println(e.getMessage());
            }
        }
    }

    public static void main(String[] args) {
        Scanner sc = new Scanner(System.in);
        int n = readPositive(sc);
        try {
            int r = 100 / (n - 5);
            System.out.println(r);
        } catch (ArithmeticException e) {
            System.out.println("Ділення на нуль");
        } finally {
            sc.close();
        }
    }
}

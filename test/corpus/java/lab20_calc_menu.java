import java.util.Scanner;

// Лабораторна 6: калькулятор з меню (while (true) + switch)
public class CalcMenu {
    public static void main(String[] args) {
        Scanner scanner = new Scanner(System.in);
        double result = 0;
        while (true) {
            System.out.println("Поточний результат: " + result);
            System.out.println("1) додати  2) відняти  3) помножити  4) поділити  5) скинути  0) вихід");
            System.out.print("Ваш вибір: ");
            int choice = scanner.nextInt();
            if (choice == 0) {
                break;
            }
            double x = 0;
            if (choice >= 1 && choice <= 4) {
                System.out.print("Число: ");
                x = scanner.nextDouble();
            }
            switch (choice) {
                case 1:
                    result += x;
                    break;
                case 2:
                    result -= x;
                    break;
                case 3:
                    result *= x;
                    break;
                case 4:
                    if (x == 0) {
                        System.out.println("Ділення на нуль!");
                    } else {
                        result /= x;
                    }
                    break;
                case 5:
                    result = 0;
                    break;
                default:
                    System.out.println("Немає такого пункту");
            }
        }
        System.out.printf("Підсумок: %.2f%n", result);
        scanner.close();
    }
}

import java.util.InputMismatchException;
import java.util.Scanner;

/**
 * Лабораторна 4. Обробка винятків.
 * Введення віку та зросту з повторним запитом при помилці, розрахунок індексу маси тіла.
 */
public class RetryInput {

    static Scanner sc = new Scanner(System.in);

    static int readInt(String prompt, int min, int max) {
        while (true) {
            try {
                System.out.print(prompt);
                int value = sc.nextInt();
                if (value < min || value > max) {
                    System.out.println("Значення має бути від " + min + " до " + max);
                    continue;
                }
                return value;
            } catch (InputMismatchException e) {
                System.out.println("Помилка: введіть ціле число");
                sc.next();
            }
        }
    }

    static double readDouble(String prompt) {
        double value = -1;
        boolean ok = false;
        do {
            System.out.print(prompt);
            try {
                value = Double.parseDouble(sc.next());
                ok = value > 0;
            } catch (NumberFormatException e) {
                System.out.println("Невірний формат числа");
            }
        } while (!ok);
        return value;
    }

    public static void main(String[] args) {
        int age = readInt("Вік: ", 1, 120);
        double height = readDouble("Зріст (м): ");
        double weight = readDouble("Вага (кг): ");
        double bmi = weight / (height * height);
        System.out.printf("ІМТ = %.1f%n", bmi);
        if (bmi < 18.5) {
            System.out.println("Недостатня вага");
        } else if (bmi < 25) {
            System.out.println("Норма");
        } else {
            System.out.println("Надлишкова вага");
        }
        if (age < 18) {
            System.out.println("Для підлітків норми інші!");
        }
    }
}

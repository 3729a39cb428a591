// Лабораторна робота №1
// Студент: Іваненко І.І., група КН-21
import java.util.Scanner;

public class Main {
    public static void main(String[] args) {
        Scanner sc = new Scanner(System.in);
        System.out.print("Введіть ім'я: ");
        String name = sc.nextLine();
        System.out.println("Привіт, " + name + "!");
    }
}

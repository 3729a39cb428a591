import java.util.Scanner;

public class Menu {
    public static void main(String[] args) {
        Scanner sc = new Scanner(System.in);
        int choice;
        double balance = 0;
        do {
            System.out.println("1 - поповнити, 2 - зняти, 3 - баланс, 0 - вихід");
            choice = sc.nextInt();
            switch (choice) {
                case 1:
                    double add = sc.nextDouble();
                    balance += add;
                    break;
                case 2:
                    double sub = sc.nextDouble();
                    if (sub > balance) {
                        System.out.println("Недостатньо коштів");
                        break;
                    }
                    balance -= sub;
                    break;
                case 3:
                    System.out.printf("Баланс: %.2f%n", balance);
                    break;
                case 0:
                    System.out.println("До побачення");
                    break;
                default:
                    System.out.println("Невірний вибір");
            }
        } while (choice != 0);
    }
}

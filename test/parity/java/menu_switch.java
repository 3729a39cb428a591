import java.util.Scanner;

public class Lab {
    static void menu_switch(int choice) {
        switch (choice) {
            case 1:
                System.out.println("New game");
                break;
            case 2:
                System.out.println("Load game");
                break;
            case 3:
                System.out.println("Settings");
                break;
            default:
                System.out.println("Unknown");
        }
    }

    public static void main(String[] args) {
        Scanner sc = new Scanner(System.in);
        int choice = sc.nextInt();
        menu_switch(choice);
    }
}

import java.util.Scanner;

public class Days {
    static String dayName(int d) {
        return switch (d) {
            case 1 -> "Понеділок";
            case 2 -> "Вівторок";
            case 6, 7 -> "Вихідний";
            default -> "Будній";
        };
    }

    public static void main(String[] args) {
        var sc = new Scanner(System.in);
        int d = sc.nextInt();
        switch (d) {
            case 1, 2, 3, 4, 5 -> System.out.println("Робочий день: " + dayName(d));
            case 6, 7 -> {
                System.out.println("Вихідний");
                System.out.println("Відпочивай");
            }
            default -> System.out.println("Помилка");
        }
        String s = d > 5 ? "weekend" : "work";
        System.out.println(s);
    }
}

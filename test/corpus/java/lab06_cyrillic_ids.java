import java.util.Scanner;

public class Розрахунок {
    static double площаКола(double радіус) {
        return Math.PI * радіус * радіус;
    }

    public static void main(String[] args) {
        Scanner сканер = new Scanner(System.in);
        double р = сканер.nextDouble();
        double площа = площаКола(р);
        if (площа > 100 && р != 0) {
            System.out.println("Велике коло: " + площа);
        } else {
            System.out.println("Мале коло");
        }
    }
}

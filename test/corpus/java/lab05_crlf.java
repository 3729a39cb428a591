import java.util.Scanner;

/* CRLF file from Windows */
public class Crlf {
    public static void main(String[] args) {
        Scanner sc = new Scanner(System.in);
        int n = sc.nextInt();
        int fact = 1;
        for (int i = 1; i <= n; i++) {
            fact *= i;
        }
        System.out.println("n! = " + fact);
    }
}

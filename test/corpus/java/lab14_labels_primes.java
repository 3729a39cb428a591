public class Primes {
    public static void main(String[] args) {
        int count = 0;
        outer:
        for (int n = 2; n <= 100; n++) {
            for (int d = 2; d * d <= n; d++) {
                if (n % d == 0) {
                    continue outer;
                }
            }
            System.out.print(n + " ");
            count++;
            if (count == 20) {
                break outer;
            }
        }
        System.out.println();
        search:
        for (int i = 0; i < 10; i++) {
            for (int j = 0; j < 10; j++) {
                if (i * j == 42) {
                    System.out.println(i + " * " + j);
                    break search;
                }
            }
        }
    }
}

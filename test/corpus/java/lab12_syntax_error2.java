public class Lab12 {
    public static void main(String[] args) {
        int n = 10;
        for (int i = 0; i < n; i++ {
            System.out.println(i);
        }
    }

    static void ok() {
        System.out.println("ok");
    }
}

public class Lab {
    static int max_of_array(int[] a, int n) {
        int m = a[0];
        for (int i = 1; i < n; i++) {
            if (a[i] > m) {
                m = a[i];
            }
        }
        return m;
    }

    public static void main(String[] args) {
        int[] a = {3, 17, 4, 9};
        System.out.println(max_of_array(a, a.length));
    }
}

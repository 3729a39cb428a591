public class Lab {
    static int linear_search(int[] a, int n, int x) {
        for (int i = 0; i < n; i++) {
            if (a[i] == x) {
                return i;
            }
        }
        return -1;
    }

    public static void main(String[] args) {
        int[] a = {4, 8, 15, 16, 23, 42};
        System.out.println(linear_search(a, 6, 15));
    }
}

using System;

class Lab {
    static int max_of_array(int[] a, int n) {
        int m = a[0];
        for (int i = 1; i < n; i++) {
            if (a[i] > m) {
                m = a[i];
            }
        }
        return m;
    }

    static void Main(string[] args) {
        int[] a = {3, 17, 4, 9};
        Console.WriteLine(max_of_array(a, a.Length));
    }
}

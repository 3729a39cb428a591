using System;

class Lab {
    static int linear_search(int[] a, int n, int x) {
        for (int i = 0; i < n; i++) {
            if (a[i] == x) {
                return i;
            }
        }
        return -1;
    }

    static void Main(string[] args) {
        int[] a = {4, 8, 15, 16, 23, 42};
        Console.WriteLine(linear_search(a, 6, 15));
    }
}

using System;

class Lab {
    static void bubble_sort(int[] a, int n) {
        for (int i = 0; i < n - 1; i++) {
            for (int j = 0; j < n - 1 - i; j++) {
                if (a[j] > a[j + 1]) {
                    int t = a[j];
                    a[j] = a[j + 1];
                    a[j + 1] = t;
                }
            }
        }
    }

    static void Main(string[] args) {
        int[] a = {5, 2, 9, 1, 7};
        bubble_sort(a, a.Length);
        Console.WriteLine(string.Join(" ", a));
    }
}

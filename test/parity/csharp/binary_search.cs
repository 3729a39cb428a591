using System;

class Lab {
    static int binary_search(int[] a, int n, int x) {
        int lo = 0;
        int hi = n - 1;
        while (lo <= hi) {
            int mid = (lo + hi) / 2;
            if (a[mid] == x) {
                return mid;
            } else if (a[mid] < x) {
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return -1;
    }

    static void Main(string[] args) {
        int[] a = {1, 3, 5, 7, 9, 11};
        Console.WriteLine(binary_search(a, 6, 7));
    }
}

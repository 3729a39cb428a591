using System;
using System.Linq;

class ArrayStats
{
    static int Sum(int[] a)
    {
        int s = 0;
        foreach (int x in a) s += x;
        return s;
    }

    static double Average(int[] a) => (double)Sum(a) / a.Length;

    static int CountNegative(int[] a)
    {
        int k = 0;
        for (int i = 0; i < a.Length; i++)
            if (a[i] < 0)
                k++;
        return k;
    }

    static void Main()
    {
        int n = Convert.ToInt32(Console.ReadLine());
        int[] a = new int[n];
        for (int i = 0; i < n; i++)
        {
            a[i] = int.Parse(Console.ReadLine());
        }
        Console.WriteLine("Сума: " + Sum(a));
        Console.WriteLine($"Середнє: {Average(a):F2}");
        Console.WriteLine("Від'ємних: " + CountNegative(a));
        var positives = a.Where(x => x > 0).OrderBy(x => x).ToArray();
        Console.WriteLine(string.Join(", ", positives));
    }
}

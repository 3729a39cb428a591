using System;

class ArrayRandom
{
    static void Main()
    {
        // Лабораторна 4. Одновимірні масиви
        // заповнити масив випадковими, знайти суму від'ємних, добуток парних,
        // номер максимального, відсортувати вибором
        Random rnd = new Random();
        int n = 12;
        int[] a = new int[n];
        for (int i = 0; i < n; i++) a[i] = rnd.Next(-20, 21);
        Console.WriteLine("Масив: " + string.Join(" ", a));

        int negSum = 0; long prod = 1; int iMax = 0;
        for (int i = 0; i < n; i++)
        {
            if (a[i] < 0) negSum += a[i];
            if (a[i] % 2 == 0 && a[i] != 0) prod *= a[i];
            if (a[i] > a[iMax]) iMax = i;
        }
        Console.WriteLine("Сума від'ємних: {0}", negSum);
        Console.WriteLine("Добуток парних: {0}", prod);
        Console.WriteLine("Максимум a[{0}] = {1}", iMax, a[iMax]);

        for (int i = 0; i < n - 1; i++)
        {
            int k = i;
            for (int j = i + 1; j < n; j++)
                if (a[j] < a[k]) k = j;
            int t = a[i]; a[i] = a[k]; a[k] = t;
        }
        Console.WriteLine("Відсортований: " + string.Join(" ", a));
        Console.ReadLine();
    }
}

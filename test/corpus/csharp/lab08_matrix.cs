using System;

class Matrix
{
    const int N = 5;

    static void Fill(int[,] m)
    {
        var r = new Random();
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++)
                m[i, j] = r.Next(100) - 50;
    }

    static void Print(int[,] m)
    {
        for (int i = 0; i < N; i++)
        {
            for (int j = 0; j < N; j++) Console.Write($"{m[i, j],5}");
            Console.WriteLine();
        }
    }

    static int DiagonalSum(int[,] m)
    {
        int s = 0;
        for (int i = 0; i < N; i++) s += m[i, i];
        return s;
    }

    static void Main()
    {
        int[,] m = new int[N, N];
        Fill(m);
        Print(m);
        Console.WriteLine("Сума діагоналі: " + DiagonalSum(m));
    }
}

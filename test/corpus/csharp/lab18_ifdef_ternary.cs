#define TRACE
using System;
using System.Linq;

class Lab18
{
    static int Max(int a, int b) => a > b ? a : b;

    static double Max(double[] values)
    {
        double best = values[0];
        foreach (double v in values)
            best = v > best ? v : best;
        return best;
    }

    static string Season(int month) => month switch
    {
        12 or 1 or 2 => "зима",
        >= 3 and <= 5 => "весна",
        >= 6 and <= 8 => "літо",
        _ => "осінь"
    };

    static void Main()
    {
        Console.Write("n = ");
        int n = int.Parse(Console.ReadLine());
#if DEBUG
        Console.WriteLine("debug build");
#elif TRACE
        Console.WriteLine("trace: n={0}", n);
#else
        Console.WriteLine("release");
#endif
        #region Обчислення
        var data = Enumerable.Range(1, n).Select(i => (double)(i * i % 7)).ToArray();
        Console.WriteLine("Максимум: {0:F2}", Max(data));
        Console.WriteLine(string.Format("Сезон: {0}", Season(n % 12 + 1)));
        #endregion
        string kind = n % 2 == 0 ? "парне" : "непарне";
        Console.WriteLine(n > Max(3, 4) ? "велике" : "мале");
        Console.WriteLine();
        Console.WriteLine("Сума квадратів парних: " + Enumerable.Range(1, n).Where(i => i % 2 == 0).Select(i => i * i).Sum().ToString("N0", System.Globalization.CultureInfo.InvariantCulture));
        Console.Read();
    }
}

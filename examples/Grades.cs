// Лабораторна робота №3: облік оцінок групи (середній бал, оцінка за шкалою ECTS)
using System;

class Grades
{
    static double Average(int[] marks)
    {
        if (marks.Length == 0)
            return 0;
        int sum = 0;
        foreach (int m in marks)
            sum += m;
        return (double)sum / marks.Length;
    }

    static string Ects(double score)
    {
        if (score >= 90) return "A";
        else if (score >= 82) return "B";
        else if (score >= 74) return "C";
        else if (score >= 64) return "D";
        else if (score >= 60) return "E";
        return "F";
    }

    static int CountFailed(int[] marks)
    {
        int count = 0;
        for (int i = 0; i < marks.Length; i++)
        {
            if (marks[i] < 60)
                count++;
        }
        return count;
    }

    static void Main()
    {
        Console.Write("Кількість студентів: ");
        int n = int.Parse(Console.ReadLine());
        int[] marks = new int[n];
        for (int i = 0; i < n; i++)
        {
            Console.Write($"Бал студента {i + 1}: ");
            marks[i] = int.Parse(Console.ReadLine());
        }
        double avg = Average(marks);
        Console.WriteLine($"Середній бал: {avg:F2} ({Ects(avg)})");
        Console.WriteLine($"Не склали: {CountFailed(marks)}");
    }
}

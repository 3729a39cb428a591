using System;
using System.IO;

// Lab 11. Files. Read temperatures from temps.txt, find the average,
// the coldest and warmest day, write a report to report.txt
class TemperatureReport
{
    static void Main()
    {
        string path = "temps.txt";
        if (!File.Exists(path))
        {
            Console.WriteLine("File not found: " + path);
            return;
        }
        string[] lines = File.ReadAllLines(path);
        double sum = 0, min = double.MaxValue, max = double.MinValue;
        int minDay = 0, maxDay = 0, count = 0;
        foreach (string line in lines)
        {
            if (string.IsNullOrWhiteSpace(line))
                continue;
            double t = double.Parse(line);
            count++;
            sum += t;
            if (t < min) { min = t; minDay = count; }
            if (t > max) { max = t; maxDay = count; }
        }
        using (StreamWriter w = new StreamWriter("report.txt"))
        {
            w.WriteLine("Days: " + count);
            w.WriteLine("Average: {0:F1}", sum / count);
            w.WriteLine("Coldest: day {0}, {1}", minDay, min);
            w.WriteLine("Warmest: day {0}, {1}", maxDay, max);
        }
        Console.WriteLine("Report written");
    }
}

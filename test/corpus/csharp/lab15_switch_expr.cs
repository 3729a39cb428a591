using System;

class Days
{
    static string DayName(int d) => d switch
    {
        1 => "Понеділок",
        2 => "Вівторок",
        6 or 7 => "Вихідний",
        _ => "Будній"
    };

    static void Main()
    {
        int d = int.Parse(Console.ReadLine());
        switch (d)
        {
            case >= 1 and <= 5:
                Console.WriteLine("Робочий день: " + DayName(d));
                break;
            case 6:
            case 7:
                Console.WriteLine("Вихідний");
                Console.WriteLine("Відпочивай");
                break;
            default:
                Console.WriteLine("Помилка");
                break;
        }
        string s = d > 5 ? "weekend" : "work";
        Console.WriteLine(s);
    }
}

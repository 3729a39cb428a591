using System;

class Розрахунок
{
    static double ПлощаКола(double радіус)
    {
        return Math.PI * радіус * радіус;
    }

    static void Main()
    {
        double р = double.Parse(Console.ReadLine());
        double площа = ПлощаКола(р);
        if (площа > 100 && р != 0)
        {
            Console.WriteLine($"Велике коло: {площа}");
        }
        else
        {
            Console.WriteLine("Мале коло");
        }
    }
}

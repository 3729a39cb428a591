using System;

class Safe
{
    static int ReadPositive()
    {
        while (true)
        {
            try
            {
                Console.Write("Число > 0: ");
                int n = int.Parse(Console.ReadLine());
                if (n <= 0) throw new ArgumentException("n <= 0");
                return n;
            }
            catch (FormatException)
            {
                Console.WriteLine("Це не число");
            }
            catch (ArgumentException e) when (e.Message.Length > 0)
            {
                Console.WriteLine(e.Message);
            }
        }
    }

    static void Main()
    {
        int n = ReadPositive();
        try
        {
            int r = 100 / (n - 5);
            Console.WriteLine(r);
        }
        catch (DivideByZeroException)
        {
            Console.WriteLine("Ділення на нуль");
        }
        finally
        {
            Console.WriteLine("Кінець роботи");
        }
    }
}

using System;

class Strings
{
    static bool IsPalindrome(string s)
    {
        int i = 0, j = s.Length - 1;
        while (i < j)
        {
            if (s[i] != s[j]) return false;
            i++;
            j--;
        }
        return true;
    }

    static int CountVowels(string s)
    {
        int count = 0;
        foreach (char c in s.ToLower())
        {
            if ("aeiouаеєиіїоуюя".IndexOf(c) >= 0)
            {
                count++;
            }
        }
        return count;
    }

    static void Main()
    {
        string line = Console.ReadLine();
        while (!string.IsNullOrEmpty(line))
        {
            Console.WriteLine(line + ": " + (IsPalindrome(line) ? "паліндром" : "ні"));
            Console.WriteLine("Голосних: " + CountVowels(line));
            line = Console.ReadLine();
        }
    }
}

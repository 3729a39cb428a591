using System;
using System.Collections.Generic;

// ЛР 12. Класи: студент з оцінками, середній бал, стипендія
class Student
{
    public string Name;
    private List<int> marks = new List<int>();

    public Student(string name)
    {
        Name = name;
    }

    public void AddMark(int mark)
    {
        if (mark < 1 || mark > 5)
            throw new ArgumentException("Оцінка від 1 до 5");
        marks.Add(mark);
    }

    public double Average()
    {
        if (marks.Count == 0) return 0;
        int s = 0;
        foreach (int m in marks) s += m;
        return (double)s / marks.Count;
    }

    public bool HasScholarship()
    {
        foreach (int m in marks)
            if (m < 4) return false;
        return marks.Count > 0;
    }
}

class Program
{
    static void Main()
    {
        Console.OutputEncoding = System.Text.Encoding.UTF8;
        Console.Write("Прізвище: ");
        Student st = new Student(Console.ReadLine());
        Console.Write("Скільки оцінок? ");
        int n = int.Parse(Console.ReadLine());
        for (int i = 0; i < n; i++)
        {
            Console.Write("Оцінка {0}: ", i + 1);
            try
            {
                st.AddMark(int.Parse(Console.ReadLine()));
            }
            catch (ArgumentException ex)
            {
                Console.WriteLine(ex.Message);
                i--;
            }
        }
        Console.WriteLine("{0}: середній бал {1:F2}", st.Name, st.Average());
        if (st.HasScholarship())
            Console.WriteLine("Стипендія призначена");
        else
            Console.WriteLine("Без стипендії");
    }
}

using System;
using System.Collections.Generic;
using System.Linq;

namespace University;

public class Student
{
    private double grade;

    public string Name { get; set; }

    public double Grade
    {
        get { return grade; }
        set
        {
            if (value < 0 || value > 100)
                throw new ArgumentOutOfRangeException(nameof(value));
            grade = value;
        }
    }

    public Student(string name, double grade)
    {
        Name = name;
        Grade = grade;
    }

    public bool IsExcellent() => Grade >= 90;
}

public static class Program
{
    public static void Main()
    {
        var list = new List<Student>
        {
            new Student("Олена", 95),
            new Student("Петро", 72),
        };
        double total = 0;
        foreach (var s in list)
        {
            total += s.Grade;
            if (s.IsExcellent())
                Console.WriteLine($"{s.Name} — відмінник");
        }
        Console.WriteLine("Середній бал: " + total / list.Count);
        var debtors = from s in list where s.Grade < 75 select s.Name;
        foreach (var d in debtors) Console.WriteLine("Боржник: " + d);
    }
}

// Лабораторна робота №1, Петренко О., КН-22
using System;

Console.Write("Введіть ім'я: ");
string name = Console.ReadLine();
Console.WriteLine($"Привіт, {name}!");

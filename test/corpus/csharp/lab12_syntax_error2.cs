using System;

int n = 10;
for (int i = 0; i < n; i++
{
    Console.WriteLine(i);
}

void Ok()
{
    Console.WriteLine("ok");
}

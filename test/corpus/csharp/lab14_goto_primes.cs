using System;

int count = 0;
for (int n = 2; n <= 100; n++)
{
    for (int d = 2; d * d <= n; d++)
    {
        if (n % d == 0)
            goto next;
    }
    Console.Write(n + " ");
    count++;
    if (count == 20) goto done;
next:
    ;
}
done:
Console.WriteLine();

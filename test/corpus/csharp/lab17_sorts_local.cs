using System;

int[] a = { 5, 3, 8, 1, 9, 2 };
SelectionSort(a);
Console.WriteLine(string.Join(" ", a));

void SelectionSort(int[] arr)
{
    for (int i = 0; i < arr.Length - 1; i++)
    {
        int min = i;
        for (int j = i + 1; j < arr.Length; j++)
            if (arr[j] < arr[min]) min = j;
        Swap(ref arr[i], ref arr[min]);
    }

    static void Swap(ref int x, ref int y)
    {
        int t = x; x = y; y = t;
    }
}

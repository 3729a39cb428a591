#include <stdio.h>
#include <conio.h>

/* Рекурсія: ханойські вежі, сума цифр, степінь */

int moves = 0;

void hanoi(int n, char from, char to, char via)
{
	if (n == 0)
		return;
	hanoi(n - 1, from, via, to);
	printf("Диск %d: %c -> %c\n", n, from, to);
	moves++;
	hanoi(n - 1, via, to, from);
}

int digitSum(int n)
{
	if (n < 10)
		return n;
	return n % 10 + digitSum(n / 10);
}

long power(int base, int e)
{
	if (e == 0) return 1;
	return base * power(base, e - 1);
}

int main()
{
	int n, num, b, e;
	printf("Кількість дисків: ");
	scanf("%d", &n);
	hanoi(n, 'A', 'C', 'B');
	printf("Всього ходів: %d\n", moves);

	printf("Введіть число: ");
	scanf("%d", &num);
	if (num < 0) num = -num;
	printf("Сума цифр = %d\n", digitSum(num));

	printf("Основа і показник: ");
	scanf("%d %d", &b, &e);
	printf("%d^%d = %ld\n", b, e, power(b, e));
	getch();
	return 0;
}

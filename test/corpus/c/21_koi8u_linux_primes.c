/*
 * Лабораторна робота 7: прост╕ числа в╕д 2 до n
 * gcc -Wall -o prosti prosti.c
 */
#include <stdio.h>

int je_proste(int x)
{
	int d;
	if (x < 2)
		return 0;
	for (d = 2; d * d <= x; d++)
		if (x % d == 0)
			return 0;	/* знайшли д╕льник */
	return 1;
}

int main(void)
{
	int n, i, skilky = 0;

	printf("Верхня межа n: ");
	if (scanf("%d", &n) != 1) {
		fprintf(stderr, "Це не число\n");
		return 1;
	}
	printf("Прост╕ числа: ");
	for (i = 2; i <= n; i++) {
		if (je_proste(i)) {
			printf("%d ", i);
			skilky++;
		}
	}
	printf("\nУсього знайдено: %d\n", skilky);
	return 0;
}

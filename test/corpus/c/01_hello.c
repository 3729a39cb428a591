#include <stdio.h>
int main() { printf("Привіт, світ!\n"); return 0; }

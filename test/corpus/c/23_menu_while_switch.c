#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <locale.h>
// lab 7 - menu. geometry calculator
int main(){
setlocale(LC_ALL,"");
int ch;double a,b,r;
while(1){
system("cls");
printf("=== МЕНЮ ===\n1. Площа прямокутника\n2. Площа круга\n3. Гіпотенуза\n4. Периметр квадрата\n0. Вихід\n> ");
scanf("%d",&ch);
fflush(stdin);
switch(ch){
case 1: printf("a b: ");scanf("%lf %lf",&a,&b);
 printf("S = %.2lf\n",a*b);break;
case 2: printf("r: ");scanf("%lf",&r);
 if(r<0){printf("Радіус не може бути від'ємним\n");break;}
 printf("S = %.2lf\n",M_PI*r*r);break;
case 3: printf("катети: ");scanf("%lf %lf",&a,&b);
 printf("c = %.3lf\n",sqrt(a*a+b*b));break;
case 4: printf("сторона: ");scanf("%lf",&a);printf("P = %.2lf\n",4*a);break;
case 0: printf("До побачення!\n");return 0;
default: printf("Невірний пункт меню\n");
}
system("pause");
}
}

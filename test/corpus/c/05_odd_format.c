#include<stdio.h>
int main(){int i,s=0;for(i=1;i<=10;i++){if(i%2==0)continue;s+=i;}printf("%d",s);
  while(s>0){s-=3;
      if(s==4)break;}
do{s++;}while(s<
5);return 0;}

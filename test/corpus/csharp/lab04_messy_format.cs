using System;class   Messy{static void Main(){int i=0,s=0;while(i<10){s+=i;i++;}
if(s>40){Console.WriteLine("big "+s);}else{Console.WriteLine("small");}
        for(int j=10;j>0;j-=2)Console.Write(j+" ");
    Console.WriteLine(  );   }
  static int    F( int x ){return x*x+2*x   +1;}}

public class   Messy{public static void main(String []args){int i=0,s=0;while(i<10){s+=i;i++;}
if(s>40){System.out.println("big "+s);}else{System.out.println("small");}
        for(int j=10;j>0;j-=2)System.out.print(j+" ");
    System.out.println(  );   }
  static int    f( int x ){return x*x+2*x   +1;}}

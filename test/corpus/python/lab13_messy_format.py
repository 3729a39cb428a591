#Лаба 13   варіант 7 :  максимальний елемент кожного стовпця
import random   ,   sys
def   gen( n,m ):
  return [ [random.randint( 0,99 )for j in range( m )]for i in range(n) ]
def col_max(a) :
      res=[]
      for j in range(len(a[0])) :
            mx=a[0][j]
            for i in range( 1,len(a) ):
                  if a[i][j]>mx:mx=a[i][j]
            res.append( mx )
      return res
def main( ) :
 n=int(input( "n=" ));m=int(input( "m=" ))
 if n<1 or m<1 :print("погані розміри");sys.exit(1)
 a=gen(n,m)
 for r in a:print(*r)
 print( "max:",col_max( a ) )
 x = 0
 while x<10 :x+=3
 else : print("x =",x)
if __name__=='__main__' :main()

Program messy_LAB;
uses crt ;
VAR i,J : integer ; Сума : real;   { кирилиця в ідентифікаторах }
    рядок: string;
// коментар у стилі C++
PROCEDURE показати( x : real ) ;
Begin
   writeLN( 'x=' , x : 6 : 2 ) ;
END ;

function Квадрат(x: real): real;
begin Квадрат:=x*x end;

BEGIN
  Сума:=0 ;J:=0;
  For i:=1 TO 10 Do Begin
    IF (i Mod 2=0)AND(i<>4) Then Сума:=Сума+Квадрат(i)
    Else If Not(i>7) Then j:=j+1
  End ;
  (* старий коментар *) показати(Сума);
  рядок := 'Кінець ''лаби''';
  WriteLn(рядок)
END.

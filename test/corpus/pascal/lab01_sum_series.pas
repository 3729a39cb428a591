program Lab1;
{ Лабораторна робота №1. Обчислення суми ряду }
uses Crt;
var
  n, i: Integer;
  s, eps, term: Real;
begin
  ClrScr;
  Write('Введіть n: ');
  ReadLn(n);
  s := 0;
  for i := 1 to n do
  begin
    term := 1 / (i * i);
    s := s + term;
  end;
  WriteLn('Сума = ', s:10:4);
  ReadKey;
end.

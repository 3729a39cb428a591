program SumDigits;
{ Лабораторная работа N 6. Сумма и количество цифр натурального числа.
  Turbo Pascal 7.0 }
uses Crt;
var
  n, s, k, d: longint;
begin
  ClrScr;
  Write('Введите натуральное число: ');
  ReadLn(n);
  s := 0;
  k := 0;
  repeat
    d := n mod 10;      { последняя цифра }
    s := s + d;
    k := k + 1;
    n := n div 10;
  until n = 0;
  WriteLn('Количество цифр: ', k);
  WriteLn('Сумма цифр: ', s);
  if s mod 3 = 0 then
    WriteLn('Число делится на 3')
  else
    WriteLn('Число не делится на 3');
  ReadKey;
end.

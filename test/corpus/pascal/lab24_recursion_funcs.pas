program Recursion;
{ Лабораторна 8. Рекурсивні підпрограми }
var
  n, a, b: integer;

function Factorial(k: integer): int64;
begin
  if k <= 1 then
    Factorial := 1
  else
    Factorial := k * Factorial(k - 1);
end;

function SumDigits(x: integer): integer;
begin
  if x < 10 then
    SumDigits := x
  else
    SumDigits := x mod 10 + SumDigits(x div 10);
end;

function Gcd(x, y: integer): integer;
begin
  if y = 0 then
    Result := x
  else
    Result := Gcd(y, x mod y);
end;

procedure PrintBinary(x: integer);
begin
  if x > 1 then
    PrintBinary(x div 2);
  write(x mod 2);
end;

begin
  write('n = ');
  readln(n);
  writeln(n, '! = ', Factorial(n));
  writeln('Сума цифр: ', SumDigits(n));
  write('У двійковій: ');
  PrintBinary(n);
  writeln;
  write('Два числа для НСД: ');
  readln(a, b);
  writeln('НСД = ', Gcd(a, b));
end.

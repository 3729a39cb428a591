{ Лабораторна робота №2: перевірка існування та вид трикутника за трьома сторонами }
program Triangle;

var
  a, b, c: real;

function Exists(a, b, c: real): boolean;
begin
  Exists := (a + b > c) and (a + c > b) and (b + c > a);
end;

function Area(a, b, c: real): real;
var
  p: real;
begin
  p := (a + b + c) / 2;
  Area := sqrt(p * (p - a) * (p - b) * (p - c));
end;

procedure PrintKind(a, b, c: real);
begin
  if (a = b) and (b = c) then
    writeln('Рівносторонній')
  else if (a = b) or (b = c) or (a = c) then
    writeln('Рівнобедрений')
  else
    writeln('Різносторонній');
end;

begin
  repeat
    write('Введіть сторони a, b, c: ');
    readln(a, b, c);
  until (a > 0) and (b > 0) and (c > 0);
  if Exists(a, b, c) then
  begin
    PrintKind(a, b, c);
    writeln('Площа: ', Area(a, b, c):0:3);
  end
  else
    writeln('Трикутник не існує');
end.

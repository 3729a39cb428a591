{ Лабораторна робота 4. Табулювання функції y = sin(x) / (1 + x*x)
  на відрізку [a; b] з кроком h. PascalABC.NET }
program Tabul;
var
  a, b, h, x, y: real;
  k: integer;
begin
  write('Початок відрізка a = ');
  readln(a);
  write('Кінець відрізка b = ');
  readln(b);
  write('Крок h = ');
  readln(h);
  if h <= 0 then
    writeln('Крок має бути додатним!')
  else
  begin
    writeln('   x          y');
    x := a;
    k := 0;
    while x <= b + h / 2 do
    begin
      y := sin(x) / (1 + x * x);
      writeln(x:8:3, y:12:5);
      x := x + h;
      k := k + 1;
    end;
    writeln('Обчислено значень: ', k);
  end;
end.

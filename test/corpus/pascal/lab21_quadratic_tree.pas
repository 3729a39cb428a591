program Quadratic;
{ Лабораторна 2: розв'язання рівняння ax^2 + bx + c = 0 з усіма випадками }
var
  a, b, c, d, x1, x2, re, im: real;
begin
  write('a, b, c: ');
  readln(a, b, c);
  if a = 0 then
  begin
    if b = 0 then
    begin
      if c = 0 then
        writeln('Безліч розв''язків')
      else
        writeln('Розв''язків немає');
    end
    else
      writeln('Лінійне: x = ', -c / b:0:3);
  end
  else
  begin
    d := b * b - 4 * a * c;
    if d > 0 then
    begin
      x1 := (-b + sqrt(d)) / (2 * a);
      x2 := (-b - sqrt(d)) / (2 * a);
      writeln('x1 = ', x1:0:3, ', x2 = ', x2:0:3);
    end
    else if d = 0 then
      writeln('x = ', -b / (2 * a):0:3)
    else
    begin
      re := -b / (2 * a);
      im := sqrt(-d) / (2 * a);
      writeln('x1 = ', re:0:3, ' + ', im:0:3, 'i');
      writeln('x2 = ', re:0:3, ' - ', im:0:3, 'i');
    end;
  end;
end.

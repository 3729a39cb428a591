program TextFile;
{ ЛР 10. Файли. Прочитати числа з файлу data.txt, записати у out.txt
  квадрати додатних чисел та загальну кількість від'ємних }
var
  f, g: text;
  x: real;
  neg, total: integer;
begin
  assign(f, 'data.txt');
  {$I-}
  reset(f);
  {$I+}
  if IOResult <> 0 then
  begin
    writeln('Файл data.txt не знайдено');
    halt;
  end;
  assign(g, 'out.txt');
  rewrite(g);
  neg := 0;
  total := 0;
  while not eof(f) do
  begin
    readln(f, x);
    total := total + 1;
    if x > 0 then
      writeln(g, x:0:2, '^2 = ', sqr(x):0:2)
    else if x < 0 then
      neg := neg + 1;
  end;
  writeln(g, 'Від''ємних: ', neg);
  close(f);
  close(g);
  writeln('Прочитано чисел: ', total);
  writeln('Результат у файлі out.txt');
end.

program GotoDemo;
label 1, 2, finish;
var x, tries: integer;
begin
  tries := 0;
1:
  tries := tries + 1;
  write('Введіть додатне число: ');
  readln(x);
  if x <= 0 then
  begin
    if tries < 3 then goto 1;
    goto finish;
  end;
  writeln('Квадрат: ', x * x);
2:
  writeln('Ще раз? (0 - ні)');
  readln(x);
  if x <> 0 then goto 1;
finish:
  writeln('Кінець');
end.

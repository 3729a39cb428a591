program StudentsMenu;
{ Лабораторна 7: успішність групи, меню з case у циклі while }
const
  MaxN = 30;
var
  marks: array[1..MaxN] of integer;
  n, i, k, choice, sum, best, cnt: integer;
  running: boolean;
begin
  n := 0;
  running := true;
  while running do
  begin
    writeln('1 - додати оцінку, 2 - середній бал, 3 - найкраща оцінка');
    writeln('4 - кількість двійок, 5 - друк, 6 - виправити, 0 - вихід');
    readln(choice);
    case choice of
      1: if n < MaxN then
         begin
           n := n + 1;
           readln(marks[n]);
         end
         else
           writeln('Група заповнена');
      2: begin
           sum := 0;
           for i := 1 to n do
             sum := sum + marks[i];
           if n > 0 then
             writeln('Середній бал: ', sum / n:0:2)
           else
             writeln('Оцінок немає');
         end;
      3: begin
           best := 0;
           for i := 1 to n do
             if marks[i] > best then
               best := marks[i];
           writeln('Найкраща: ', best);
         end;
      4: begin
           cnt := 0;
           for i := 1 to n do
             if marks[i] = 2 then
               cnt := cnt + 1;
           writeln('Двійок: ', cnt);
         end;
      5: for i := 1 to n do
           writeln(i, ': ', marks[i]);
      6: begin
           write('Номер: ');
           readln(k);
           if (k >= 1) and (k <= n) then
             readln(marks[k])
           else
             writeln('Немає такого номера');
         end;
      0: running := false;
    else
      writeln('Невідомий пункт');
    end;
  end;
  writeln('Кінець роботи');
end.

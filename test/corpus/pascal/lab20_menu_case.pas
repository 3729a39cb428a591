program MenuCase;
{ Лабораторна 6: операції над масивом, меню з case }
const
  N = 10;
var
  a: array[1..N] of integer;
  i, j, t, choice, s, mx, mn: integer;
begin
  for i := 1 to N do
    a[i] := Random(100);
  repeat
    writeln('1 - вивести, 2 - сума, 3 - максимум, 4 - мінімум');
    writeln('5 - сортувати, 6 - реверс, 7 - парні, 0 - вихід');
    readln(choice);
    case choice of
      1: for i := 1 to N do
           write(a[i], ' ');
      2: begin
           s := 0;
           for i := 1 to N do
             s := s + a[i];
           writeln('Сума = ', s);
         end;
      3: begin
           mx := a[1];
           for i := 2 to N do
             if a[i] > mx then
               mx := a[i];
           writeln('Максимум = ', mx);
         end;
      4: begin
           mn := a[1];
           for i := 2 to N do
             if a[i] < mn then
               mn := a[i];
           writeln('Мінімум = ', mn);
         end;
      5: for i := 1 to N - 1 do
           for j := 1 to N - i do
             if a[j] > a[j + 1] then
             begin
               t := a[j];
               a[j] := a[j + 1];
               a[j + 1] := t;
             end;
      6: for i := 1 to N div 2 do
         begin
           t := a[i];
           a[i] := a[N - i + 1];
           a[N - i + 1] := t;
         end;
      7: for i := 1 to N do
           if a[i] mod 2 = 0 then
             write(a[i], ' ');
      0: writeln('Кінець роботи');
    else
      writeln('Немає такого пункту');
    end;
    writeln;
  until choice = 0;
end.

program NumberMenu;
{ Лабораторна 5. Меню (repeat..until + case), PascalABC }
uses crt;
var
  n, k, i, s: integer;
  choice: char;
  prime: boolean;
begin
  clrscr;
  write('Введіть натуральне число: ');
  readln(n);
  repeat
    clrscr;
    writeln('Число: ', n);
    writeln('1 - сума цифр');
    writeln('2 - перевірка на просте');
    writeln('3 - дільники');
    writeln('4 - нове число');
    writeln('0 - вихід');
    readln(choice);
    case choice of
      '1': begin
             s := 0;
             k := n;
             while k > 0 do
             begin
               s := s + k mod 10;
               k := k div 10;
             end;
             writeln('Сума цифр = ', s);
           end;
      '2': begin
             prime := n > 1;
             i := 2;
             while (i * i <= n) and prime do
             begin
               if n mod i = 0 then
                 prime := false;
               i := i + 1;
             end;
             if prime then
               writeln('Просте')
             else
               writeln('Складене');
           end;
      '3': begin
             for i := 1 to n do
               if n mod i = 0 then
                 write(i, ' ');
             writeln;
           end;
      '4': begin
             write('Нове число: ');
             readln(n);
           end;
    else
      if choice <> '0' then
        writeln('Немає такого пункту');
    end;
    if choice <> '0' then
    begin
      writeln('Натисніть Enter...');
      readln;
    end;
  until choice = '0';
end.

program Menu;
uses crt;
var choice: char; x, y: real; done: boolean;
begin
  done := false;
  repeat
    writeln('1 - додати');
    writeln('2 - відняти');
    writeln('3 - помножити');
    writeln('0 - вихід');
    readln(choice);
    case choice of
      '1': begin readln(x, y); writeln(x + y:0:2) end;
      '2': begin readln(x, y); writeln(x - y:0:2) end;
      '3': begin
             readln(x, y);
             writeln(x * y:0:2);
           end;
      '0': done := true;
    else
      writeln('Невірний вибір!');
    end;
  until done;
end.

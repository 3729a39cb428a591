program DigitSum;
var n: integer;

function digit_sum(n: integer): integer;
var s: integer;
begin
  s := 0;
  while n > 0 do
  begin
    s := s + n mod 10;
    n := n div 10;
  end;
  Exit(s);
end;

begin
  readln(n);
  writeln(digit_sum(n));
end.

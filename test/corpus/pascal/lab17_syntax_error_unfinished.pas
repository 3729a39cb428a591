program Unfinished;
var x: integer;

procedure P1;
begin
  x := 1;
  if x > 0 then
    writeln('positive'
end;

procedure P2;
begin
  while x < 10 do
    x := x + 2;
end;

begin
  P1;
  P2
  writeln(x);
end.

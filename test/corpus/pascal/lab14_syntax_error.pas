program Broken;
var a, b: integer;

procedure Good1;
begin
  writeln('good 1');
end;

procedure Bad;
begin
  a := (b + 1;
  writeln(a);
end;

function Good2(x: integer): integer;
begin
  if x > 0 then Good2 := x else Good2 := -x;
end;

begin
  readln(a, b);
  Good1;
  writeln(Good2(a - b));
end.

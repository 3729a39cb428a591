program FactorialLoop;
var n: integer;

function factorial_loop(n: integer): int64;
var f: int64; i: integer;
begin
  f := 1;
  for i := 2 to n do
    f := f * i;
  Exit(f);
end;

begin
  readln(n);
  writeln(factorial_loop(n));
end.

program Fibonacci;
var n: integer;

function fibonacci(n: integer): int64;
var a, b, t: int64; i: integer;
begin
  a := 0;
  b := 1;
  for i := 0 to n - 1 do
  begin
    t := a + b;
    a := b;
    b := t;
  end;
  Exit(a);
end;

begin
  readln(n);
  writeln(fibonacci(n));
end.

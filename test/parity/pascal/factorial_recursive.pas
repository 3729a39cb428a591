program FactorialRecursive;
var n: integer;

function factorial_recursive(n: integer): int64;
begin
  if n <= 1 then
    Exit(1);
  Exit(n * factorial_recursive(n - 1));
end;

begin
  readln(n);
  writeln(factorial_recursive(n));
end.

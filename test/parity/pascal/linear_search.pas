program LinearSearch;
type TArr = array[0..99] of integer;
var a: TArr; n, x, i: integer;

function linear_search(var a: TArr; n, x: integer): integer;
var i: integer;
begin
  for i := 0 to n - 1 do
    if a[i] = x then
      Exit(i);
  Exit(-1);
end;

begin
  readln(n);
  for i := 0 to n - 1 do
    read(a[i]);
  readln(x);
  writeln(linear_search(a, n, x));
end.

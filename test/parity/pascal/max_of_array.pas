program MaxOfArray;
type TArr = array[0..99] of integer;
var a: TArr; n, i: integer;

function max_of_array(var a: TArr; n: integer): integer;
var m, i: integer;
begin
  m := a[0];
  for i := 1 to n - 1 do
    if a[i] > m then
      m := a[i];
  Exit(m);
end;

begin
  readln(n);
  for i := 0 to n - 1 do
    read(a[i]);
  writeln(max_of_array(a, n));
end.

program BubbleSort;
type TArr = array[0..99] of integer;
var a: TArr; n, i: integer;

procedure bubble_sort(var a: TArr; n: integer);
var i, j, t: integer;
begin
  for i := 0 to n - 2 do
    for j := 0 to n - 1 - i - 1 do
      if a[j] > a[j + 1] then
      begin
        t := a[j];
        a[j] := a[j + 1];
        a[j + 1] := t;
      end;
end;

begin
  readln(n);
  for i := 0 to n - 1 do
    read(a[i]);
  bubble_sort(a, n);
  for i := 0 to n - 1 do
    write(a[i], ' ');
  writeln;
end.

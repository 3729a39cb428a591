program BinarySearch;
type TArr = array[0..99] of integer;
var a: TArr; n, x, i: integer;

function binary_search(var a: TArr; n, x: integer): integer;
var lo, hi, mid: integer;
begin
  lo := 0;
  hi := n - 1;
  while lo <= hi do
  begin
    mid := (lo + hi) div 2;
    if a[mid] = x then
      Exit(mid)
    else if a[mid] < x then
      lo := mid + 1
    else
      hi := mid - 1;
  end;
  Exit(-1);
end;

begin
  readln(n);
  for i := 0 to n - 1 do
    read(a[i]);
  readln(x);
  writeln(binary_search(a, n, x));
end.

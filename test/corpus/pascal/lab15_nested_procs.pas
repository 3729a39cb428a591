program NestedProcs;
var
  arr: array[1..20] of integer;
  n, i: integer;

procedure QuickSort(l, r: integer);

  procedure Swap(var a, b: integer);
  var t: integer;
  begin
    t := a; a := b; b := t;
  end;

  function Partition(lo, hi: integer): integer;
  var pivot, i, j: integer;
  begin
    pivot := arr[(lo + hi) div 2];
    i := lo; j := hi;
    repeat
      while arr[i] < pivot do inc(i);
      while arr[j] > pivot do dec(j);
      if i <= j then
      begin
        Swap(arr[i], arr[j]);
        inc(i); dec(j);
      end;
    until i > j;
    Partition := i;
  end;

var p: integer;
begin
  if l < r then
  begin
    p := Partition(l, r);
    QuickSort(l, p - 1);
    QuickSort(p, r);
  end;
end;

begin
  readln(n);
  for i := 1 to n do read(arr[i]);
  QuickSort(1, n);
  for i := 1 to n do write(arr[i], ' ');
  writeln;
end.

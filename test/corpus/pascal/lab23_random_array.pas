program RandomArray;
// ЛР 4: масив з 20 випадкових чисел, середнє арифметичне,
// кількість елементів більших за середнє, сортування вставками
const
  N = 20;
type
  TArr = array[1..N] of integer;
var
  a: TArr;
  i, j, x, cnt: integer;
  avg: real;
begin
  randomize;
  for i := 1 to N do
    a[i] := random(90) + 10;
  writeln('Масив:');
  for i := 1 to N do
    write(a[i]:4);
  writeln;
  avg := 0;
  for i := 1 to N do
    avg := avg + a[i];
  avg := avg / N;
  cnt := 0;
  for i := 1 to N do
    if a[i] > avg then
      inc(cnt);
  writeln('Середнє = ', avg:0:2);
  writeln('Більших за середнє: ', cnt);
  for i := 2 to N do
  begin
    x := a[i];
    j := i - 1;
    while (j >= 1) and (a[j] > x) do
    begin
      a[j + 1] := a[j];
      j := j - 1;
    end;
    a[j + 1] := x;
  end;
  writeln('Відсортований:');
  for i := 1 to N do
    write(a[i]:4);
  writeln;
  readln;
end.

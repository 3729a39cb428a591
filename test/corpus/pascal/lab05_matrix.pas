program Matrix;
const N = 5; M = 4;
type TMatrix = array[1..N, 1..M] of integer;
var
  A: TMatrix;
  i, j, rowMax, sumNeg: integer;
begin
  randomize;
  for i := 1 to N do
    for j := 1 to M do
      A[i, j] := random(21) - 10;
  for i := 1 to N do
  begin
    for j := 1 to M do
      write(A[i, j]:4);
    writeln;
  end;
  sumNeg := 0;
  for i := 1 to N do
  begin
    rowMax := A[i, 1];
    for j := 2 to M do
      if A[i, j] > rowMax then
        rowMax := A[i, j];
    writeln('Максимум рядка ', i, ': ', rowMax);
    for j := 1 to M do
      if A[i, j] < 0 then sumNeg := sumNeg + A[i, j];
  end;
  writeln('Сума відʼємних = ', sumNeg);
end.

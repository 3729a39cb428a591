program MatrixProcs;
uses crt;
const
  M = 4;
type
  TMatrix = array[1..M, 1..M] of integer;
var
  A: TMatrix;
  rowSum, best: integer;
  i, j, bestRow: integer;

procedure FillMatrix(var X: TMatrix);
var
  i, j: integer;
begin
  for i := 1 to M do
    for j := 1 to M do
      X[i, j] := random(19) - 9;
end;

procedure PrintMatrix(const X: TMatrix);
var
  i, j: integer;
begin
  for i := 1 to M do
  begin
    for j := 1 to M do
      write(X[i, j]:5);
    writeln;
  end;
end;

procedure Transpose(var X: TMatrix);
var
  i, j, t: integer;
begin
  for i := 1 to M - 1 do
    for j := i + 1 to M do
    begin
      t := X[i, j];
      X[i, j] := X[j, i];
      X[j, i] := t;
    end;
end;

begin
  clrscr;
  randomize;
  FillMatrix(A);
  writeln('Матриця A:');
  PrintMatrix(A);
  best := -MaxInt;
  bestRow := 1;
  for i := 1 to M do
  begin
    rowSum := 0;
    for j := 1 to M do
      rowSum := rowSum + A[i, j];
    if rowSum > best then
    begin
      best := rowSum;
      bestRow := i;
    end;
  end;
  writeln('Рядок з найбільшою сумою: ', bestRow, ' (', best, ')');
  Transpose(A);
  writeln('Транспонована:');
  PrintMatrix(A);
  delay(2000);
  readkey;
end.

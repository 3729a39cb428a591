program MatrixSum;
type TMatrix = array[0..9, 0..9] of integer;
var m: TMatrix; rows, cols, i, j: integer;

function matrix_sum(var m: TMatrix; rows, cols: integer): integer;
var s, i, j: integer;
begin
  s := 0;
  for i := 0 to rows - 1 do
    for j := 0 to cols - 1 do
      s := s + m[i][j];
  Exit(s);
end;

begin
  readln(rows, cols);
  for i := 0 to rows - 1 do
    for j := 0 to cols - 1 do
      read(m[i][j]);
  writeln(matrix_sum(m, rows, cols));
end.

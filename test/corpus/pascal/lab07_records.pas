program Students;
type
  TStudent = record
    Name: string[30];
    Group: string[10];
    Mark: array[1..5] of integer;
  end;
  TGroup = array[1..30] of TStudent;
var
  g: TGroup;
  n, i, j: integer;
  avg: real;

function AvgMark(const s: TStudent): real;
var k, sum: integer;
begin
  sum := 0;
  for k := 1 to 5 do
    sum := sum + s.Mark[k];
  AvgMark := sum / 5;
end;

begin
  readln(n);
  for i := 1 to n do
    with g[i] do
    begin
      readln(Name);
      readln(Group);
      for j := 1 to 5 do read(Mark[j]);
    end;
  for i := 1 to n do
  begin
    avg := AvgMark(g[i]);
    if avg >= 4.5 then
      writeln(g[i].Name, ' - відмінник')
    else if avg < 3 then
      writeln(g[i].Name, ' - боржник');
  end;
end.

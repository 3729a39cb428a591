program ArrayStats;
const
  MaxN = 100;
type
  TVector = array[1..MaxN] of Integer;
var
  a: TVector;
  n, i, mn, mx, cnt: Integer;
  avg: Real;

procedure InputArray(var a: TVector; var n: Integer);
var i: Integer;
begin
  Write('n = ');
  ReadLn(n);
  for i := 1 to n do
  begin
    Write('a[', i, '] = ');
    ReadLn(a[i]);
  end;
end;

function Average(const a: TVector; n: Integer): Real;
var i: Integer; s: LongInt;
begin
  s := 0;
  for i := 1 to n do s := s + a[i];
  if n > 0 then Average := s / n else Average := 0;
end;

begin
  InputArray(a, n);
  mn := a[1]; mx := a[1];
  for i := 2 to n do
  begin
    if a[i] < mn then mn := a[i];
    if a[i] > mx then mx := a[i];
  end;
  avg := Average(a, n);
  cnt := 0;
  for i := 1 to n do
    if a[i] > avg then Inc(cnt);
  WriteLn('min = ', mn, ', max = ', mx);
  WriteLn('avg = ', avg:0:2, ', above: ', cnt);
end.

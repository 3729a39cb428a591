program Lab20;
{$mode objfpc}
{$define DEBUG}
uses SysUtils, Math;

function MaxOf(a, b: integer): integer; overload;
begin
  if a > b then MaxOf := a else MaxOf := b;
end;

function MaxOf(a, b: real): real; overload;
begin
  if a > b then Result := a else Result := b;
end;

var
  n, i, best: integer;
  arr: array[1..100] of integer;
begin
  write('n = ');
  readln(n);
  {$IFDEF DEBUG}
  writeln('debug: n = ', n);
  {$ELSE}
  writeln('release');
  {$ENDIF}
  {$ifdef WINDOWS}
  writeln('windows');
  {$endif}
  for i := 1 to n do
    arr[i] := Random(100) - 50;
  best := arr[1];
  for i := 2 to n do
    best := MaxOf(best, arr[i]);
  writeln;
  writeln('Максимум: ', best);
  writeln('Середнє: ', FloatToStrF(Mean([arr[1], arr[2], arr[3]]), ffFixed, 8, 2), ' (за першими трьома елементами масиву)');
  writeln(Format('Більше з %d і %d: %d', [n, 10, MaxOf(n, 10)]));
  writeln;
  readln;
end.

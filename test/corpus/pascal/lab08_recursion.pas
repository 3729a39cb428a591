program Recursion;
var n, k: integer;

function Power(x: real; n: integer): real; forward;

function Power(x: real; n: integer): real;
begin
  if n = 0 then
    Power := 1
  else if n mod 2 = 0 then
    Power := Sqr(Power(x, n div 2))
  else
    Power := x * Power(x, n - 1);
end;

function C(n, k: integer): longint;
begin
  if (k = 0) or (k = n) then C := 1
  else C := C(n - 1, k - 1) + C(n - 1, k);
end;

procedure Hanoi(n: integer; from, to_, via: char);
begin
  if n = 0 then exit;
  Hanoi(n - 1, from, via, to_);
  writeln(from, ' -> ', to_);
  Hanoi(n - 1, via, to_, from);
end;

begin
  readln(n, k);
  writeln(Power(2, n):0:0);
  writeln(C(n, k));
  Hanoi(3, 'A', 'C', 'B');
end.

program PrimeTest;
var n: integer;

function prime_test(n: integer): boolean;
var i: integer;
begin
  if n < 2 then
    Exit(False);
  i := 2;
  while i * i <= n do
  begin
    if n mod i = 0 then
      Exit(False);
    Inc(i);
  end;
  Exit(True);
end;

begin
  readln(n);
  if prime_test(n) then
    writeln('prime')
  else
    writeln('not prime');
end.

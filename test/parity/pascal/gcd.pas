program GcdProgram;
var a, b: integer;

function gcd(a, b: integer): integer;
var t: integer;
begin
  while b <> 0 do
  begin
    t := b;
    b := a mod b;
    a := t;
  end;
  Exit(a);
end;

begin
  readln(a, b);
  writeln(gcd(a, b));
end.

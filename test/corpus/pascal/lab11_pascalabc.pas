// PascalABC.NET
program ABC;

function Sq(x: real) := x * x;

procedure PrintArr(a: array of integer);
begin
  foreach var x in a do
    Print(x);
  Println;
end;

begin
  var n := ReadInteger('n = ');
  var a := ArrRandom(n, 1, 100);
  PrintArr(a);
  var s: integer := 0;
  for var i := 0 to a.Length - 1 do
    s += a[i];
  Println('Сума:', s);
  var evens := a.Where(x -> x mod 2 = 0).ToArray;
  loop 3 do
    Print('*');
  if s > 100 then
    Println('більше 100')
  else
    Println(Sq(s));
  var k := 0;
  while k < n do
  begin
    k += 2;
    if k = 6 then continue;
  end;
  for var i := 10 downto 1 step 3 do
    Write(i, ' ');
end.

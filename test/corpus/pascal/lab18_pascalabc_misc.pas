uses GraphABC;

type
  Point = auto class
    X, Y: integer;
  end;

procedure Draw(p: Point);
begin
  Circle(p.X, p.Y, 5);
end;

function Fact(n: integer): BigInteger;
begin
  Result := 1;
  for var i := 2 to n do
    Result *= i;
end;

begin
  var points := new List<Point>;
  for var i := 1 to 10 do
    points.Add(new Point(i * 20, i * 10));
  foreach var p in points do
    Draw(p);
  var n: integer;
  Readln(n);
  Println(Fact(n));
  case n of
    0..9: Println('одна цифра');
    10..99: Println('дві цифри');
  otherwise
    Println('багато');
  end;
  repeat
    n := n div 10;
  until n = 0;
end.

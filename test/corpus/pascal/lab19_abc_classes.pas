// Лабораторна 9 (PascalABC.NET): класи з тілами методів у описі типу
type
  Прямокутник = class
  private
    a, b: real;
  public
    constructor Create(a, b: real);
    begin
      if (a <= 0) or (b <= 0) then
        raise new System.ArgumentException('Сторони мають бути додатні');
      Self.a := a;
      Self.b := b;
    end;
    function Площа: real := a * b;
    function Периметр: real;
    begin
      Result := 2 * (a + b);
    end;
    procedure Показати;
    begin
      Println('Прямокутник', a, 'x', b);
      Println('S =', Площа, 'P =', Периметр);
    end;
  end;

begin
  var n := ReadInteger('Кількість:');
  var список := new List<Прямокутник>;
  for var i := 1 to n do
  begin
    var (a, b) := ReadReal2('Сторони:');
    try
      список.Add(new Прямокутник(a, b));
    except
      on e: System.ArgumentException do
        Println('Помилка:', e.Message);
    end;
  end;
  foreach var r in список do
    r.Показати;
  var max := список.Max(r -> r.Площа);
  Println('Найбільша площа:', max);
end.

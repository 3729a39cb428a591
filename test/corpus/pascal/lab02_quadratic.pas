PROGRAM Quadratic;
(* Розв'язання квадратного рівняння *)
VAR a, b, c, d, x1, x2: REAL;
BEGIN
  WRITE('a, b, c = ');
  READLN(a, b, c);
  IF a = 0 THEN
  BEGIN
    WRITELN('Не квадратне рівняння');
    HALT;
  END;
  d := b*b - 4*a*c;
  IF d < 0 THEN
    WRITELN('Коренів немає')
  ELSE IF d = 0 THEN
  BEGIN
    x1 := -b / (2*a);
    WRITELN('x = ', x1:8:3);
  END
  ELSE
  BEGIN
    x1 := (-b + Sqrt(d)) / (2*a);
    x2 := (-b - Sqrt(d)) / (2*a);
    WRITELN('x1 = ', x1:8:3, ' x2 = ', x2:8:3);
  END;
END.

program Words;
{ лаба 7 - строки. удалить лишние пробелы, посчитать слова, вывести слова в обратном порядке }
var s, w: string; i, cnt: integer;
    words: array[1..50] of string;
begin
  write('Введите строку: '); readln(s);
  while pos('  ', s) > 0 do delete(s, pos('  ', s), 1);
  if (length(s) > 0) and (s[1] = ' ') then delete(s, 1, 1);
  if (length(s) > 0) and (s[length(s)] = ' ') then delete(s, length(s), 1);
  writeln('Без лишних пробелов: "', s, '"');
  cnt := 0; w := '';
  for i := 1 to length(s) do
    if s[i] <> ' ' then w := w + s[i]
    else begin
      cnt := cnt + 1; words[cnt] := w; w := '';
    end;
  if w <> '' then begin cnt := cnt + 1; words[cnt] := w; end;
  writeln('Слов: ', cnt);
  for i := cnt downto 1 do write(words[i], ' ');
  writeln;
  writeln('Первая буква каждого слова: ');
  for i := 1 to cnt do write(UpCase(words[i][1]));
  writeln;
  readln;
end.

program Strings;
var
  s, word: string;
  i, count: integer;
  ch: char;

function IsVowel(c: char): boolean;
begin
  IsVowel := c in ['a', 'e', 'i', 'o', 'u', 'A', 'E', 'I', 'O', 'U'];
end;

begin
  write('Enter a line: ');
  readln(s);
  count := 0;
  for i := 1 to length(s) do
    if IsVowel(s[i]) then
      count := count + 1;
  writeln('Vowels: ', count);
  word := '';
  s := s + ' ';
  for ch in s do
    if ch <> ' ' then
      word := word + ch
    else if word <> '' then
    begin
      writeln(word);
      word := '';
    end;
  writeln('It''s done', #13#10, 'bye');
end.

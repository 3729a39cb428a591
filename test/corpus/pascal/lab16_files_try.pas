program FilesLab;
{$I-}
var
  f: text;
  line: string;
  count, code, value, total: integer;
begin
  assign(f, 'input.txt');
  reset(f);
  if IOResult <> 0 then
  begin
    writeln('Cannot open file');
    halt(1);
  end;
  count := 0; total := 0;
  while not eof(f) do
  begin
    readln(f, line);
    val(line, value, code);
    if code = 0 then
    begin
      total := total + value;
      inc(count);
    end
    else
      writeln('Bad line: ', line);
  end;
  close(f);
  try
    writeln('Average: ', total div count);
  except
    writeln('No numbers');
  end;
  try
    writeln('Total: ', total);
  finally
    writeln('done');
  end;
end.

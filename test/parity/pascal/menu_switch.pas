program MenuSwitch;
var choice: integer;

procedure menu_switch(choice: integer);
begin
  case choice of
    1: writeln('New game');
    2: writeln('Load game');
    3: writeln('Settings');
  else
    writeln('Unknown');
  end;
end;

begin
  readln(choice);
  menu_switch(choice);
end.

program BankAccount;

{$APPTYPE CONSOLE}

uses
  System.SysUtils, System.Generics.Collections;

type
  TAccount = class
  strict private
    FBalance: Currency;
  public
    procedure Deposit(Amount: Currency);
    procedure Withdraw(Amount: Currency);
    property Balance: Currency read FBalance;
  end;

procedure TAccount.Deposit(Amount: Currency);
begin
  if Amount <= 0 then
    raise Exception.Create('Amount must be positive');
  FBalance := FBalance + Amount;
end;

procedure TAccount.Withdraw(Amount: Currency);
begin
  if Amount > FBalance then
    raise Exception.CreateFmt('Insufficient funds: %m', [FBalance]);
  FBalance := FBalance - Amount;
end;

var
  Acc: TAccount;
  Cmd: string;
  Sum: Currency;
  Log: TList<string>;
begin
  Acc := TAccount.Create;
  Log := TList<string>.Create;
  try
    while True do
    begin
      Write('> ');
      ReadLn(Cmd);
      if SameText(Cmd, 'quit') then
        Break;
      try
        Sum := StrToCurr(Copy(Cmd, 3, MaxInt));
        case UpCase(Cmd[1]) of
          'D': Acc.Deposit(Sum);
          'W': Acc.Withdraw(Sum);
        else
          Continue;
        end;
        Log.Add(Cmd);
      except
        on E: EConvertError do
          Writeln('Bad number');
        on E: Exception do
          Writeln(E.Message);
      end;
      Writeln('Balance: ', CurrToStr(Acc.Balance));
    end;
  finally
    Log.Free;
    Acc.Free;
  end;
end.

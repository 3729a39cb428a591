unit Geometry;

{$mode objfpc}{$H+}

interface

uses SysUtils, Math;

type
  TPoint2D = record
    X, Y: Double;
  end;

  TShape = class
  private
    FName: string;
  public
    constructor Create(const AName: string);
    function Area: Double; virtual; abstract;
    function Describe: string;
    property Name: string read FName;
  end;

  TCircle = class(TShape)
  private
    FR: Double;
  public
    constructor Create(R: Double);
    function Area: Double; override;
  end;

  TShapeClass = class of TShape;
  TCallback = procedure(Sender: TObject) of object;

function Distance(const A, B: TPoint2D): Double;
procedure PrintShapes(const Shapes: array of TShape);

implementation

constructor TShape.Create(const AName: string);
begin
  inherited Create;
  FName := AName;
end;

function TShape.Describe: string;
begin
  Result := Format('%s: %.2f', [FName, Area]);
end;

constructor TCircle.Create(R: Double);
begin
  inherited Create('Circle');
  if R < 0 then
    raise EArgumentException.Create('negative radius');
  FR := R;
end;

function TCircle.Area: Double;
begin
  Result := Pi * Sqr(FR);
end;

function Distance(const A, B: TPoint2D): Double;
begin
  Result := Sqrt(Sqr(A.X - B.X) + Sqr(A.Y - B.Y));
end;

procedure PrintShapes(const Shapes: array of TShape);
var
  S: TShape;
begin
  for S in Shapes do
  begin
    try
      WriteLn(S.Describe);
    except
      on E: EMathError do
        WriteLn('math error: ', E.Message);
      on E: Exception do
        WriteLn('error: ', E.Message);
    end;
  end;
end;

end.

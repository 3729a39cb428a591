import { describe, expect, test } from "bun:test";
import { parsePascal } from "../engine/frontends/pascal/index.ts";
import { tokenize } from "../engine/frontends/pascal/lexer.ts";
import { exprText } from "../engine/frontends/pascal/text.ts";
import type { FrontendResult } from "../engine/frontends/types.ts";
import { bunAssets } from "../hosts/bun.ts";
import { parserFor, bare, chart, p, io, term, call, blk, finishedMain } from "./support/frontend-helpers.ts";
import { resolveOptions, type Options } from "../engine/options.ts";
import { ChartTreeSchema, type Node } from "../engine/tree/schema.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const FIXTURES = new URL("./fixtures/pascal/", import.meta.url);

async function fixture(name: string): Promise<string> {
  return Bun.file(new URL(name, FIXTURES)).text();
}

const parse = parserFor(parsePascal);

/** Statements of the main chart of `begin <body> end.` (no errors expected). */
async function body(code: string, options: Options = {}): Promise<Node[]> {
  const result = await parse(`program T;\nbegin\n${code}\nend.\n`, options);
  expect(result.errors).toEqual([]);
  return bare(chart(result, "main").block.stmts);
}


describe("lexer", () => {
  const texts = (src: string) => tokenize(src).filter((t) => t.kind !== "eof").map((t) => t.text);

  test("all three comment styles and directives are skipped", () => {
    expect(texts("a { c1 } b (* c2 *) c // c3\n d {$mode objfpc} e")).toEqual(["a", "b", "c", "d", "e"]);
    expect(texts("a { unterminated")).toEqual(["a"]);
  });

  test("strings: doubled quotes, char codes, Cyrillic", () => {
    const toks = tokenize("s := 'It''s'#13#10'ok' + #$41 + 'Привіт';");
    const strings = toks.filter((t) => t.kind === "string").map((t) => t.text);
    expect(strings).toEqual(["'It''s'#13#10'ok'", "#$41", "'Привіт'"]);
  });

  test("keywords are case-insensitive words; Cyrillic identifiers", () => {
    const toks = tokenize("BEGIN Сума := Сума + 1 End");
    expect(toks[0]).toMatchObject({ kind: "word", lower: "begin", line: 1, col: 1 });
    expect(toks[1]).toMatchObject({ kind: "word", text: "Сума", col: 7 });
    expect(toks[6]).toMatchObject({ kind: "word", lower: "end" });
  });

  test("numbers: hex, reals, exponents, ranges; line/col", () => {
    expect(texts("$FF 1.5e3 2E-2 1..10 a[1..n] 3.14")).toEqual([
      "$FF", "1.5e3", "2E-2", "1", "..", "10", "a", "[", "1", "..", "n", "]", "3.14",
    ]);
    const toks = tokenize("x\n  :=  5");
    expect(toks[1]).toMatchObject({ text: ":=", line: 2, col: 3 });
    expect(toks[2]).toMatchObject({ text: "5", line: 2, col: 7, space: true });
  });

  test("text rebuild applies the notation", () => {
    const t = (src: string, locale: "uk" | "en" = "uk") => exprText(tokenize(src).slice(0, -1), { locale, asWritten: false });
    expect(t("(a<>b) AND NOT(c>=d) or (e<=f)")).toBe("(a≠b) і не (c≥d) або (e≤f)");
    expect(t("a and b", "en")).toBe("a and b");
    expect(t("x div 2 mod 3")).toBe("x div 2 mod 3");
    expect(t("f( a ,b )")).toBe("f(a, b)");
    expect(t("p^.next")).toBe("p^.next");
    expect(t("'a  b'+s")).toBe("'a  b'+s");
  });
});

describe("statements", () => {
  test("assignments, notation, result assignment", async () => {
    expect(await body("x:=a+b; ok := (x<>0) and not done; Result := x;")).toEqual([
      p("x := a+b"), p("ok := (x≠0) і не done"), p("Result := x"),
    ]);
  });

  test("read/write, width specifiers, bare forms, PascalABC", async () => {
    expect(await body("readln(a, b); read(x); readln; write('x = ', x:8:2); writeln; Print(1, 2); Println(s); n := ReadInteger('n=');")).toEqual([
      io("Ввід a, b"), io("Ввід x"), io("Ввід символу"), io("Вивід 'x = ', x"), io("Вивід новий рядок"), io("Вивід 1, 2"), io("Вивід s"), io("Ввід n"),
    ]);
    expect(await body("readln(a); writeln(a);", { locale: "en" })).toEqual([io("Input a"), io("Output a")]);
    expect(await body("a.Println; Console.WriteLine('x = ', x); s := Console.ReadLine; ch := ReadKey; list.Write(x)")).toEqual([
      io("Вивід a"), io("Вивід 'x = ', x"), io("Ввід s"), io("Ввід ch"), io("Вивід x"),
    ]);
  });

  test("inc/dec, compound assignment", async () => {
    expect(await body("inc(i); inc(i, 2); dec(j); dec(j, k + 1); s += a * b; s *= a + b;")).toEqual([
      p("i := i + 1"), p("i := i + 2"), p("j := j - 1"), p("j := j - (k + 1)"), p("s := s + a * b"), p("s := s * (a + b)"),
    ]);
  });

  test("calls to routines of the source are call symbols, other calls processes", async () => {
    const src = `program T;
procedure Show(x: integer); begin writeln(x) end;
function Twice(x: integer): integer; begin Twice := 2 * x end;
begin
  Show(1); y := Twice(3); ClrScr; obj.Show; Randomize;
end.`;
    const r = await parse(src);
    expect(bare(chart(r, "main").block.stmts)).toEqual([call("Show(1)"), call("y := Twice(3)"), p("ClrScr"), call("obj.Show"), p("Randomize")]);
    const r2 = await parse(src, { callAsProcess: true });
    expect(bare(chart(r2, "main").block.stmts)[0]).toEqual(p("Show(1)"));
  });

  test("if / else if / else and begin-end blocks", async () => {
    expect(await body("if a > 0 then x := 1 else if a < 0 then begin x := -1; y := 2 end else x := 0;")).toEqual([
      { kind: "if", cond: "a > 0", then: blk(p("x := 1")), else: blk({
        kind: "if", cond: "a < 0", then: blk(p("x := -1"), p("y := 2")), else: blk(p("x := 0")),
      }) },
    ]);
  });

  test("dangling else binds to the nearest if", async () => {
    expect(await body("if a then if b then x := 1 else x := 2;")).toEqual([
      { kind: "if", cond: "a", then: blk({ kind: "if", cond: "b", then: blk(p("x := 1")), else: blk(p("x := 2")) }) },
    ]);
    expect(await body("if a then begin if b then x := 1 end else x := 2;")).toEqual([
      { kind: "if", cond: "a", then: blk({ kind: "if", cond: "b", then: blk(p("x := 1")) }), else: blk(p("x := 2")) },
    ]);
  });

  test("empty branches", async () => {
    expect(await body("if a then else x := 1; while b do ;")).toEqual([
      { kind: "if", cond: "a", then: blk(), else: blk(p("x := 1")) },
      { kind: "while", cond: "b", body: blk() },
    ]);
  });

  test("case → switch with labels as written and else/otherwise default", async () => {
    const expected: Node = {
      kind: "switch", cond: "k", cases: [
        { label: "1", body: blk(io("Вивід 'one'")) },
        { label: "2, 3", body: blk(p("x := 2"), p("y := 3")) },
        { label: "4..6", body: blk() },
        { label: "'a'..'z'", body: blk(p("z := 1")) },
      ], default: blk(io("Вивід 'other'"), p("x := 0")),
    };
    expect(await body("case k of 1: writeln('one'); 2, 3: begin x := 2; y := 3 end; 4..6: ; 'a'..'z': z := 1 else writeln('other'); x := 0 end;")).toEqual([expected]);
    expect(await body("case k of 1: writeln('one'); 2,3: begin x := 2; y := 3 end; 4..6: ; 'a'..'z': z := 1; otherwise writeln('other'); x := 0; end;")).toEqual([expected]);
    expect(await body("case k of 1: x := 1; end;")).toEqual([{ kind: "switch", cond: "k", cases: [{ label: "1", body: blk(p("x := 1")) }] }]);
  });

  test("loops: for to/downto/in, foreach, step, while, repeat, loop", async () => {
    const stmts = bare(chart(await parse(await fixture("loops.pas")), "main").block.stmts);
    expect(stmts).toEqual([
      { kind: "for", cond: "i := 1, n", body: blk(p("s := s + i")) },
      { kind: "for", cond: "i := n, 1, -1", body: blk(p("s := s - i")) },
      { kind: "for", cond: "x ∈ a", body: blk(io("Вивід x")) },
      { kind: "while", cond: "s > 0", body: blk(p("s := s div 2")) },
      { kind: "dowhile", cond: "x ≠ 0", until: true, body: blk(io("Ввід x")) },
    ]);
    expect(await body("foreach var x: integer in a do Print(x); for var i := 0 to 9 step 2 do s += i; loop 3 do Print('*'); loop := 5;")).toEqual([
      { kind: "for", cond: "x ∈ a", body: blk(io("Вивід x")) },
      { kind: "for", cond: "i := 0, 9, 2", body: blk(p("s := s + i")) },
      { kind: "for", cond: "_ := 1, 3", body: blk(io("Вивід '*'")) },
      p("loop := 5"),
    ]);
    expect(await body("for i := 1 to step do x := i; for i := 1 to step * 2 do ; for i := 9 downto 1 step 2 do ;")).toEqual([
      { kind: "for", cond: "i := 1, step", body: blk(p("x := i")) },
      { kind: "for", cond: "i := 1, step * 2", body: blk() },
      { kind: "for", cond: "i := 9, 1, -2", body: blk() },
    ]);
  });

  test("while true → infloop or dowhile-until (Python parity); repeat until false → infloop", async () => {
    expect(await body("while True do begin readln(x); if x = 0 then break end; while (true) do begin if a then continue; if b then break; end; repeat x := 1 until false")).toEqual([
      { kind: "dowhile", cond: "x = 0", until: true, body: blk(io("Ввід x")) },
      { kind: "infloop", body: blk({ kind: "if", cond: "a", then: blk({ kind: "continue" }) }, { kind: "if", cond: "b", then: blk({ kind: "break" }) }) },
      { kind: "infloop", body: blk(p("x := 1")) },
    ]);
  });

  test("parentheses around a whole condition are dropped, inner ones kept", async () => {
    expect(await body("if (a > b) then x := 1; while ((i < n)) and (ok) do inc(i); repeat until (x = 0); case (k) of 1: ; end;")).toEqual([
      { kind: "if", cond: "a > b", then: blk(p("x := 1")) },
      { kind: "while", cond: "((i < n)) і (ok)", body: blk(p("i := i + 1")) },
      { kind: "dowhile", cond: "x = 0", until: true, body: blk() },
      { kind: "switch", cond: "k", cases: [{ label: "1", body: blk() }] },
    ]);
  });

  test("with, goto and labels, break/continue, halt, exit", async () => {
    expect(await body("with r do begin a := 1 end; goto 10; 10: x := 1; done: ; while b do begin if a then break; continue end; halt; exit")).toEqual([
      p("with r"), p("a := 1"),
      { kind: "connector", text: "10", jump: true }, { kind: "connector", text: "10" }, p("x := 1"),
      { kind: "connector", text: "done" },
      { kind: "while", cond: "b", body: blk({ kind: "if", cond: "a", then: blk({ kind: "break" }) }, { kind: "continue" }) },
      term("Кінець"), term("Кінець"),
    ]);
  });

  test("exit in routines: end text, exitText with mainOnlyTerminators, exit(x), returnAsIO", async () => {
    const src = "program T;\nfunction F(x: integer): integer;\nbegin\n  if x < 0 then exit;\n  Exit(x * 2);\n  halt\nend;\nbegin end.";
    const f = (r: FrontendResult) => bare(chart(r, "F").block.stmts);
    expect(f(await parse(src))).toEqual([{ kind: "if", cond: "x < 0", then: blk(term("Кінець")) }, term("Повернути x * 2"), term("Кінець")]);
    expect(f(await parse(src, { mainOnlyTerminators: true }))[0]).toEqual({ kind: "if", cond: "x < 0", then: blk(term("Вихід")) });
    expect(f(await parse(src, { returnAsIO: true }))[1]).toEqual(io("Вивід x * 2"));
  });

  test("try/except with handlers, plain except, finally, raise", async () => {
    expect(await body("try x := 1 div y except on E: EDivByZero do writeln('div'); on EInOutError do begin a := 1 end else writeln('?') end;")).toEqual([
      // The division is checked before it runs (issue 20); handlers it cannot reach are not drawn.
      { kind: "if", cond: "Ділення на нуль?", then: blk(io("Вивід 'div'")), else: blk(p("x := 1 div y")) },
    ]);
    expect(await body("try a := 1 except writeln('err') end; try b := 2 finally c := 3 end; raise Exception.Create('bad'); raise")).toEqual([
      p("a := 1"), { kind: "if", cond: "Виняток?", then: blk(io("Вивід 'err'")), else: blk() },
      p("b := 2"), p("c := 3"),
      term("Помилка: 'bad'"), term("Помилка"),
    ]);
    // `ReadLn(n)` of a number fails on letters: the decision is «Введено число?» right after it.
    expect(await body("try readln(n) except on E: EInOutError do writeln('not a number') end;")).toEqual([
      io("Ввід n"), { kind: "if", cond: "Введено число?", then: blk(), else: blk(io("Вивід 'not a number'")) },
    ]);
  });

  test("Assert → if with a raise on the no-branch (like Python's assert)", async () => {
    expect(await body("Assert(n > 0); Assert((k <> 0), 'k is zero')")).toEqual([
      { kind: "if", cond: "n > 0", then: blk(), else: blk(term("Помилка: EAssertionFailed")) },
      { kind: "if", cond: "k ≠ 0", then: blk(), else: blk(term("Помилка: 'k is zero'")) },
    ]);
  });

  test("PascalABC inline var declarations and one-line functions", async () => {
    const r = await parse("function Sq(x: real) := x * x;\nprocedure Hi := Println('hi');\nbegin\n  var n := 5;\n  var s: integer := 0;\n  var a, b: real;\n  var k := ReadInteger;\nend.");
    expect(r.errors).toEqual([]);
    expect(bare(chart(r, "main").block.stmts)).toEqual([p("n := 5"), p("s := 0"), io("Ввід k")]);
    expect(bare(chart(r, "Sq").block.stmts)).toEqual([term("Повернути x²")]);
    expect(bare(chart(r, "Hi").block.stmts)).toEqual([io("Вивід 'hi'")]);
  });

  test("every node carries its 1-based source position", async () => {
    const r = await parse("program T;\nbegin\n  x := 1;\n    if x > 0 then\n      writeln(x);\nend.");
    const main = chart(r, "main");
    expect(main.loc).toEqual({ line: 2, col: 1 });
    expect(main.block.stmts[0]!.loc).toEqual({ line: 3, col: 3 });
    const ifNode = main.block.stmts[1] as Extract<Node, { kind: "if" }>;
    expect(ifNode.loc).toEqual({ line: 4, col: 5 });
    expect(ifNode.then.stmts[0]!.loc).toEqual({ line: 5, col: 7 });
  });
});

describe("program structure", () => {
  test("main first, then routines in source order; methods and nested routines named with dots", async () => {
    const r = await parse(`program P;
type TFoo = class
  procedure Bar;
  function Baz: integer; virtual;
end;
  TProc = procedure(x: integer) of object;
  TRec = record a: integer; case b: integer of 1: (c: real); end;
var f: function(x: integer): integer;
procedure Later; forward;
procedure TFoo.Bar;
begin writeln('bar') end;
function Outer(x: integer): integer;
  procedure Inner;
    function Deepest: integer; begin Deepest := 1 end;
  begin writeln(Deepest) end;
var y: integer;
begin Inner; Outer := x end;
procedure Later;
begin end;
begin
  Later
end.`);
    expect(r.errors).toEqual([]);
    expect(r.tree.map((f) => f.name)).toEqual(["main", "TFoo.Bar", "Outer", "Outer.Inner", "Outer.Inner.Deepest", "Later"]);
    expect(r.tree[0]!.main).toBe(true);
    expect(r.tree[1]!.main).toBeUndefined();
    expect(bare(chart(r, "Outer").block.stmts)).toEqual([call("Inner"), p("Outer := x")]);
  });

  test("Delphi: generics, class methods, operators, anonymous methods, asm", async () => {
    const r = await parse(`program D;
type
  TStack<T> = class
    class function Make: TStack<T>;
    function Pop: T;
  end;
  TVec = record
    X: Double;
    class operator Add(const A, B: TVec): TVec;
  end;
class function TStack<T>.Make: TStack<T>;
begin Result := TStack<T>.Create end;
function TStack<T>.Pop: T;
begin Result := Default(T) end;
class operator TVec.Add(const A, B: TVec): TVec;
begin Result.X := A.X + B.X end;
procedure Fast; assembler;
asm
  mov eax, 1
end;
begin
  Run(procedure begin if a then b := 1 end);
  f := function(x: Integer): Integer begin Result := x * 2 end;
end.`);
    expect(r.errors).toEqual([]);
    expect(r.tree.map((f) => f.name)).toEqual(["main", "TStack.Make", "TStack.Pop", "TVec.Add", "Fast"]);
    expect(bare(chart(r, "Fast").block.stmts)).toEqual([p("asm")]);
    expect(bare(chart(r, "main").block.stmts)).toEqual([
      p("Run(procedure begin if a then b := 1 end)"),
      p("f := function(x: Integer): Integer begin Result := x * 2 end"),
    ]);
  });

  test("PascalABC.NET: method bodies inside class declarations are charts of their own", async () => {
    const r = await parse(await fixture("abc_classes.pas"));
    expect(r.errors).toEqual([]);
    expect(r.tree.map((f) => f.name)).toEqual(["main", "Point.Create", "Point.Show", "Point.Dist", "TStack.Push", "TOther.Declared"]);
    expect(bare(chart(r, "Point.Dist").block.stmts)).toEqual([term("Повернути √(x² + y²)")]);
    expect(bare(chart(r, "main").block.stmts)).toEqual([p("p := Point(1, 2)") /* new reads as what it makes */, call("p.Show")]);
  });

  test("unit: only implementation bodies produce charts", async () => {
    const r = await parse(await fixture("unit.pas"));
    expect(r.errors).toEqual([]);
    expect(r.tree.map((f) => f.name)).toEqual(["TShape.Show", "TSquare.Area", "Helper"]);
    expect(bare(chart(r, "Helper").block.stmts)).toEqual([
      { kind: "if", cond: "x < 0", then: blk(term("Помилка: 'negative'")) },
    ]);
  });

  test("Cyrillic identifiers and strings", async () => {
    const r = await parse(await fixture("cyrillic.pas"));
    expect(r.errors).toEqual([]);
    expect(bare(chart(r, "main").block.stmts)).toEqual([
      p("сума := 0"), io("Ввід число"),
      { kind: "while", cond: "число > 0", body: blk(p("сума := сума + число mod 10"), p("число := число div 10")) },
      io("Вивід 'Сума цифр: ', сума"),
    ]);
  });

  test("program without header, mixed case keywords, CRLF and BOM", async () => {
    const r = await parse("\uFEFFVAR x: Integer;\r\nBEGIN\r\n  X := 1;\r\n  WriteLn(X)\r\nEnd.");
    expect(r.errors).toEqual([]);
    expect(bare(chart(r, "main").block.stmts)).toEqual([p("X := 1"), io("Вивід X")]);
    expect(chart(r, "main").block.stmts[1]!.loc).toEqual({ line: 4, col: 3 });
  });

  test("fragments without begin … end. and PascalABC ## programs become main", async () => {
    for (const src of ["readln(x);\nwriteln(x * 2);", "## readln(x); writeln(x * 2);", "var y := 1;\nreadln(x); writeln(x * 2)"]) {
      const r = await parse(src);
      expect(r.errors).toEqual([]);
      const stmts = bare(chart(r, "main").block.stmts);
      expect(stmts.slice(-2)).toEqual([io("Ввід x"), io("Вивід x * 2")]);
    }
    const r = await parse("program T;\nbegin\n  x := 1\nend;\n");
    expect(r.errors).toEqual([]);
    expect(bare(chart(r, "main").block.stmts)).toEqual([p("x := 1")]);
    // A statement the parser cannot read is drawn from its text, and reported (issue 20).
    const bad = await parse("x := 1;\nif then y := 2;");
    expect(bad.errors).toEqual([
      { name: "main", message: expect.stringMatching(/^syntax error at line 2, column 4: expected an expression but found 'then'/), line: 2, col: 4, recovered: true },
    ]);
    expect(bare(chart(bad, "main").block.stmts)).toEqual([p("x := 1"), p("if then y := 2")]);
  });

  test("empty source → empty tree; empty main → empty chart", async () => {
    expect(await parse("")).toEqual({ tree: [], errors: [] });
    expect(await parse("  { only a comment }\n")).toEqual({ tree: [], errors: [] });
    const r = await parse("program E; begin end.");
    expect(bare(r.tree)).toEqual([{ name: "main", main: true, block: blk() }]);
  });
});

describe("errors and limits", () => {
  test("syntax error → FunctionError with line/col and what was found; other routines still come out", async () => {
    const r = await parse(await fixture("syntax_error.pas"));
    expect(r.errors).toEqual([
      { name: "Broken", message: expect.stringMatching(/^syntax error at line 13, column 3: expected ';' but found 'a'/), line: 13, col: 3, recovered: true },
    ]);
    // The routine is drawn around the statement it cannot read (issue 20).
    expect(r.tree.map((f) => f.name)).toEqual(["main", "First", "Broken", "Last"]);
    expect(bare(chart(r, "Broken").block.stmts)).toEqual([p("if a > 0 then\nwriteln('x')\na := 2")]);
  });

  test("unbalanced parenthesis and errors in main", async () => {
    const r = await parse("program T;\nprocedure A;\nbegin\n  x := (b + 1;\nend;\nprocedure B;\nbegin\n  y := 2\nend;\nbegin\n  A;\n  B\n  C\nend.");
    expect(r.errors.map((e) => [e.name, e.line, e.col, e.recovered])).toEqual([["main", 13, 3, true], ["A", 4, 14, true]]);
    expect(r.tree.map((f) => f.name)).toEqual(["main", "A", "B"]);
    expect(bare(chart(r, "A").block.stmts)).toEqual([p("x := (b + 1")]);
  });

  test("error in a nested routine marks the enclosing routine too", async () => {
    const r = await parse("program T;\nprocedure Outer;\n  procedure Inner;\n  begin\n    if then x := 1\n  end;\nbegin Inner end;\nprocedure Other;\nbegin x := 2 end;\nbegin Other end.");
    // Recovered inside Inner's body: only Inner is reported, both are drawn (issue 20).
    expect(r.errors.map((e) => [e.name, e.line, e.col, e.recovered])).toEqual([["Outer.Inner", 5, 8, true]]);
    expect(r.tree.map((f) => f.name)).toEqual(["main", "Outer", "Outer.Inner", "Other"]);
  });

  test("recovery: unindented bodies, a missing end, `operator` as a variable", async () => {
    const r = await parse(await fixture("recovery.pas"));
    // B lacks its `end` (its structure is broken: left out); A only has a statement it cannot read.
    expect(r.errors).toEqual([
      { name: "B", message: "syntax error at line 16, column 1: expected 'end' but found 'procedure'", line: 16, col: 1 },
      expect.objectContaining({ name: "A", line: 7, col: 8, recovered: true }),
    ]);
    expect(r.tree.map((f) => f.name)).toEqual(["main", "A", "C"]);
    expect(bare(chart(r, "main").block.stmts)).toEqual([p("operator := '+'"), call("A"), call("B"), call("C")]);
  });

  test("an overload with an error does not hide its sibling", async () => {
    const r = await parse("program T;\nprocedure Show(x: integer); overload;\nbegin writeln(x) end;\nprocedure Show(s: string); overload;\nbegin writeln(s; end;\nbegin Show(1) end.");
    expect(r.errors).toEqual([expect.objectContaining({ name: "Show", line: 5, col: 16, recovered: true })]);
    expect(bare(r.tree).map((f) => [f.name, f.block.stmts])).toEqual([["main", [call("Show(1)")]], ["Show", [io("Вивід x")]], ["Show", [p("writeln(s")]]]);
  });

  test("missing end. and truncated sources never throw", async () => {
    const r = await parse("program T;\nbegin\n  x := 1;\n");
    expect(r.errors[0]).toMatchObject({ name: "main", message: "syntax error at line 4, column 1: expected 'end' but found end of file" });
    const src = await fixture("unit.pas");
    for (let cut = 0; cut < src.length; cut += 7) {
      const result = await parsePascal(src.slice(0, cut), resolveOptions({}), bunAssets);
      expect(ChartTreeSchema.safeParse(result.tree).success).toBe(true);
    }
  });

  test("garbage and token soup never throw", async () => {
    const words = ["begin", "end", "if", "then", "else", "case", "of", ":", ";", "(", ")", "x", ":=", "1", "repeat", "until",
      "try", "except", "on", "do", "for", "to", "procedure", "function", "class", "record", ".", "'s'", "var", "loop"];
    let seed = 42;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let i = 0; i < 200; i++) {
      const src = Array.from({ length: 40 }, () => words[Math.floor(rnd() * words.length)]).join(" ");
      const result = await parsePascal(src, resolveOptions({}), bunAssets);
      expect(ChartTreeSchema.safeParse(result.tree).success).toBe(true);
    }
  });

  test("500-deep nesting: no stack overflow, a depth-limit FunctionError", async () => {
    const deep = "program D;\nbegin\n" + "if a then begin\n".repeat(500) + "x := 1\n" + "end\n".repeat(500) + "end.";
    const r = await parse(deep);
    expect(r.tree).toEqual([]);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]!.name).toBe("main");
    expect(r.errors[0]!.message).toContain("too deeply nested");
    const deeper = "program D;\nbegin\n" + "while a do ".repeat(20000) + "x := 1\nend.";
    const r2 = await parse(deeper);
    expect(r2.errors[0]!.message).toContain("nested too deeply");
  });

  test("more than 2000 symbols → FunctionError; the other charts remain", async () => {
    const big = "program B;\nprocedure Small; begin x := 1 end;\nbegin\n" + "x := 1;\n".repeat(2001) + "end.";
    const r = await parse(big);
    expect(r.errors).toEqual([{ name: "main", message: "chart too large: more than 2000 symbols", line: 3, col: 1 }]);
    expect(r.tree.map((f) => f.name)).toEqual(["Small"]);
  });
});

describe("conditional compilation and notation (issue 13)", () => {
  test("{$ifdef}/{$else}/{$endif} draw the branch a compiler takes with the source's own defines", async () => {
    const code = "{$define FAST}\n{$IFDEF FAST}\nx := 1;\n{$ELSE}\nx := 2;\n{$ENDIF}\n{$ifndef FAST} y := 1; {$endif}\n{$if 0}\nz := 1;\n{$ifend}\nwriteln;\nreadln;";
    expect(await body(code)).toEqual([p("x := 1"), io("Вивід новий рядок"), io("Ввід символу")]);
  });

  test("Format('…%d', [values]) prints its pieces and values", async () => {
    expect(await body("writeln(Format('Sum: %d of %d', [s, n]));")).toEqual([io("Вивід 'Sum: ', s, ' of ', n")]);
  });
});

describe("issue 20: set-up, input in a student's words, file I/O (the engine's finished front-end)", () => {
  const main = finishedMain("pascal");

  test("console set-up and the closing readln are left out; write + readln is one input", async () => {
    const { lines, omitted } = await main([
      "program Lab;", "uses crt;", "var n: integer; x: real;", "begin", "  SetConsoleCP(1251);", "  ClrScr;", "  Randomize;",
      "  write('n = '); readln(n);", "  write('x = ');", "  readln(x);", "  writeln('Sum: ', n + x);", "  Delay(1000);", "  readln;", "end.",
    ].join("\n"));
    expect(lines).toEqual(["io Ввід n, x", "io Вивід 'Sum: ', n + x"]);
    expect(omitted.map((o) => [o.line, o.text])).toEqual([[5, "SetConsoleCP(1251)"], [6, "ClrScr"], [7, "Randomize"], [12, "Delay(1000)"], [13, "Ввід символу"]]);
  });

  test("assign + rewrite is one opening; writeln(f, …) / readln(f, …) write and read the file", async () => {
    const { lines } = await main([
      "program Files;", "var f: text; n: integer; s: string;", "begin", "  assign(f, 'out.txt');", "  rewrite(f);", "  writeln(f, n, ' ', s);", "  close(f);",
      "  assign(f, 'in.txt');", "  reset(f);", "  readln(f, s);", "  close(f);", "end.",
    ].join("\n"));
    expect(lines).toEqual([
      "process Відкриття файлу f: 'out.txt'", "io Запис у файл f: n, ' ', s", "process Закриття файлу f",
      "process Відкриття файлу f: 'in.txt'", "io Читання з файлу f: s", "process Закриття файлу f",
    ]);
  });
});

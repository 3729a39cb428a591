import { describe, expect, test } from "bun:test";
import { parseCSharp } from "../engine/frontends/csharp/index.ts";
import type { FrontendResult } from "../engine/frontends/types.ts";
import type { Options } from "../engine/options.ts";
import { type Node } from "../engine/tree/schema.ts";
import { parserFor, bare, chart, p, io, term, call, blk, finishedMain } from "./support/frontend-helpers.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const FIXTURES = new URL("./fixtures/csharp/", import.meta.url);
const PARITY = new URL("./parity/csharp/", import.meta.url);

const parse = parserFor(parseCSharp);

async function fixture(file: string, options: Options = {}): Promise<FrontendResult> {
  const result = await parse(await Bun.file(new URL(file, FIXTURES)).text(), options);
  expect(result.errors).toEqual([]);
  return result;
}

/** Top-level statements → main chart statements. */
async function top(code: string, options: Options = {}): Promise<Node[]> {
  const result = await parse(code, options);
  expect(result.errors).toEqual([]);
  return bare(chart(result, "main").block.stmts);
}


describe("c# front-end: interpolated strings in output", () => {
  test("literal pieces quoted, expressions as they are; alignment and format dropped; {{ }} unescaped", async () => {
    const result = await parse('Console.WriteLine($"Sum: {s + 1,5:F2} and {{x}} {a}");\nConsole.Write($@"v {x}");\nstring m = $"n={n}";\n');
    expect(bare(chart(result, "main").block.stmts)).toEqual([
      io('Вивід "Sum: ", s + 1, " and {x} ", a'),
      io('Вивід "v ", x'),
      p('string m := $"n={n}"'),
    ]);
  });
});

describe("c# front-end: top-level programs", () => {
  test("input, output, calls, return, Environment.Exit; local functions are charts", async () => {
    const result = await fixture("toplevel.cs");
    expect(result.tree.map((c) => c.name)).toEqual(["main", "Square", "Show"]);
    expect(bare(result.tree[0]!)).toEqual({
      name: "main",
      main: true,
      block: blk(
        io('Вивід "n = "'),
        io("Ввід n"),
        io("Ввід k"),
        io("Ввід d"),
        io("Ввід s"),
        io("Ввід символу"),
        io('Вивід "Сума = ", n + k'),
        io("Вивід n, k"),
        io("Вивід новий рядок"),
        io("Вивід Square(n)"),
        call("int r := Square(k)"),
        { kind: "if", cond: "n = 0", then: blk(term("Кінець")) },
        term("Кінець"),
      ),
    });
    expect(bare(chart(result, "Square").block.stmts)).toEqual([term("Повернути x²")]);
    expect(bare(chart(result, "Show").block.stmts)).toEqual([io("Вивід v")]);
  });

  test("stripTypes, english words, callAsProcess", async () => {
    expect(await top("var n = 5;\nint m = F(n);\nbool ok = !(a && b) || c != d;\nint F(int x) => x;", { stripTypes: true, locale: "en", callAsProcess: true })).toEqual([
      p("n := 5"),
      p("m := F(n)"),
      p("ok := not (a and b) or c ≠ d"),
    ]);
  });
});

describe("c# front-end: console variants", () => {
  test("using static System.Console, TryParse with out, for (;;) do-until idiom", async () => {
    const code =
      "using static System.Console;\nWriteLine(\"hi\");\nint.TryParse(ReadLine(), out int n);\nint.TryParse(Console.ReadLine(), out m);\nfor (;;) { n++; if (n > 3) break; }\n";
    expect(await top(code)).toEqual([
      io('Вивід "hi"'),
      io("Ввід n"),
      io("Ввід m"),
      { kind: "dowhile", cond: "n > 3", until: true, body: blk(p("n := n + 1")) },
    ]);
  });
});

describe("c# front-end: statements", () => {
  test("Main is the main chart; declarations, loops, switch, try, goto, using", async () => {
    const result = await fixture("statements.cs");
    expect(bare(chart(result, "main").block.stmts)).toEqual([
      p("int x := 5"),
      p("var list := порожній список"),
      p("x := x + y * 2"),
      p("x := x + 1"),
      p("x := x - 1"),
      p("bool ok := x ≥ 2 і y ≠ 3 або не done"),
      p("var evens := list.Where(v => v mod 2 = 0).ToList()"),
      { kind: "for", cond: "i := 0, 9", body: blk(io("Вивід i")) },
      { kind: "for", cond: "i := x, 1, -1", body: blk() },
      p("int i := 0, j := 5"),
      {
        kind: "while",
        cond: "i < j",
        body: blk(
          { kind: "if", cond: "i = 2", then: blk(p("i := i + 1"), p("j := j - 1"), { kind: "continue" }) },
          p("y := i"),
          p("i := i + 1"),
          p("j := j - 1"),
        ),
      },
      { kind: "for", cond: "v ∈ list", body: blk(p("y := y + v")) },
      { kind: "while", cond: "x > 0", body: blk(p("x := x / 2")) },
      { kind: "dowhile", cond: "x < 10", body: blk(p("x := x + 1")) },
      { kind: "dowhile", cond: "x = 0", until: true, body: blk(p("x := x - 1")) },
      {
        kind: "switch",
        cond: "x",
        cases: [
          { label: "1, 2", body: blk(p("y := 1")) },
          { label: "3", body: blk(p("y := 2"), p("goto case 1")) },
        ],
        default: blk(p("y := 0")),
      },
      // A switch expression deciding the value: a switch with the statement in each case (issue 13).
      { kind: "switch", cond: "x", cases: [{ label: "1", body: blk(p('var name := "one"')) }], default: blk(p('var name := "many"')) },
      // The division is checked before it runs (issue 20); the catch-all no statement reaches is not drawn.
      { kind: "if", cond: "Ділення на нуль?", then: blk(p("y := 0")), else: blk(p("y := 10 / x")) },
      io('Вивід "done"'),
      { kind: "connector", text: "end", jump: true },
      p("y := 1"),
      { kind: "connector", text: "end" },
      io("Вивід y"),
      p('var f := File.OpenText("a.txt")'),
      p("y := 2"),
    ]);
  });

  test("chart names: properties, constructors, methods, local functions, nested classes", async () => {
    const result = await fixture("statements.cs");
    expect(result.tree.map((c) => c.name)).toEqual([
      "main", "Program.Value.get", "Program.Value.set", "Program.Program", "Program.Fact", "Program.Outer",
      "Program.Outer.Twice", "Program.Inner.Go",
    ]);
    expect(bare(chart(result, "Program.Fact").block.stmts)).toEqual([
      { kind: "if", cond: "n ≤ 1", then: blk(term("Повернути 1")) },
      term("Повернути n * Fact(n - 1)"),
    ]);
    expect(bare(chart(result, "Program.Outer").block.stmts)).toEqual([io("Вивід Twice(3)")]);
    expect(bare(chart(result, "Program.Inner.Go").block.stmts)).toEqual([term("Кінець")]);
    const exits = await fixture("statements.cs", { mainOnlyTerminators: true });
    expect(bare(chart(exits, "Program.Inner.Go").block.stmts)).toEqual([term("Вихід")]);
  });

  test("lock / checked / using headers", async () => {
    expect(await top('lock (o) { x = 1; }\nchecked { y = 2; }\nusing (var r = new StreamReader("a")) y = 3;\nusing (res) { }')).toEqual([
      p("lock (o)"),
      p("x := 1"),
      p("y := 2"),
      p('var r := StreamReader("a")'),
      p("y := 3"),
      p("using (res)"),
    ]);
  });

  test("a return in main ends the program (int Main, top-level exit code)", async () => {
    const result = await parse("class P { static int Main() { if (x) return 1; return 0; } }");
    expect(bare(chart(result, "main").block.stmts)).toEqual([{ kind: "if", cond: "x", then: blk(term("Кінець")) }, term("Кінець")]);
    expect(await top("Console.WriteLine(1);\nreturn 2;")).toEqual([io("Вивід 1"), term("Кінець")]);
  });

  test("catch with an exception filter", async () => {
    expect(await top("try { A(); } catch (IOException e) when (e.HResult == 5) { B(); }")).toEqual([
      p("A()"),
      { kind: "if", cond: "Виняток IOException when (e.HResult = 5)?", then: blk(p("B()")), else: blk() },
    ]);
  });

  test("expression-bodied members", async () => {
    const code = "class A {\n int Q => x;\n int R { get => r; set => r = value; }\n void M() => Console.WriteLine(1);\n}";
    const result = await parse(code);
    expect(bare(result.tree)).toEqual([
      { name: "A.Q.get", block: blk(term("Повернути x")) },
      { name: "A.R.get", block: blk(term("Повернути r")) },
      { name: "A.R.set", block: blk(p("r := value")) },
      { name: "A.M", block: blk(io("Вивід 1")) },
    ]);
  });

  test("while / if / switch with patterns and when", async () => {
    const code =
      "switch (o)\n{\n case int i when i > 0:\n  A();\n  break;\n case string s:\n  B();\n  return;\n case >= 1 and <= 5:\n case not null:\n  C();\n  break;\n default:\n  break;\n}";
    expect(await top(code)).toEqual([
      {
        kind: "switch",
        cond: "o",
        cases: [
          { label: "int i when i > 0", body: blk(p("A()")) },
          { label: "string s", body: blk(p("B()"), term("Кінець")) },
          { label: "≥ 1 і ≤ 5, not null", body: blk(p("C()")) },
        ],
        default: blk(),
      },
    ]);
  });

  test("locations and CRLF", async () => {
    const result = await parse("int a = 1;\r\nif (a > 0)\r\n{\r\n    Console.WriteLine(a);\r\n}\r\n");
    const stmts = chart(result, "main").block.stmts;
    expect(stmts[1]!.loc).toEqual({ line: 2, col: 1 });
    const inner = stmts[1] as Extract<Node, { kind: "if" }>;
    expect(inner.then.stmts[0]!.loc).toEqual({ line: 4, col: 5 });
  });
});

describe("c# front-end: errors and limits", () => {
  test("a syntax error breaks only its method, with line and column", async () => {
    const result = await parse(await Bun.file(new URL("syntax_error.cs", FIXTURES)).text());
    // The method is drawn around its error (issue 20): the unreadable `if` as a process with its text.
    expect(result.tree.map((c) => c.name)).toEqual(["main", "P.Good", "P.Bad"]);
    expect(result.tree[2]!.block.stmts).toMatchObject([{ kind: "process", text: expect.stringContaining("if (x > 0") }]);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]).toMatchObject({ name: "P.Bad", line: 10, col: 9, recovered: true });
    expect(result.errors[0]!.message).toStartWith("syntax error at line 10, column 9");
  });

  test("limits → FunctionError, other charts still come out", async () => {
    const code = `class A {\n static void Big() {\n${"x = 1;\n".repeat(2100)} }\n static void Ok() { x = 2; }\n}`;
    const result = await parse(code);
    expect(result.tree.map((c) => c.name)).toEqual(["A.Ok"]);
    expect(result.errors[0]).toMatchObject({ name: "A.Big", message: expect.stringContaining("chart too large"), line: 2 });
  });

  test("empty source", async () => {
    expect(await parse("  \n")).toEqual({ tree: [], errors: [] });
  });
});

const LAB = [
  "linear_search", "binary_search", "bubble_sort", "factorial_loop", "factorial_recursive", "gcd", "prime_test",
  "fibonacci", "max_of_array", "matrix_sum", "digit_sum", "menu_switch",
];

describe("c# front-end: parity and corpus", () => {
  for (const name of LAB) {
    test(`parity ${name}.cs: chart Lab.${name}, no errors`, async () => {
      const result = await parse(await Bun.file(new URL(`${name}.cs`, PARITY)).text());
      expect(result.errors).toEqual([]);
      chart(result, `Lab.${name}`);
    });
  }

  test("parity trees", async () => {
    const load = async (name: string): Promise<Node[]> =>
      bare(chart(await parse(await Bun.file(new URL(`${name}.cs`, PARITY)).text()), `Lab.${name}`).block.stmts);
    expect((await load("bubble_sort"))[0]).toMatchObject({ kind: "for", cond: "i := 0, n - 2" });
    expect((await load("gcd")).map((n) => n.kind)).toEqual(["while", "terminal"]);
    expect((await load("menu_switch"))[0]).toMatchObject({ kind: "switch", cond: "choice" });
    expect((await load("factorial_recursive")).at(-1)).toEqual(term("Повернути n * factorial_recursive(n - 1)"));
  });
});

describe("c# front-end: issue 13", () => {
  test("#if/#elif/#else with the source's #define; #region lines vanish; Console.Read() and WriteLine()", async () => {
    const code = "#define TRACE\n#if DEBUG\nConsole.WriteLine(\"d\");\n#elif TRACE\nConsole.WriteLine(\"t\");\n#else\nConsole.WriteLine(\"r\");\n#endif\n#region x\nConsole.Read();\n#endregion\nConsole.WriteLine();\n";
    expect(await top(code)).toEqual([io('Вивід "t"'), io("Ввід символу"), io("Вивід новий рядок")]);
  });

  test("a deciding ternary is a decision; a composite format gives its pieces", async () => {
    expect(await top('int m = a > b ? a : b;\nConsole.WriteLine("Max: {0}!", m);\n')).toEqual([
      { kind: "if", cond: "a > b", then: blk(p("int m := a")), else: blk(p("int m := b")) },
      io('Вивід "Max: ", m, "!"'),
    ]);
  });
});

describe("issue 20: set-up, input in a student's words, file I/O (the engine's finished front-end)", () => {
  const main = finishedMain("csharp");
  const wrap = (body: string) => `using System;\nusing System.IO;\nclass Program {\n  static void Main() {\n${body}\n  }\n}`;

  test("console encodings, title and clearing are left out, and the closing ReadKey; prompts and reads merge", async () => {
    const { lines, omitted } = await main(wrap([
      "    Console.OutputEncoding = System.Text.Encoding.UTF8;", '    Console.Title = "Lab 1";', "    Console.Clear();",
      '    Console.Write("n = ");', "    int n = int.Parse(Console.ReadLine());", '    Console.Write("x = ");', "    double x = Convert.ToDouble(Console.ReadLine());",
      '    Console.WriteLine("Sum: {0}", n + x);', "    Console.ReadKey();",
    ].join("\n")));
    expect(lines).toEqual(["io Ввід n, x", 'io Вивід "Sum: ", n + x']);
    expect(omitted.map((o) => o.line)).toEqual([5, 6, 7, 13]);
  });

  test("StreamWriter and File.* read and write files", async () => {
    const { lines } = await main(wrap([
      '    StreamWriter sw = new StreamWriter("out.txt");', '    sw.WriteLine("{0} {1}", a, b);', "    sw.Close();",
      '    string[] lines = File.ReadAllLines("in.txt");', '    File.WriteAllText("o.txt", text);',
    ].join("\n")));
    expect(lines).toEqual([
      'process Відкриття файлу sw: "out.txt"', "io Запис у файл sw: a, b", "process Закриття файлу sw",
      'io Читання з файлу "in.txt": lines', 'io Запис у файл "o.txt": text',
    ]);
  });
});

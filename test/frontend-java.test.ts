import { describe, expect, test } from "bun:test";
import { parseJava } from "../engine/frontends/java/index.ts";
import type { Options } from "../engine/options.ts";
import type { Block, Node } from "../engine/tree/schema.ts";
import { parserFor, bare, chart, p, io, term, call, blk, finishedMain } from "./support/frontend-helpers.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const FIXTURES = new URL("./fixtures/java/", import.meta.url);
const PARITY = new URL("./parity/java/", import.meta.url);

const parse = parserFor(parseJava);

async function stmtsOf(file: string, name: string, options: Options = {}): Promise<Node[]> {
  const result = await parse(await Bun.file(new URL(file, FIXTURES)).text(), options);
  expect(result.errors).toEqual([]);
  return bare(chart(result, name).block.stmts);
}

/** Wrap statements into a main method. */
const inMain = (body: string): string => `class M {\n public static void main(String[] args) {\n${body}\n }\n}`;
async function mainOf(body: string, options: Options = {}): Promise<Node[]> {
  const result = await parse(inMain(body), options);
  expect(result.errors).toEqual([]);
  return bare(chart(result, "main").block.stmts);
}


describe("java front-end: statements", () => {
  test("declarations and assignments", async () => {
    expect(await stmtsOf("assign.java", "main")).toEqual([
      p("int x := 5"),
      p("int a := 1, c := 3"),
      p('var s := "a == b"'),
      p("x := a + 1"),
      p("x := x + 1"),
      p("x := x * (a + b)"),
      p("x := x - (c - 1)"),
      p("x := x + 1"),
      p("y := y - 1"),
      p("arr[i] := x ≥ 2 і y ≠ 3 або не done"),
      p("double d := 2.5"),
      p("x := 7"),
    ]);
  });

  test("stripTypes removes declared types (var too)", async () => {
    const stmts = await stmtsOf("assign.java", "main", { stripTypes: true });
    expect(stmts.slice(0, 3)).toEqual([p("x := 5"), p("a := 1, c := 3"), p('s := "a == b"')]);
  });

  test("english locale words", async () => {
    expect(await mainOf("ok = !(a && b) || c == d;", { locale: "en" })).toEqual([p("ok := not (a and b) or c = d")]);
  });

  test("input and output", async () => {
    expect(await stmtsOf("io.java", "main")).toEqual([
      p("Scanner sc := Scanner(System.in)"),
      p("BufferedReader br := BufferedReader(InputStreamReader(System.in))"),
      io("Ввід n"),
      io("Ввід d"),
      io("Ввід name"),
      io("Ввід k"),
      io("Ввід символу"),
      io('Вивід "x = ", n'),
      io("Вивід n"),
      io("Вивід новий рядок"),
      io("Вивід n, d"),
      io('Вивід "Hello%n"'),
      p("Iterator<Integer> it := list.iterator()"),
      p("int v := it.next()"),
      term("Кінець"),
    ]);
  });

  test("var scanner and new Scanner(System.in).nextInt()", async () => {
    expect(await mainOf("var in = new Scanner(System.in);\nint a = in.nextInt();\nint b = new Scanner(System.in).nextInt();")).toEqual([
      p("var in := Scanner(System.in)"),
      io("Ввід a"),
      io("Ввід b"),
    ]);
  });

  test("synchronized: header, then the body", async () => {
    expect(await mainOf("synchronized (this) { x = 1; }")).toEqual([p("synchronized (this)"), p("x := 1")]);
  });

  test("JOptionPane dialogs are input and output", async () => {
    expect(await mainOf('String s = JOptionPane.showInputDialog("Ім\'я?");\nint n = Integer.parseInt(JOptionPane.showInputDialog("n"));\nJOptionPane.showMessageDialog(null, "Привіт, " + s);')).toEqual([
      io("Ввід s"),
      io("Ввід n"),
      io('Вивід "Привіт, ", s'),
    ]);
  });

  test("a Scanner parameter is an input reader", async () => {
    const result = await parse("class A {\n static int read(Scanner in) { int n = in.nextInt(); return n; }\n}");
    expect(bare(chart(result, "A.read").block.stmts)).toEqual([io("Ввід n"), term("Повернути n")]);
  });

  test("if / else if / else", async () => {
    expect(await stmtsOf("if.java", "If.f")).toEqual([
      { kind: "if", cond: "x > 0", then: blk(p("y := 1")) },
      { kind: "if", cond: "x = 0", then: blk(p("y := 2")), else: blk(p("y := 3")) },
      {
        kind: "if",
        cond: "x < 0",
        then: blk(p("y := 4")),
        else: blk({
          kind: "if",
          cond: "x ≤ 10",
          then: blk(p("y := 5")),
          else: blk({ kind: "if", cond: "x ≠ 20", then: blk(p("y := 6")), else: blk(p("y := 7")) }),
        }),
      },
    ]);
  });

  test("loops: counting, expanded, foreach, while, do-while, infinite", async () => {
    const s = await stmtsOf("loops.java", "Loops.f");
    expect(s.slice(0, 7).map((n) => (n as { cond: string }).cond)).toEqual([
      "i := 0, n - 1",
      "i := 1, n",
      "i := 0, 9",
      "i := 0, n",
      "i := n - 1, 0, -1",
      "i := n, 1, -1",
      "i := 0, n - 1, 2",
    ]);
    expect(s[0]).toEqual({ kind: "for", cond: "i := 0, n - 1", body: blk(p("s := s + i")) });
    // Not a counter: expanded into init + while (+ step at the end of the body).
    expect(s.slice(7, 9)).toEqual([p("i := 2"), { kind: "while", cond: "i² ≤ n", body: blk(p("i := i + 1")) }]);
    // continue runs the steps first.
    expect(s.slice(9, 11)).toEqual([
      p("int i := 0, j := n"),
      {
        kind: "while",
        cond: "i < j",
        body: blk(
          { kind: "if", cond: "a[i] = 0", then: blk(p("i := i + 1"), p("j := j - 1"), { kind: "continue" }) },
          p("t := a[i]"),
          p("i := i + 1"),
          p("j := j - 1"),
        ),
      },
    ]);
    // The body assigns the counter: expanded.
    expect(s.slice(11, 13)).toEqual([p("int i := 0"), { kind: "while", cond: "i < n", body: blk(p("i := i + 1"), p("i := i + 1")) }]);
    expect(s.slice(13)).toEqual([
      { kind: "infloop", body: blk({ kind: "break" }) },
      { kind: "for", cond: "x ∈ a", body: blk(p("s := s + x")) },
      { kind: "while", cond: "n > 0", body: blk(p("n := n / 10")) },
      { kind: "dowhile", cond: "n ≠ 0", body: blk(p("n := n - 1")) },
      { kind: "dowhile", cond: "n > 5", until: true, body: blk(p("n := n + 1")) },
      { kind: "infloop", body: blk({ kind: "if", cond: "n > 5", then: blk({ kind: "break" }) }, p("n := n + 1")) },
    ]);
  });

  test("for (;;) is while (true): infinite loop or the do-until idiom", async () => {
    expect(await mainOf("for (;;) { n = sc.nextInt(); if (n == 0) break; }\nfor (;;) { if (ok) break; go(); }")).toEqual([
      { kind: "dowhile", cond: "n = 0", until: true, body: blk(p("n := sc.nextInt()")) },
      { kind: "infloop", body: blk({ kind: "if", cond: "ok", then: blk({ kind: "break" }) }, p("go()")) },
    ]);
  });

  test("custom forEachWord", async () => {
    expect(await mainOf("for (String w : words) System.out.println(w);", { forEachWord: "з" })).toEqual([
      { kind: "for", cond: "w з words", body: blk(io("Вивід w")) },
    ]);
  });

  test("switch: groups, fallthrough, default, arrow rules, switch expressions, inner break", async () => {
    expect(await stmtsOf("switch.java", "Sw.f")).toEqual([
      {
        kind: "switch",
        cond: "x",
        cases: [
          { label: "1, 2", body: blk(p("a()")) },
          { label: "3", body: blk(p("b()")), fallthrough: true },
          { label: "4", body: blk(p("c()"), term("Кінець")) },
        ],
        default: blk(p("d()")),
      },
      {
        kind: "switch",
        cond: "x",
        cases: [
          { label: "1, 2", body: blk(p("a()")) },
          { label: "3", body: blk(p("b()"), p("c()")) },
        ],
        default: blk(term("Помилка: IllegalStateException")),
      },
      // A switch expression deciding the value: a switch with the statement in each case (issue 13).
      { kind: "switch", cond: "x", cases: [{ label: "1", body: blk(p("int r := 10")) }], default: blk(p("int r := 0")) },
      {
        kind: "while",
        cond: "x > 0",
        body: blk(
          {
            kind: "switch",
            cond: "x",
            cases: [{ label: "1", body: blk({ kind: "if", cond: "y", then: blk({ kind: "connector", text: "S1", jump: true }) }, p("z()")) }],
            default: blk({ kind: "continue" }),
          },
          { kind: "connector", text: "S1" },
        ),
      },
    ]);
  });

  test("switch: type patterns with guards", async () => {
    expect(await mainOf("switch (o) { case Integer i when i > 0 -> a(); case String s -> b(); default -> c(); }")).toEqual([
      {
        kind: "switch",
        cond: "o",
        cases: [
          { label: "Integer i when i > 0", body: blk(p("a()")) },
          { label: "String s", body: blk(p("b()")) },
        ],
        default: blk(p("c()")),
      },
    ]);
  });

  test("switch: a case may fall into a final default, not into a default drawn out of place", async () => {
    expect(await mainOf("switch (x) { case 1: a(); default: c(); }\nswitch (x) { case 1: a(); default: c(); case 2: d(); }")).toEqual([
      { kind: "switch", cond: "x", cases: [{ label: "1", body: blk(p("a()")), fallthrough: true }], default: blk(p("c()")) },
      {
        kind: "switch",
        cond: "x",
        cases: [
          { label: "1", body: blk(p("a()")) },
          { label: "2", body: blk(p("d()")) },
        ],
        default: blk(p("c()")),
      },
    ]);
  });

  test("try / catch / finally, try-with-resources, assert", async () => {
    expect(await stmtsOf("try.java", "T.f")).toEqual([
      // The decision stands at the conversion that can fail (issue 20).
      p("n := Integer.parseInt(s)"),
      { kind: "if", cond: "Помилка перетворення?", then: blk(p("n := 0")), else: blk() },
      p("done := true"),
      p("Scanner sc := Scanner(System.in)"),
      io("Ввід k"),
      { kind: "if", cond: "n > 0", then: blk(), else: blk(term('Помилка: "positive"')) },
      term("Повернути n"),
    ]);
  });

  test("labelled break / continue degrade to connector pairs", async () => {
    expect(await stmtsOf("jumps.java", "J.f")).toEqual([
      {
        kind: "for",
        cond: "i := 0, m.length - 1",
        body: blk(
          {
            kind: "for",
            cond: "j := 0, m[i].length - 1",
            body: blk(
              { kind: "if", cond: "m[i][j] < 0", then: blk({ kind: "connector", text: "outer", jump: true }) },
              { kind: "if", cond: "m[i][j] = 0", then: blk({ kind: "connector", text: "outer'", jump: true }) },
              { kind: "if", cond: "m[i][j] = 1", then: blk({ kind: "break" }) },
            ),
          },
          { kind: "connector", text: "outer'" },
        ),
      },
      { kind: "connector", text: "outer" },
      { kind: "while", cond: "x > 0", body: blk({ kind: "if", cond: "x = 3", then: blk({ kind: "break" }) }, p("x := x - 1")) },
      term("Кінець"),
    ]);
  });

  test("break of the labelled innermost loop from inside a switch is a plain break", async () => {
    expect(await mainOf("loop: while (true) { switch (c) { case 0: break loop; default: go(); } }")).toEqual([
      { kind: "infloop", body: blk({ kind: "switch", cond: "c", cases: [{ label: "0", body: blk({ kind: "break" }) }], default: blk(p("go()")) }) },
    ]);
  });

  test("return / exit terminators with options", async () => {
    const code = "class A {\n static void f() { return; }\n static int g() { return 1; }\n public static void main(String[] a) { return; }\n}";
    const r1 = bare((await parse(code)).tree);
    expect(r1.map((c) => [c.name, c.block.stmts])).toEqual([
      ["main", [term("Кінець")]],
      ["A.f", [term("Кінець")]],
      ["A.g", [term("Повернути 1")]],
    ]);
    const r2 = bare((await parse(code, { mainOnlyTerminators: true, returnAsIO: true })).tree);
    expect(r2.map((c) => c.block.stmts)).toEqual([[term("Кінець")], [term("Вихід")], [io("Вивід 1"), term("Вихід")]]);
  });
});

describe("java front-end: charts", () => {
  test("names: classes, nested classes, constructors, interfaces, enums; main first", async () => {
    const result = await parse(await Bun.file(new URL("names.java", FIXTURES)).text());
    expect(result.errors).toEqual([]);
    expect(result.tree.map((c) => c.name)).toEqual([
      "main", "Outer.Outer", "Outer.square", "Outer.show", "Outer.Inner.go", "Outer.Inner.Deep.get", "Outer.Shape.name", "Color.lower",
    ]);
    expect(result.tree[0]!.main).toBe(true);
    expect(result.tree.slice(1).every((c) => c.main === undefined)).toBe(true);
    expect(bare(chart(result, "Outer.show").block.stmts)).toEqual([
      call("int s := square(3)"),
      call("square(4)"),
      call("helper.square(5)"),
      p("Runnable r := () -> System.out.println(1)"),
      p("list.stream().filter(v -> v > 2).forEach(System.out::println)"),
      p("print(s)"),
    ]);
    const asProcess = await parse(await Bun.file(new URL("names.java", FIXTURES)).text(), { callAsProcess: true });
    expect(bare(chart(asProcess, "main").block.stmts)).toEqual([p("show()")]);
  });

  test("every node has a loc", async () => {
    const result = await parse(await Bun.file(new URL("loops.java", FIXTURES)).text());
    const f = chart(result, "Loops.f");
    expect(f.loc).toEqual({ line: 2, col: 5 });
    const stack: Node[] = [...f.block.stmts];
    while (stack.length > 0) {
      const n = stack.pop()!;
      expect(n.loc).toBeDefined();
      for (const key of ["then", "else", "body", "default"] as const) {
        const b = (n as Record<string, unknown>)[key] as Block | undefined;
        if (b) stack.push(...b.stmts);
      }
      if (n.kind === "switch") for (const c of n.cases) stack.push(...c.body.stmts);
    }
    expect(bare(f.block.stmts[0])).toMatchObject({ kind: "for" });
    expect(f.block.stmts[0]!.loc).toEqual({ line: 3, col: 9 });
  });

  test("cyrillic identifiers and strings, CRLF", async () => {
    expect(await stmtsOf("cyrillic.java", "main")).toEqual([
      p("int кількість := 3"),
      io('Вивід "Привіт, світ! ", кількість'),
      { kind: "if", cond: "кількість ≥ 3 і кількість ≠ 10", then: blk(p("кількість := кількість + 1")) },
    ]);
    const crlf = await parse(await Bun.file(new URL("crlf.java", FIXTURES)).text());
    expect(bare(crlf.tree)).toEqual([{ name: "main", main: true, block: blk(p("int x := 1"), io("Вивід x")) }]);
    expect(crlf.tree[0]!.block.stmts[1]!.loc).toEqual({ line: 4, col: 9 });
  });

  test("statements outside a class form the main chart", async () => {
    const result = await parse("int x = 1;\nSystem.out.println(x);\n");
    expect(bare(result.tree)).toEqual([{ name: "main", main: true, block: blk(p("int x := 1"), io("Вивід x")) }]);
  });

  test("empty source and comments only", async () => {
    expect(await parse("")).toEqual({ tree: [], errors: [] });
    expect((await parse("// nothing\n/* here */")).tree).toEqual([]);
  });
});

describe("java front-end: errors and limits", () => {
  test("a syntax error breaks only its method, with line and column", async () => {
    const result = await parse(await Bun.file(new URL("syntax_error.java", FIXTURES)).text());
    // The method is drawn around its error (issue 20) and reported.
    expect(result.tree.map((c) => c.name)).toEqual(["main", "Broken.good", "Broken.bad"]);
    expect(result.errors).toEqual([
      expect.objectContaining({ name: "Broken.bad", message: expect.stringMatching(/^syntax error at line 7, column 18: missing "\)"/), line: 7, col: 18, recovered: true }),
    ]);
  });

  test("a broken method header is reported, the rest still comes out", async () => {
    const code = "class A {\n  static int ok() { return 1; }\n  static void (int x) { x = 1; }\n  static int ok2() { return 2; }\n}";
    const result = await parse(code);
    expect(result.errors.length).toBeGreaterThan(0);
    expect(result.errors[0]!.line).toBe(3);
    expect(result.tree.map((c) => c.name)).toContain("A.ok");
  });

  test("too many symbols and too deep nesting → FunctionError", async () => {
    const big = inMain("x = 1;\n".repeat(2100));
    const r1 = await parse(big);
    expect(r1.tree).toEqual([]);
    expect(r1.errors[0]).toMatchObject({ name: "main", message: expect.stringContaining("chart too large") });
    const deep = inMain("if (a) {\n".repeat(120) + "x = 1;" + "}\n".repeat(120));
    const r2 = await parse(deep);
    expect(r2.errors[0]).toMatchObject({ name: "main", message: expect.stringContaining("too deeply nested") });
  });
});

const LAB = [
  "linear_search", "binary_search", "bubble_sort", "factorial_loop", "factorial_recursive", "gcd", "prime_test",
  "fibonacci", "max_of_array", "matrix_sum", "digit_sum", "menu_switch",
];

describe("java front-end: parity and corpus", () => {
  for (const name of LAB) {
    test(`parity ${name}.java: chart Lab.${name}, no errors`, async () => {
      const result = await parse(await Bun.file(new URL(`${name}.java`, PARITY)).text());
      expect(result.errors).toEqual([]);
      chart(result, `Lab.${name}`);
    });
  }

  test("parity trees", async () => {
    const load = async (name: string): Promise<Node[]> =>
      bare(chart(await parse(await Bun.file(new URL(`${name}.java`, PARITY)).text()), `Lab.${name}`).block.stmts);
    expect((await load("bubble_sort"))[0]).toMatchObject({ kind: "for", cond: "i := 0, n - 2" });
    expect((await load("gcd")).map((n) => n.kind)).toEqual(["while", "terminal"]);
    expect((await load("menu_switch"))[0]).toMatchObject({ kind: "switch", cond: "choice" });
    expect((await load("factorial_recursive")).at(-1)).toEqual(term("Повернути n * factorial_recursive(n - 1)"));
  });
});

describe("issue 20: set-up, input in a student's words, file I/O (the engine's finished front-end)", () => {
  const main = finishedMain("java");
  const wrap = (body: string) => `import java.util.*;\nimport java.io.*;\npublic class Main {\n  public static void main(String[] args) throws Exception {\n${body}\n  }\n}`;

  test("the console Scanner and its close() are left out; a prompt and its read are one input", async () => {
    const { lines, omitted } = await main(wrap([
      "    Scanner sc = new Scanner(System.in);", '    System.out.print("n: ");', "    int n = sc.nextInt();",
      '    System.out.print("x: ");', "    double x = sc.nextDouble();", "    System.out.println(n * x);", "    sc.close();",
    ].join("\n")));
    expect(lines).toEqual(["io Ввід n, x", "io Вивід n * x"]);
    expect(omitted.map((o) => [o.line, o.text])).toEqual([[5, "Scanner sc := Scanner(System.in)"], [11, "sc.close()"]]);
  });

  test("a console Scanner in a field: its close() in main is left out too", async () => {
    const code = "import java.util.*;\npublic class Main {\n  static Scanner in = new Scanner(System.in);\n  public static void main(String[] args) {\n    int n = in.nextInt();\n    System.out.println(n);\n    in.close();\n  }\n}";
    const { lines, omitted } = await main(code);
    expect(lines).toEqual(["io Ввід n", "io Вивід n"]);
    expect(omitted).toEqual([{ chart: "main", line: 7, text: "in.close()" }]);
  });

  test("writers and a Scanner over a File read and write that file", async () => {
    const { lines } = await main(wrap([
      '    PrintWriter pw = new PrintWriter(new FileWriter("out.txt"));', "    pw.println(n);", '    pw.printf("%d %d%n", a, b);', "    pw.close();",
      '    Scanner fs = new Scanner(new File("in.txt"));', "    int k = fs.nextInt();", '    List<String> lines = Files.readAllLines(Paths.get("in.txt"));',
    ].join("\n")));
    expect(lines).toEqual([
      'process Відкриття файлу pw: "out.txt"', "io Запис у файл pw: n", "io Запис у файл pw: a, b", "process Закриття файлу pw",
      'process Відкриття файлу fs: "in.txt"', "io Читання з файлу fs: k", 'io Читання з файлу "in.txt": lines',
    ]);
  });
});

/**
 * Calls of the program's own subprograms are predefined-process symbols wherever they stand
 * (issue 20, own-calls.ts): inside a return, an output, a decision, a loop header or a larger
 * expression the call is computed first into a temporary. Examples in all six languages.
 */
import { describe, expect, test } from "bun:test";
import { frontendFor, type Lang } from "../engine/index.ts";
import { bunAssets } from "../hosts/bun.ts";
import { resolveOptions, type Options } from "../engine/options.ts";
import { TREE_LIMITS, type Block, type ChartFunction, type Node } from "../engine/tree/schema.ts";
import { ownCallsShown } from "../engine/frontends/own-calls.ts";
import { bare, blk, call, io, p, term } from "./support/frontend-helpers.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

async function tree(lang: Lang, code: string, options: Options = {}): Promise<ChartFunction[]> {
  const result = await frontendFor(lang)!(code, resolveOptions(options), bunAssets);
  expect(result.errors).toEqual([]);
  return bare(result.tree);
}

const chartNamed = (charts: ChartFunction[], name: string): ChartFunction =>
  charts.find((c) => c.name === name || c.name.endsWith(`.${name}`) || c.name.endsWith(`::${name}`))!;

/** Every text of a block that is not a call symbol (where an own call must not hide). */
function nonCallTexts(block: Block): string[] {
  return block.stmts.flatMap((n: Node): string[] => {
    const own = n.kind === "call" ? [] : "text" in n ? [n.text] : "cond" in n ? [n.cond] : [];
    const inner = [
      ...("then" in n ? [n.then] : []), ...("else" in n && n.else ? [n.else] : []), ...("body" in n ? [n.body] : []),
      ...(n.kind === "switch" ? [...n.cases.map((c) => c.body), ...(n.default ? [n.default] : [])] : []),
    ];
    return [...own, ...inner.flatMap(nonCallTexts)];
  });
}

const FACTORIAL: Record<Exclude<Lang, "native">, string> = {
  python: "def factorial(n):\n    if n <= 1:\n        return 1\n    return n * factorial(n - 1)\n\nk = int(input())\nprint(\"n! =\", factorial(k))\n",
  c: "#include <stdio.h>\nlong factorial(int n) { if (n <= 1) return 1; return n * factorial(n - 1); }\nint main() { int k; scanf(\"%d\", &k); printf(\"n! = %ld\", factorial(k)); return 0; }\n",
  cpp: "#include <iostream>\nlong factorial(int n) { if (n <= 1) return 1; return n * factorial(n - 1); }\nint main() { int k; std::cin >> k; std::cout << \"n! = \" << factorial(k); return 0; }\n",
  java: "public class Main {\n static long factorial(int n) { if (n <= 1) return 1; return n * factorial(n - 1); }\n public static void main(String[] a) { int k = 5; System.out.println(factorial(k)); }\n}\n",
  csharp: "class Program {\n static long factorial(int n) { if (n <= 1) return 1; return n * factorial(n - 1); }\n static void Main() { int k = 5; Console.WriteLine(factorial(k)); }\n}\n",
  pascal: "program P;\nvar k: integer;\nfunction factorial(n: integer): integer;\nbegin\n  if n <= 1 then Exit(1);\n  Exit(n * factorial(n - 1));\nend;\nbegin\n  readln(k);\n  writeln(factorial(k));\nend.\n",
  javascript: "function factorial(n) {\n  if (n <= 1) return 1;\n  return n * factorial(n - 1);\n}\nconst k = Number(prompt(\"k?\"));\nconsole.log(\"n! =\", factorial(k));\n",
  typescript: "function factorial(n: number): number {\n  if (n <= 1) return 1;\n  return n * factorial(n - 1);\n}\nconst k: number = 5;\nconsole.log(`n! = ${factorial(k)}`);\n",
  go: "package main\n\nimport \"fmt\"\n\nfunc factorial(n int) int {\n\tif n <= 1 {\n\t\treturn 1\n\t}\n\treturn n * factorial(n-1)\n}\n\nfunc main() {\n\tvar k int\n\tfmt.Scan(&k)\n\tfmt.Println(\"n! =\", factorial(k))\n}\n",
  php: "<?php\nfunction factorial($n) {\n  if ($n <= 1) return 1;\n  return $n * factorial($n - 1);\n}\n$k = (int) trim(fgets(STDIN));\necho \"n! = \" . factorial($k) . \"\\n\";\n",
};

describe("a call inside an expression is computed first, in every language", () => {
  for (const [lang, code] of Object.entries(FACTORIAL) as [Exclude<Lang, "native">, string][]) {
    test(`${lang}: recursion in a return, a call in an output`, async () => {
      const charts = await tree(lang, code);
      const fact = chartNamed(charts, "factorial");
      expect(fact.block.stmts.slice(-2)).toEqual([call("f := factorial(n - 1)"), term("Повернути n * f")]);
      const main = charts.find((c) => c.main)!;
      const at = main.block.stmts.findIndex((n) => n.kind === "call");
      expect(main.block.stmts[at]).toEqual(call("f := factorial(k)"));
      expect(main.block.stmts[at + 1]!.kind).toBe("io");
      for (const chart of charts) expect(nonCallTexts(chart.block).join("\n")).not.toMatch(/factorial\(/);
    });
  }
});

describe("where the calls go", () => {
  test("a decision: before it; several calls each their own symbol, arguments first", async () => {
    const charts = await tree("cpp", "int findMin(int n) { if (n < 10) return n; if (n % 10 < findMin(n / 10)) return n % 10; return findMin(n / 10); }\nint g(int a, int b) { return a + b; }\nint main() { int x = g(findMin(5), findMin(6)) + 1; return 0; }\n");
    expect(chartNamed(charts, "findMin").block.stmts.slice(1)).toEqual([
      // The notation writes an int's / and % as div and mod (issue 20).
      call("m := findMin(n div 10)"),
      { kind: "if", cond: "n mod 10 < m", then: blk(term("Повернути n mod 10")) },
      call("m := findMin(n div 10)"), term("Повернути m"),
    ]);
    expect(charts.find((c) => c.main)!.block.stmts.slice(0, 4)).toEqual([
      call("m := findMin(5)"), call("m1 := findMin(6)"), call("g1 := g(m, m1)"), p("int x := g1 + 1"),
    ]);
  });

  test("a while condition: before the loop and again at the end of the body (the back path)", async () => {
    const charts = await tree("python", "def f(n):\n    return n // 2\n\nn = 100\nwhile f(n) > 3:\n    n -= 1\n");
    // `f` names the function itself, so the temporary is `f1`.
    expect(charts.find((c) => c.main)!.block.stmts).toEqual([
      p("n := 100"), call("f1 := f(n)"), { kind: "while", cond: "f1 > 3", body: blk(p("n := n - 1"), call("f1 := f(n)")) },
    ]);
  });

  test("a while body with its own continue keeps the condition as written; a do-while computes at the end of the body", async () => {
    const withContinue = await tree("c", "int f(int n) { return n / 2; }\nint main() { int n = 9; while (f(n) > 3) { n--; if (n == 5) continue; n--; } do { n++; } while (f(n) < 8); return 0; }\n");
    const stmts = withContinue.find((c) => c.main)!.block.stmts;
    expect(stmts.find((n) => n.kind === "while")).toMatchObject({ cond: "f(n) > 3" });
    expect(stmts.find((n) => n.kind === "dowhile")).toEqual({ kind: "dowhile", cond: "f1 < 8", body: blk(p("n := n + 1"), call("f1 := f(n)")) });
  });

  test("after a short-circuit operator a call may not run: two decisions, the call computed where it runs", async () => {
    const charts = await tree("java", "class Main {\n static boolean ok(int a) { return a > 1; }\n public static void main(String[] x) { int a = 3; if (ok(a) && a > 0 || ok(a + 1)) a = 0; }\n}\n");
    // `L або R`: if L, the branch; else R is evaluated (its call first) and decides. The small branch is drawn twice.
    expect(charts.find((c) => c.main)!.block.stmts.slice(1, 3)).toEqual([
      call("o := ok(a)"),
      { kind: "if", cond: "o і a > 0", then: blk(p("a := 0")), else: blk(call("o := ok(a + 1)"), { kind: "if", cond: "o = істина", then: blk(p("a := 0")) }) },
    ]);
    // `L і R` without else: R only under L's Так.
    const and = await tree("python", "def ok(a):\n    return a > 1\n\na = 3\nif a > 0 and ok(a):\n    a = 0\n    print(a)\n    a = 1\n");
    expect(and.find((c) => c.main)!.block.stmts.slice(1)).toEqual([
      { kind: "if", cond: "a > 0", then: blk(call("o := ok(a)"), { kind: "if", cond: "o = істина", then: blk(p("a := 0"), io("Вивід a"), p("a := 1")) }) },
    ]);
    // A branch too large to draw twice: the condition keeps the call that may not run.
    const big = await tree("python", "def ok(a):\n    return a > 1\n\na = 3\nif a > 0 or ok(a):\n    a = 0\n    print(a)\n    a = 1\n");
    expect(big.find((c) => c.main)!.block.stmts[1]).toMatchObject({ kind: "if", cond: "a > 0 або ok(a)" });
  });

  test("library calls are not own calls; own calls inside their arguments are", async () => {
    const charts = await tree("csharp", "class P {\n static int Sq(int a) => a * a;\n static void Main() { double r = Math.Sqrt(Sq(3)) + Math.Max(1, 2); Console.WriteLine(r); }\n}\n");
    expect(charts.find((c) => c.main)!.block.stmts.slice(0, 2)).toEqual([call("s := Sq(3)"), p("double r := √s + Math.Max(1, 2)")]);
    // (Math.Sqrt reads as √ in the notation: a library call, in the text and no symbol of its own.)
  });

  test("constructors of own classes and methods called on their objects are own calls", async () => {
    const java = await tree("java", "class Main {\n public static void main(String[] a) { Task1 t = new Task1(); t.start(); int v = t.value() + 1; }\n}\nclass Task1 {\n int x;\n Task1() { x = 1; }\n void start() { x++; }\n int value() { return x; }\n}\n");
    expect(java.find((c) => c.main)!.block.stmts).toEqual([
      // `new` reads as what it makes (notation, issue 20)
      call("Task1 t := Task1()"), call("t.start()"), call("v1 := t.value()"), p("int v := v1 + 1"),
    ]);
    const py = await tree("python", "class Monik:\n    def __init__(self, x):\n        self.x = x\n\nA = Monik(3)\n");
    expect(py.find((c) => c.main)!.block.stmts).toEqual([call("A := Monik(3)")]);
    const cpp = await tree("cpp", "class Monik { public: int x; Monik(int a) { x = a; } };\nint main() { Monik a(3); return 0; }\n");
    expect(cpp.find((c) => c.main)!.block.stmts[0]).toEqual(call("Monik a(3)"));
  });

  test("Pascal: names compare without case; the temporary does not clash with the chart's names", async () => {
    const charts = await tree("pascal", "program P;\nvar f, n: integer;\nfunction Fact(n: integer): integer;\nbegin\n  Fact := 1;\nend;\nbegin\n  f := 2;\n  writeln('n! = ', FACT(n) + f);\nend.\n");
    expect(charts.find((c) => c.main)!.block.stmts).toEqual([p("f := 2"), call("f1 := FACT(n)"), io("Вивід 'n! = ', f1 + f")]);
  });

  test("Pascal: a function without parameters called without parentheses; inside it its name is the result", async () => {
    const charts = await tree("pascal", "program P;\nvar x: integer;\nfunction GetValue: integer;\nbegin\n  GetValue := 5;\n  if GetValue > 3 then GetValue := 4;\nend;\nbegin\n  x := GetValue;\n  writeln(GetValue + 1);\nend.\n");
    expect(charts.find((c) => c.main)!.block.stmts).toEqual([call("x := GetValue"), call("v := GetValue"), io("Вивід v + 1")]);
    expect(chartNamed(charts, "GetValue").block.stmts[1]).toMatchObject({ kind: "if", cond: "GetValue > 3" });
  });

  test("Pascal: inherited calls are the symbol itself; a library class's constructor of the same name is no own call", async () => {
    const charts = await tree("pascal", "program P;\ntype TA = class constructor Create(x: integer); end;\n TB = class(TA) constructor Create; end;\nconstructor TA.Create(x: integer);\nbegin\n  if x < 0 then raise EArgumentException.Create('x');\nend;\nconstructor TB.Create;\nbegin\n  inherited Create(1);\nend;\nvar b: TB;\nbegin\n  b := TB.Create;\nend.\n");
    expect(chartNamed(charts, "TB.Create").block.stmts).toEqual([call("inherited Create(1)")]);
    // The raise is a terminator «Помилка: 'x'» (exceptions.ts); EArgumentException.Create made no call symbol.
    expect(nonCallTexts(chartNamed(charts, "TA.Create").block).join(" ")).toContain("Помилка: 'x'");
    expect(JSON.stringify(chartNamed(charts, "TA.Create").block)).not.toContain('"kind":"call"');
  });

  test("callAsProcess keeps calls as process blocks and texts as written", async () => {
    const charts = await tree("python", FACTORIAL.python, { callAsProcess: true });
    expect(chartNamed(charts, "factorial").block.stmts.at(-1)).toEqual(term("Повернути n * factorial(n - 1)"));
  });
});

describe("bounded work", () => {
  const chartWith = (text: string): ChartFunction[] => [
    { name: "main", main: true, block: blk(p(text)) },
    { name: "f", kind: "function", params: ["x"], block: blk(term("Повернути x")) },
  ];

  test("deeply nested calls stop at a bounded depth; thousands of calls stop at TREE_LIMITS, the rest stay in the text", () => {
    const deep = chartWith(`y := ${"f(".repeat(20_000)}1${")".repeat(20_000)} + 1`);
    const many = chartWith(`y := ${Array.from({ length: 20_000 }, (_, i) => `f(${i})`).join(" + ")}`);
    ownCallsShown(deep, "c", resolveOptions({}));
    ownCallsShown(many, "c", resolveOptions({}));
    expect(deep[0]!.block.stmts.length).toBeLessThanOrEqual(17);
    expect(many[0]!.block.stmts.length).toBe(TREE_LIMITS.maxNodes);
    expect((many[0]!.block.stmts.at(-1) as { text: string }).text).toContain("f(19999)");
  });
});

import { describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { parseCpp } from "../engine/frontends/cpp/index.ts";
import type { FrontendResult } from "../engine/frontends/types.ts";
import { bunAssets } from "../hosts/bun.ts";
import { layoutCharts } from "../engine/layout/index.ts";
import { resolveOptions, type Options } from "../engine/options.ts";
import { type Node } from "../engine/tree/schema.ts";
import { parserFor, bare, chart, p, io, term, call, blk, finishedMain } from "./support/frontend-helpers.ts";
import { readSourceFile } from "./support/source-file.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const FIXTURES = new URL("./fixtures/cpp/", import.meta.url);
const CORPUS = new URL("./corpus/cpp/", import.meta.url);
const PARITY = new URL("./parity/cpp/", import.meta.url);

const parse = parserFor(parseCpp);

async function fixtureCharts(file: string, options: Options = {}): Promise<FrontendResult> {
  const result = await parse(await Bun.file(new URL(file, FIXTURES)).text(), options);
  expect(result.errors).toEqual([]);
  return result;
}

async function mainOf(code: string, options: Options = {}): Promise<Node[]> {
  const result = await parse(code, options);
  expect(result.errors).toEqual([]);
  return bare(chart(result, "main").block.stmts);
}

const wrap = (body: string): string => `#include <iostream>\nusing namespace std;\nint main() {\n${body}\n}\n`;

describe("C++ front-end: charts", () => {
  test("methods, constructors, destructors, operators, templates, namespaces", async () => {
    const result = await fixtureCharts("classes.cpp");
    expect(result.tree.map((c) => c.name)).toEqual([
      "main", "helper", "Counter::Counter", "Counter::~Counter", "Counter::get", "Counter::operator+", "Counter::inc", "biggest",
    ]);
    expect(bare(chart(result, "main").block.stmts)).toEqual([
      call("c.inc()"),
      call("int v := util::helper(c.get())"),
      io("Вивід biggest(v, 3)"),
      term("Кінець"),
    ]);
    expect(bare(chart(result, "Counter::inc").block.stmts)).toEqual([p("n := n + 1")]);
    expect(bare(chart(result, "Counter::operator+").block.stmts)).toEqual([p("c.n := n + o.n"), term("Повернути c")]);
  });

  test("= default / = delete definitions produce no chart; structs' methods are charts", async () => {
    const result = await parse("struct S { S() = default; ~S() = delete; int f() { return 1; } };\nint main() { S s; return s.f(); }\n");
    expect(result.tree.map((c) => c.name)).toEqual(["main", "S::f"]);
  });
});

describe("C++ front-end: statements", () => {
  test("stream input/output", async () => {
    const result = await fixtureCharts("io.cpp");
    expect(bare(chart(result, "main").block.stmts)).toEqual([
      io("Ввід a, b"),
      io("Ввід a"),
      io("Ввід s"),
      io('Вивід "x = ", a'),
      io('Вивід "Hello"'),
      io("Вивід a, b"),
      io('Вивід "error"'),
      term("Кінець"),
    ]);
  });

  test("range-for, try/catch, throw, if with initializer", async () => {
    const result = await fixtureCharts("modern.cpp");
    expect(bare(chart(result, "main").block.stmts)).toEqual([
      p("vector<int> v := {1, 2, 3}"),
      p("int total := 0"),
      { kind: "for", cond: "x ∈ v", body: blk(p("total := total + x")) },
      { kind: "for", cond: "y ∈ v", body: blk(p("total := total - y")) },
      call("total := parse(total)"),
      // The call of an own function can throw: the decision stands right after it (issue 20).
      { kind: "if", cond: "Виняток invalid_argument?", then: blk(io("Вивід e.what()")), else: blk() },
      { kind: "if", cond: "int k := total; k > 0", then: blk(p("total := k")) },
      term("Кінець"),
    ]);
    expect(bare(chart(result, "parse").block.stmts)).toEqual([
      { kind: "if", cond: "v < 0", then: blk(term('Помилка: "negative"')) },
      term("Повернути v"),
    ]);
  });

  test("counting for with C++ spellings; stripTypes", async () => {
    const stmts = await mainOf(wrap("for (size_t i = 0; i < v.size(); ++i) cout << v[i];\nauto n = 5;"), { stripTypes: true });
    expect(stmts).toEqual([{ kind: "for", cond: "i := 0, v.size() - 1", body: blk(io("Вивід v[i]")) }, p("n := 5")]);
  });

  test("alternative tokens and/or/not", async () => {
    const stmts = await mainOf(wrap("if (a and not b or c) x = 1;"));
    expect(stmts).toEqual([{ kind: "if", cond: "a і не b або c", then: blk(p("x := 1")) }]);
  });

  test("switch and do-while", async () => {
    const stmts = await mainOf(wrap("do {\n  cin >> c;\n  switch (c) {\n  case 'a': cout << 1; break;\n  default: break;\n  }\n} while (c != 'q');"));
    expect(stmts).toEqual([
      {
        kind: "dowhile",
        cond: "c ≠ 'q'",
        body: blk(io("Ввід c"), { kind: "switch", cond: "c", cases: [{ label: "'a'", body: blk(io("Вивід 1")) }], default: blk() }),
      },
    ]);
  });

  test("lambdas and new stay one process", async () => {
    const stmts = await mainOf(wrap("auto f = [](int x) { return x * 2; };\nint *p = new int(3);\ndelete p;"));
    expect(stmts).toEqual([p("auto f := [](int x) { return x * 2; }"), p("p := new int(3)"), p("delete p")]);
  });
});

describe("C++ front-end: macros", () => {
  test("loop macros of the file are expanded; an unknown macro is a predefined process (issue 20)", async () => {
    const code = "#define FOR(i, n) for (int i = 0; i < (n); ++i)\n#define EACH(x) for (x = 0; x < 3; x++)\nint main() {\n  FOR(i, 3) {\n    s += i;\n  }\n  EACH(s) {\n    t++;\n  }\n  OTHER(s) {\n    t--;\n  }\n}\n";
    expect(await mainOf(code)).toEqual([
      { kind: "for", cond: "i := 0, 2", body: blk(p("s := s + i")) },
      { kind: "for", cond: "s := 0, 2", body: blk(p("t := t + 1")) },
      call("OTHER(s)"),
      p("t := t - 1"),
    ]);
  });
});

test("a macro of loops used as a statement is drawn as the loops it is; expression macros stay as written", async () => {
  const code = [
    "#define setRow(M, r, n, v) for (int j = 0; j < n; j++) { \\",
    "    M[r][j] = v; \\",
    "}",
    "#define SQR(x) ((x) * (x))",
    '#define SHOW(x) cout << #x << " = " << (x) << endl;',
    "int main() {",
    "  int a[3][3];",
    "  for (int i = 0; i < 3; i++)",
    "    setRow(a, i, 3, 0);",
    "  int s = SQR(4);",
    "  SHOW(s)",
    "  return 0;",
    "}",
  ].join("\n");
  const result = await parse(code);
  expect(result.errors).toEqual([]);
  expect(bare(chart(result, "main").block.stmts)).toEqual([
    { kind: "for", cond: "i := 0, 2", body: blk({ kind: "for", cond: "j := 0, 2", body: blk(p("a[i][j] := 0")) }) },
    p("int s := SQR(4)"),
    io('Вивід "s", " = ", s'),
    term("Кінець"),
  ]);
  // Lines after the expansion stay where the source has them.
  expect(chart(result, "main").block.stmts[1]!.loc?.line).toBe(10);
});

describe("C++ front-end: errors", () => {
  test("syntax error in one method: it is drawn around it and reported, the others come out", async () => {
    const code = "class A {\npublic:\n  int f() { return 1; }\n  int g() { int r = 2\n    return r; }\n};\nint main() { A a; return a.f(); }\n";
    const result = await parse(code);
    expect(result.tree.map((c) => c.name)).toEqual(["main", "A::f", "A::g"]);
    expect(bare(chart(result, "A::g").block.stmts)).toEqual([p("int r := 2"), term("Повернути r")]);
    expect(result.errors.map((e) => [e.name, e.recovered])).toEqual([["A::g", true]]);
    expect(result.errors[0]!.line).toBe(4);
  });

  test("`new int* [n]` (valid C++ tree-sitter cannot read) never makes main go missing (issue 20)", async () => {
    const code = wrap("  int rows;\n  cin >> rows;\n  int** R = new int* [rows];\n  for (int i = 0; i < rows; i++) {\n    R[i] = new int[rows];\n  }\n  return 0;");
    const result = await parse(code);
    const stmts = bare(chart(result, "main").block.stmts);
    expect(stmts[0]).toEqual(io("Ввід rows"));
    // The unreadable declaration is one process with its source text (tree-sitter let it swallow the
    // loop after it: a second parse reads the loop); the loop after it is drawn as a loop.
    expect(stmts[1]).toEqual(p("int** R = new int* [rows]"));
    expect(stmts[2]).toMatchObject({ kind: "for", cond: "i := 0, rows - 1" });
    expect(stmts.at(-1)).toEqual(term("Кінець"));
    expect(result.errors).toEqual([
      expect.objectContaining({ name: "main", line: 6, recovered: true, message: expect.stringContaining("syntax error at line 6") }),
    ]);
  });

  test("a function whose braces do not balance is still left out, with its error", async () => {
    const result = await parse("int f() { return 1; }\nint main() {\n  if (1) {\n    f();\n  return 0;\n}\n");
    expect(result.tree.map((c) => c.name)).toEqual(["f"]);
    expect(result.errors.map((e) => [e.name, e.recovered])).toEqual([["main", undefined]]);
  });
});

describe("C++ front-end: parity programs and corpus", () => {
  const PARITY_NAMES = [
    "linear_search", "binary_search", "bubble_sort", "factorial_loop", "factorial_recursive", "gcd", "prime_test",
    "fibonacci", "max_of_array", "matrix_sum", "digit_sum", "menu_switch",
  ];

  test("every parity program parses into main + the named function, same trees as C", async () => {
    const { parseC } = await import("../engine/frontends/c/index.ts");
    for (const name of PARITY_NAMES) {
      const result = await parse(await Bun.file(new URL(`${name}.cpp`, PARITY)).text());
      expect(result.errors).toEqual([]);
      expect(result.tree.map((c) => c.name)).toEqual(["main", name]);
      const c = await parseC(await Bun.file(new URL(`../c/${name}.c`, PARITY)).text(), resolveOptions({}), bunAssets);
      expect(bare(chart(result, name))).toEqual(bare(chart(c, name)));
    }
  });
});

describe("C++ front-end: robustness", () => {
  test("mangled corpus programs never throw and always give valid trees", async () => {
    const files = readdirSync(CORPUS).filter((f) => f.endsWith(".cpp")).sort();
    let seed = 777;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    for (const file of files) {
      const code = await readSourceFile(new URL(file, CORPUS));
      for (let round = 0; round < 8; round++) {
        let mangled = code;
        for (let k = 0; k < 3; k++) {
          const at = random(mangled.length);
          const cut = random(12);
          const insert = ["", "{", "}", "(", ";", "case 1:", "else", "template <class T>", "::", "<<"][random(10)]!;
          mangled = mangled.slice(0, at) + insert + mangled.slice(at + cut);
        }
        const result = await parse(mangled);
        for (const error of result.errors) expect(typeof error.message).toBe("string");
        layoutCharts(result.tree, resolveOptions({}), false);
      }
    }
  }, 60_000); // eight mangled copies of every corpus program: seconds on a loaded machine
});

describe("issue 20: set-up, input in a student's words, file I/O (the engine's finished front-end)", () => {
  const main = finishedMain("cpp");

  test("stream set-up is left out and reported; a prompt and its read are one input", async () => {
    const { lines, omitted } = await main([
      "int main() {", '  setlocale(LC_ALL, "Ukrainian");', "  ios::sync_with_stdio(false);", "  cin.tie(0);",
      '  cout << "n = "; cin >> n;', '  cout << "x = ";', "  cin >> x;", "  cin.ignore();",
      "  cout << fixed << setprecision(2);", "  cout << fixed << setprecision(2) << x << endl;", '  system("pause");', "  return 0;", "}",
    ].join("\n"));
    expect(lines).toEqual(["io Ввід n, x", "io Вивід x", "terminal Кінець"]);
    expect(omitted.map((o) => [o.line, o.text])).toEqual([
      [2, 'setlocale(LC_ALL, "Ukrainian")'], [3, "ios::sync_with_stdio(false)"], [4, "cin.tie(0)"], [8, "cin.ignore()"],
      [9, "cout << fixed << setprecision(2)"], [11, 'system("pause")'],
    ]);
  });

  test("cout << fixed << setprecision(2) alone is no output (was an invented «Вивід новий рядок»); verbatim draws it as written", async () => {
    const { lines } = await main("int main() {\n  cout << fixed << setprecision(2);\n  cout << x;\n}", { verbatim: true });
    expect(lines).toEqual(["process cout << fixed << setprecision(2)", "io Вивід x"]);
  });

  test("file streams: ofstream/ifstream, << and >>, getline, close", async () => {
    const { lines } = await main([
      "int main() {", '  ofstream out("data.txt");', '  out << x << " " << n << endl;', "  out.close();",
      '  ifstream in("in.txt");', "  in >> n >> m;", "  getline(in, s);", "}",
    ].join("\n"));
    expect(lines).toEqual([
      'process Відкриття файлу out: "data.txt"', 'io Запис у файл out: x, " ", n', "process Закриття файлу out",
      'process Відкриття файлу in: "in.txt"', "io Читання з файлу in: n, m", "io Читання з файлу in: s",
    ]);
  });
});

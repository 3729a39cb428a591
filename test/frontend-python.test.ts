import { describe, expect, test } from "bun:test";
import { parsePython } from "../engine/frontends/python/index.ts";
import { runtimeInitCount } from "../engine/frontends/tree-sitter.ts";
import { parserFor, bare, chart, p, io, term, call, blk, finishedMain } from "./support/frontend-helpers.ts";
import type { Options } from "../engine/options.ts";
import type { Node } from "../engine/tree/schema.ts";
import { augmentedAssignment, comparisonSymbol, logicalWord } from "../engine/text/notation.ts";
import { cpuClock } from "./support/cpu-time.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const FIXTURES = new URL("./fixtures/python/", import.meta.url);

async function fixture(name: string): Promise<string> {
  return Bun.file(new URL(name, FIXTURES)).text();
}

const parse = parserFor(parsePython);

async function mainStmts(file: string, options: Options = {}): Promise<Node[]> {
  const result = await parse(await fixture(file), options);
  expect(result.errors).toEqual([]);
  return bare(chart(result, "main").block.stmts);
}


describe("notation", () => {
  test("comparison, logic, augmented assignment", () => {
    expect(comparisonSymbol("==")).toBe("=");
    expect(comparisonSymbol("!=")).toBe("≠");
    expect(comparisonSymbol("<=")).toBe("≤");
    expect(comparisonSymbol(">=")).toBe("≥");
    expect(comparisonSymbol("<")).toBe("<");
    expect(comparisonSymbol("not  in")).toBe("∉");
    expect(logicalWord("&&", "uk")).toBe("і");
    expect(logicalWord("||", "uk")).toBe("або");
    expect(logicalWord("!", "en")).toBe("not");
    expect(augmentedAssignment("x", "*=", "a + b", "+")).toBe("x := x * (a + b)");
    expect(augmentedAssignment("x", "+=", "a - b", "-")).toBe("x := x + a - b");
    expect(augmentedAssignment("x", "+=", "a * b", "*")).toBe("x := x + a * b");
    expect(augmentedAssignment("x", "*=", "a // b", "//")).toBe("x := x * (a // b)");
  });
});

describe("python front-end: statements", () => {
  test("assignments", async () => {
    expect(await mainStmts("assign.py")).toEqual([
      p("x := a + 1"),
      p("x: int := 5"),
      p("y: str"),
      p("a, b := b, a"),
      p("x := x + 1"),
      p("x := x * (a + b)"),
      p("x := x - (c - d)"),
      p("x := x ** 2"),
      p("p := q := 0"),
      { kind: "if", cond: "(n := len(s)) > 10", then: blk() },
    ]);
  });

  test("stripTypes removes annotations", async () => {
    const stmts = await mainStmts("assign.py", { stripTypes: true });
    expect(stmts.slice(0, 3)).toEqual([p("x := a + 1"), p("x := 5"), p("a, b := b, a")]);
  });

  test("input and print", async () => {
    expect(await mainStmts("io.py")).toEqual([
      io("Ввід x"),
      io("Ввід x"),
      io("Ввід a, b"),
      io("Ввід x"),
      io("Ввід символу"),
      io("Вивід a, b"),
      io("Вивід новий рядок"),
      io('Вивід "Сума:", a + b'),
    ]);
    const en = await mainStmts("io.py", { locale: "en" });
    expect(en[0]).toEqual(io("Input x"));
    expect(en[5]).toEqual(io("Output a, b"));
  });

  test("f-strings in print: literal pieces quoted, expressions as they are; conversions and formats dropped", async () => {
    const result = await parse('print(f"Sum: {s!r}, avg {s / n:.2f} {{x}}", end="")\nprint(F"{a}{b}")\nmsg = f"n={n}"\nprint(f"plain")\n');
    expect(bare(chart(result, "main").block.stmts)).toEqual([
      io('Вивід "Sum: ", s, ", avg ", s / n, " {x}"'),
      io("Вивід a, b"),
      p('msg := "n=" + n'), // a string built by a format and kept reads as its concatenation
      io('Вивід "plain"'),
    ]);
  });

  test("calls of own functions and methods", async () => {
    const result = await parse(await fixture("calls.py"));
    expect(bare(chart(result, "main").block.stmts)).toEqual([
      p("s := Shape()"),
      call("s.show()"),
      call("fact(5)"),
      p("√4"),
      p("lst.append(1)"),
      call("await fact(3)"),
    ]);
    expect(bare(chart(result, "fact").block.stmts[1])).toEqual(call("r := fact(n - 1)"));
    expect(bare(chart(result, "Shape.show").block.stmts[0])).toEqual(call("a := self.area()"));
    const asProcess = await parse(await fixture("calls.py"), { callAsProcess: true });
    expect(bare(chart(asProcess, "fact").block.stmts[1])).toEqual(p("r := fact(n - 1)"));
  });

  test("if / elif / else with notation", async () => {
    expect(await mainStmts("if.py")).toEqual([
      {
        kind: "if",
        cond: "a = b і c ≠ d",
        then: blk(p("x := 1")),
        else: blk({
          kind: "if",
          cond: "a ≤ b або не c",
          then: blk(p("x := 2")),
          else: blk({ kind: "if", cond: "a ≥ b", then: blk(p("x := 3")), else: blk(p("x := 4")) }),
        }),
      },
      { kind: "if", cond: "x < 0", then: blk(p("x := -x")) },
    ]);
    const en = await mainStmts("if.py", { locale: "en" });
    expect((en[0] as { cond: string }).cond).toBe("a = b and c ≠ d");
  });

  test("counting for over range", async () => {
    const conds = (await mainStmts("for_range.py")).map((n) => (n as { cond: string }).cond);
    expect(conds).toEqual([
      "i := 0, n - 1",
      "i := 1, n",
      "i := 1, 10",
      "i := a, b - 1",
      "i := 0, 9, 2",
      "i := 10, 1, -1",
      "i := n, 1, -2",
      "i ∈ range(a, b, s)",
      "i := a, n, -1",
    ]);
  });

  test("foreach loops and for-else", async () => {
    expect(await mainStmts("for_each.py")).toEqual([
      { kind: "for", cond: "x ∈ items", body: blk(io("Вивід x")) },
      { kind: "for", cond: "i, v ∈ enumerate(items)", body: blk() },
      { kind: "for", cond: "a, b ∈ zip(xs, ys)", body: blk(), else: blk(p("done := True")) },
    ]);
  });

  test("while, infinite loops and the do-while idiom", async () => {
    expect(await mainStmts("while.py")).toEqual([
      { kind: "while", cond: "i < n", body: blk(p("i := i + 1")), else: blk(io("Вивід i")) },
      { kind: "infloop", body: blk() },
      { kind: "infloop", body: blk(io("Ввід x")) },
      { kind: "dowhile", cond: "x > 0", until: true, body: blk(io("Ввід x")) },
      {
        kind: "infloop",
        body: blk(p("x := 1"), { kind: "if", cond: "x > 0", then: blk({ kind: "break" }), else: blk({ kind: "continue" }) }),
      },
      // A continue would skip the exit test: not a do-while.
      {
        kind: "infloop",
        body: blk(
          io("Ввід x"),
          { kind: "if", cond: "x < 0", then: blk({ kind: "continue" }) },
          { kind: "if", cond: "x > 0", then: blk({ kind: "break" }) },
        ),
      },
    ]);
  });

  test("break, continue, return, raise, exit", async () => {
    const result = await parse(await fixture("jumps.py"));
    expect(result.errors).toEqual([]);
    expect(bare(chart(result, "main").block.stmts)).toEqual([term("Кінець")]);
    expect(bare(chart(result, "f").block.stmts)).toEqual([
      {
        kind: "for",
        cond: "i := 0, x - 1",
        body: blk(
          { kind: "if", cond: "i = 2", then: blk({ kind: "continue" }) },
          { kind: "if", cond: "i = 5", then: blk({ kind: "break" }) },
        ),
      },
      { kind: "if", cond: "x < 0", then: blk(term('Помилка: "bad"')) },
      { kind: "if", cond: "x = 0", then: blk(term("Кінець")) },
      term("Повернути x * 2"),
    ]);
    // `try: pass` can fail nowhere a reader sees: no decision (issue 20).
    expect(bare(chart(result, "g").block.stmts)).toEqual([term("Кінець")]);
  });

  test("return options: mainOnlyTerminators and returnAsIO", async () => {
    const code = await fixture("jumps.py");
    const exit = await parse(code, { mainOnlyTerminators: true });
    const f = bare(chart(exit, "f").block.stmts);
    expect(f[2]).toEqual({ kind: "if", cond: "x = 0", then: blk(term("Вихід")) });
    expect(bare(chart(exit, "main").block.stmts)).toEqual([term("Кінець")]);
    // sys.exit() ends the program: End even inside a function.
    expect(bare(chart(exit, "g").block.stmts)).toEqual([term("Кінець")]);
    const asIo = await parse(code, { returnAsIO: true, locale: "en" });
    expect(bare(chart(asIo, "f").block.stmts.slice(3))).toEqual([io("Output x * 2"), term("End")]);
  });

  test("try / except / else / finally", async () => {
    // The decision stands at the conversion that can fail; the rest and `else` are its other branch;
    // handlers no statement can reach are not drawn; `finally` follows both paths (issue 20).
    expect(await mainStmts("try.py")).toEqual([
      p("x := int(s)"),
      { kind: "if", cond: "Помилка перетворення?", then: blk(p("x := 0")), else: blk(p("y := 1"), p("y := 2")) },
      p("z := 3"),
      p("a := 1"),
      p("b := 2"),
    ]);
  });

  test("with, async with, async for", async () => {
    const result = await parse(await fixture("with.py"));
    expect(result.tree.map((f) => f.name)).toEqual(["load"]);
    expect(bare(chart(result, "load").block.stmts)).toEqual([
      p("with open(name) as f, lock as l"),
      p("data := f.read()"),
      p("with session.get(url) as r"),
      p("text := await r.text()"),
      { kind: "for", cond: "item ∈ stream", body: blk(io("Вивід item")) },
    ]);
  });

  test("match → switch", async () => {
    expect(await mainStmts("match.py")).toEqual([
      {
        kind: "switch",
        cond: "command",
        cases: [
          { label: '"go"', body: blk(p("go := True")) },
          { label: "[x, y] if x > y", body: blk(io("Вивід x")) },
          { label: "1 | 2", body: blk() },
        ],
        default: blk(io('Вивід "?"')),
      },
    ]);
  });

  test("assert, del, comprehensions, lambdas; silent statements", async () => {
    expect(await mainStmts("misc.py")).toEqual([
      { kind: "if", cond: "x > 0", then: blk(), else: blk(term('Помилка: "x must be positive"')) },
      { kind: "if", cond: "y", then: blk(), else: blk(term("Помилка: AssertionError")) },
      p("del x"),
      p("squares := [i² | i ∈ range(10), i ∈ allowed]"),
      p("f := lambda a: a = 1"),
    ]);
  });

  test("Python 2 print statement is output", async () => {
    const result = await parse('print "hi", x\n');
    expect(bare(chart(result, "main").block.stmts)).toEqual([io('Вивід "hi", x')]);
  });

  test("locations are 1-based statement positions", async () => {
    const result = await parse(await fixture("if.py"));
    const [first, second] = chart(result, "main").block.stmts;
    expect(first?.loc).toEqual({ line: 1, col: 1 });
    expect(second?.loc).toEqual({ line: 9, col: 1 });
    const inner = (first as Extract<Node, { kind: "if" }>).then.stmts[0];
    expect(inner?.loc).toEqual({ line: 2, col: 5 });
  });

  test("whitespace normalised, strings untouched, comments dropped", async () => {
    const result = await parse('x = foo(a,\n        "a   b",   # note\n        c)\ny  =  [\n  1,\n  2\n]\n');
    expect(bare(chart(result, "main").block.stmts)).toEqual([p('x := foo(a, "a   b", c)'), p("y := [1, 2]")]);
  });
});

describe("python front-end: charts", () => {
  test("functions, methods, nested and async functions, main guard", async () => {
    const result = await parse(await fixture("functions.py"));
    expect(result.errors).toEqual([]);
    expect(result.tree.map((f) => f.name)).toEqual([
      "main", "outer", "outer.inner", "Point.norm", "Point.fetch", "main_task",
    ]);
    expect(result.tree[0]?.main).toBe(true);
    expect(bare(result.tree[0]?.block)).toEqual(blk(call("outer(2)")));
    expect(bare(chart(result, "outer").block)).toEqual(blk(term("Повернути inner(a)")));
    expect(bare(chart(result, "outer.inner").block)).toEqual(blk(term("Повернути b + 1")));
    expect(bare(chart(result, "main_task").block)).toEqual(blk(call("await outer(1)")));
    expect(chart(result, "outer").loc).toEqual({ line: 6, col: 1 });
  });

  test("module-level code that only starts main() draws no chart of its own: main() is the program", async () => {
    const guarded = await parse('def helper(x):\n    return x * 2\n\ndef main():\n    n = int(input())\n    print(helper(n))\n\nif __name__ == "__main__":\n    main()\n');
    expect(guarded.tree.map((f) => [f.name, f.main === true])).toEqual([["main", true], ["helper", false]]);
    const bareCall = await parse("def start():\n    print(1)\n\nstart()\n");
    expect(bareCall.tree.map((f) => [f.name, f.main === true])).toEqual([["start", true]]);
    // Anything more at module level keeps its own chart.
    const more = await parse('def main():\n    print(1)\n\nprint("go")\nmain()\n');
    expect(more.tree.map((f) => [f.name, f.main === true])).toEqual([["__main__", true], ["main", false]]);
    const withArgs = await parse("def main(n):\n    print(n)\n\nmain(5)\n");
    expect(withArgs.tree.map((f) => f.name)).toEqual(["__main__", "main"]);
  });

  test("no main chart when module level produces no symbol", async () => {
    const result = await parse(await fixture("only_defs.py"));
    expect(bare(result)).toEqual({ tree: [{ name: "f", block: blk() }], errors: [] });
  });

  test("Cyrillic identifiers and strings", async () => {
    const result = await parse(await fixture("cyrillic.py"));
    expect(bare(result.tree)).toEqual([
      {
        name: "main",
        main: true,
        block: blk(io("Ввід сторона"), { kind: "if", cond: "сторона ≠ 0", then: blk(call("площа(сторона, сторона)")) }),
      },
      {
        name: "площа",
        block: blk(p("результат := ширина * висота"), io('Вивід "Площа дорівнює", результат'), term("Повернути результат")),
      },
    ]);
  });

  test("CRLF, tabs and a BOM", async () => {
    const code = "\uFEFFdef f(a):\r\n\tif a == 1:\r\n\t\treturn a\r\n\tx = a\r\n";
    const result = await parse(code);
    expect(result.errors).toEqual([]);
    expect(bare(result.tree)).toEqual([
      { name: "f", block: blk({ kind: "if", cond: "a = 1", then: blk(term("Повернути a")) }, p("x := a")) },
    ]);
    expect(chart(result, "f").block.stmts[1]?.loc).toEqual({ line: 4, col: 2 });
  });
});

describe("python front-end: bad input", () => {
  test("syntax error in one function, two good ones: it is drawn around it (issue 20)", async () => {
    const result = await parse(await fixture("syntax_error.py"));
    expect(result.tree.map((f) => f.name)).toEqual(["good1", "bad", "good2"]);
    expect(bare(chart(result, "bad").block.stmts)).toEqual([p("if a > :\nreturn 1"), term("Повернути 2")]);
    expect(result.errors).toHaveLength(1);
    const [error] = result.errors;
    expect(error?.name).toBe("bad");
    expect(error?.recovered).toBe(true);
    expect(error?.line).toBe(6);
    expect(error?.col).toBe(10);
    expect(error?.message).toMatch(/^syntax error at line 6, column 10: (unexpected|missing) /);
  });

  test("module-level syntax error: main is drawn around it and reported", async () => {
    const result = await parse("x = 1\nfoo bar baz\ndef g():\n    return 3\n");
    expect(result.tree.map((f) => f.name)).toEqual(["main", "g"]);
    expect(bare(chart(result, "main").block.stmts)[1]).toEqual(p("foo bar"));
    expect(result.errors.map((e) => [e.name, e.line, e.col, e.recovered])).toEqual([["main", 2, 1, true]]);
  });

  test("missing token is reported as missing", async () => {
    const result = await parse("def g(:\n    pass\ndef h():\n    return 1\n");
    expect(result.tree.map((f) => f.name)).toEqual(["h"]);
    expect(result.errors).toEqual([
      { name: "g", message: 'syntax error at line 1, column 7: missing ")"', line: 1, col: 7 },
    ]);
  });

  test("empty source", async () => {
    expect(await parse("")).toEqual({ tree: [], errors: [] });
    expect(await parse("\uFEFF  \n\n")).toEqual({ tree: [], errors: [] });
  });

  test("binary garbage does not throw", async () => {
    let seed = 12345;
    const bytes = new Uint8Array(4096);
    for (let i = 0; i < bytes.length; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      bytes[i] = seed & 0xff;
    }
    const code = new TextDecoder("utf-8").decode(bytes);
    const result = await parse(code);
    expect(Array.isArray(result.errors)).toBe(true);
  });

  test("2 MB source parses in reasonable time", async () => {
    const parts: string[] = [];
    let size = 0;
    for (let i = 0; size < 2_000_000; i++) {
      const fn = `def f${i}(a, b):\n    x = a + b * ${i}\n    if x > ${i}:\n        print("big", x)\n    return x\n\n`;
      parts.push(fn);
      size += fn.length;
    }
    const cpu = cpuClock();
    const result = await parse(parts.join(""));
    expect(result.errors).toEqual([]);
    expect(result.tree.length).toBe(parts.length);
    expect(cpu()).toBeLessThan(15_000);
  });

  test("500-deep nested ifs → limit error, no crash", async () => {
    const lines: string[] = ["def deep(x):"];
    for (let i = 0; i < 500; i++) lines.push(`${" ".repeat(i + 1)}if x > ${i}:`);
    lines.push(`${" ".repeat(501)}x = 0`);
    lines.push("def ok():\n    return 1");
    const result = await parse(lines.join("\n") + "\n");
    expect(result.tree.map((f) => f.name)).toEqual(["ok"]);
    expect(result.errors).toHaveLength(1);
    expect(result.errors[0]?.name).toBe("deep");
    expect(result.errors[0]?.message).toContain("nested");
  });

  test("10 000-line function → limit error, no crash", async () => {
    const body = Array.from({ length: 10_000 }, (_, i) => `    x${i} = ${i}`).join("\n");
    const result = await parse(`def huge():\n${body}\n`);
    expect(result.tree).toEqual([]);
    expect(result.errors).toEqual([expect.objectContaining({ name: "huge" })]);
    expect(result.errors[0]?.message).toContain("2000");
  });

  test("deeply nested expression does not overflow", async () => {
    const expr = `${"(".repeat(3000)}1${")".repeat(3000)}`;
    const result = await parse(`x = ${expr}\n`);
    expect(result.errors.length + result.tree.length).toBeGreaterThan(0);
  });

  test("the runtime is initialised once", async () => {
    await parse("x = 1\n");
    await parse("y = 2\n");
    expect(runtimeInitCount()).toBe(1);
  });
});

describe("python front-end: issue 13", () => {
  const main = async (code: string) => {
    const result = await parse(code, {});
    expect(result.errors).toEqual([]);
    return bare(chart(result, "main").block.stmts);
  };

  test("Python 2 print (with and without values), % and .format read as pieces, print() is a new line", async () => {
    expect(await main('print "a=%d" % a\nprint\nprint("x = {}".format(x))\nprint()\n')).toEqual([
      io('Вивід "a=", a'), io("Вивід новий рядок"), io('Вивід "x = ", x'), io("Вивід новий рядок"),
    ]);
  });

  test("deciding conditional expressions become decisions, nested ones nest; others stay", async () => {
    const result = await parse("def f(n):\n    return 1 if n < 0 else (2 if n == 0 else 3)\n\nx = a if c else b\ny = (a if c else b) + 1\n", {});
    expect(bare(chart(result, "f").block.stmts)).toEqual([
      { kind: "if", cond: "n < 0", then: blk(term("Повернути 1")), else: blk({ kind: "if", cond: "n = 0", then: blk(term("Повернути 2")), else: blk(term("Повернути 3")) }) },
    ]);
    expect(bare(chart(result, "main").block.stmts)).toEqual([
      { kind: "if", cond: "c", then: blk(p("x := a")), else: blk(p("x := b")) },
      p("y := (a if c else b) + 1"),
    ]);
  });

  test("a returned value too long for a terminator is computed first", async () => {
    const result = await parse("def f(m):\n    return [[m[i][j] for i in range(len(m))] for j in range(len(m[0]))]\n", {});
    expect(bare(chart(result, "f").block.stmts)).toEqual([
      p("результат := [[m[i][j] | i ∈ range(len(m))] | j ∈ range(len(m[0]))]"), term("Повернути результат"),
    ]);
  });
});

describe("issue 20: set-up, input in a student's words, file I/O (the engine's finished front-end)", () => {
  const main = finishedMain("python");

  test("console set-up is left out and reported; prompts and reads merge; the closing input() goes", async () => {
    const { lines, omitted } = await main([
      "import os, sys, random", "os.system('cls')", "sys.stdout.reconfigure(encoding='utf-8')", "random.seed()",
      'print("xp = ")', "xp = float(input())", 'xk = float(input("xk = "))', 'h = float(input("h = "))', "print(xp + xk + h)", "input()",
    ].join("\n"));
    expect(lines).toEqual(["io Ввід xp, xk, h", "io Вивід xp + xk + h"]);
    expect(omitted.map((o) => [o.line, o.text])).toEqual([[2, "os.system('cls')"], [3, "sys.stdout.reconfigure(encoding='utf-8')"], [4, "random.seed()"], [10, "Ввід символу"]]);
  });

  test("a menu printed before the read does not ask (no `:`, `=`, `?`, `>` at its end): it stays an output", async () => {
    const { lines } = await main('print("1 - додати, 0 - вихід")\nchoice = input("Ваш вибір: ")\nprint(choice)');
    expect(lines).toEqual(['io Вивід "1 - додати, 0 - вихід"', "io Ввід choice", "io Вивід choice"]);
  });

  test("a program that is nothing but input() keeps it", async () => {
    const { lines, omitted } = await main("input()");
    expect(lines).toEqual(["io Ввід символу"]);
    expect(omitted).toEqual([]);
  });

  test("with open(...) as f: is the opening, then its body; reads, writes and print(file=f) name the file", async () => {
    const { lines } = await main([
      'with open("data.txt") as f:', "    s = f.read()", "    n = int(f.readline())", "    for line in f:", "        print(line)",
      'g = open("out.txt", "w")', "g.write(str(n))", "print(n, s, file=g)", "g.close()", 'data = open("b.txt").read()',
    ].join("\n"));
    expect(lines).toEqual([
      'process Відкриття файлу f: "data.txt"', "io Читання з файлу f: s", "io Читання з файлу f: n", "for line ∈ f", "  io Вивід line",
      'process Відкриття файлу g: "out.txt"', "io Запис у файл g: n", "io Запис у файл g: n, s", "process Закриття файлу g",
      'io Читання з файлу "b.txt": data',
    ]);
  });

  test("an f-string written to a file is its pieces, as in an output", async () => {
    const { lines } = await main('f = open("o.txt", "w")\nf.write(f"{x}; {y:.2f}\\n")\nf.write(f"a[{i}] = {a[i]!r}{{}}")');
    expect(lines).toEqual(['process Відкриття файлу f: "o.txt"', 'io Запис у файл f: x, "; ", y', 'io Запис у файл f: "a[", i, "] = ", a[i], "{}"']);
  });

  test("some other object's write() is not a file write", async () => {
    const { lines } = await main("buf.write(x)");
    expect(lines).toEqual(["process buf.write(x)"]);
  });
});

describe("python front-end: an unclosed bracket (issue 24)", () => {
  // Line 8 opens `math.sqrt(` and never closes it: tree-sitter's errors fall on line 7 (main) and 14
  // (the module's code); both are said at the bracket, as CPython says `'(' was never closed`.
  const lines = [
    "import math",
    "",
    "# lab",
    "def main():",
    "    n = int(input())",
    "    s = 0",
    "    for i in range(1, n + 1):",
    "        s += math.sqrt(i * (i + 1)",
    "        if s > 100:",
    '            print("big")',
    '    print("s =", s)',
    "    while n > 0:",
    "        n -= 1",
    "    print(n)",
    "",
    "main()",
    "",
  ];

  test("a missing ) on line 8 is reported at line 8, where the bracket opens", async () => {
    const result = await parse(lines.join("\n"));
    expect(result.errors.length).toBeGreaterThan(0);
    for (const error of result.errors) {
      expect([error.line, error.col]).toEqual([8, 23]);
      expect(error.message).toStartWith('syntax error at line 8, column 23: "(" was never closed');
    }
    expect(result.errors.map((e) => e.name)).toContain("main");
  });

  test("an error before the bracket stays where it is; brackets in strings and comments do not count", async () => {
    const code = ["def f(x):", "    if x >", "        return 1", "", "def g():", '    s = "(" # (', "    print(len(s)", ""].join("\n");
    const result = await parse(code);
    expect(result.errors.find((e) => e.name === "f")?.line).toBe(2);
    const g = result.errors.find((e) => e.name === "g");
    expect(g === undefined || g.line === 7).toBe(true);
    expect(result.errors.every((e) => e.line !== 6)).toBe(true);
  });
});

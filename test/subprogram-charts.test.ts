/**
 * A subprogram's chart says what it receives (issue 20): its start terminator is `name(params)`,
 * its caption «функції / процедури / методу name(params)» without the program class's prefix.
 * Chart-level fields `kind`, `params`, `title` extend interface §2.9: a tree without them draws as before.
 */
import { describe, expect, test } from "bun:test";
import { render, type Lang } from "../engine/index.ts";
import { bunAssets } from "../hosts/bun.ts";
import type { Options } from "../engine/options.ts";
import type { Geometry } from "../engine/geometry/types.ts";
import { parseNativeTree } from "../engine/tree/validate.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

/** [caption, start terminator text] of every chart. */
async function charts(lang: Lang, code: string, options: Options = {}): Promise<[string, string][]> {
  const { file } = await render({ code, lang, format: "json", options }, bunAssets);
  const g = JSON.parse(file.data as string) as Geometry;
  return g.charts.map((c) => [c.caption.text.replace(/^Рисунок \d+ — /, ""), c.parts[0]!.shapes[0]!.text.join(" ")]);
}

describe("captions and start terminators name the subprogram and its parameters", () => {
  test("Python: functions and methods, self left out, defaults and annotations dropped", async () => {
    expect(await charts("python", "class Acc:\n    def add(self, v: int = 0):\n        self.s = v\n\ndef sum_above(a, n, m=0):\n    return n\n\nx = 1\n")).toEqual([
      ["Схема алгоритму програми", "Початок"],
      ["Схема алгоритму методу Acc.add(v)", "Acc.add(v)"],
      ["Схема алгоритму функції sum_above(a, n, m)", "sum_above(a, n, m)"],
    ]);
  });

  test("C: functions, names without types; main keeps Початок", async () => {
    expect(await charts("c", "int sum(const int *a, int n) { return a[0] + n; }\nint main(void) { return 0; }\n")).toEqual([
      ["Схема алгоритму програми", "Початок"], ["Схема алгоритму функції sum(a, n)", "sum(a, n)"],
    ]);
  });

  test("C++: member functions are methods; a class beside a free main keeps its name", async () => {
    expect(await charts("cpp", "class Point { public: int x; int dist(const Point &p) const { return x - p.x; } };\nint main() { return 0; }\n")).toEqual([
      ["Схема алгоритму програми", "Початок"], ["Схема алгоритму методу Point::dist(p)", "Point::dist(p)"],
    ]);
  });

  test("Java and C#: methods of the class holding main go without its prefix, other classes keep theirs", async () => {
    expect(await charts("java", "public class Main {\n static int calculateSum(int[] a, int n) { return n; }\n public static void main(String[] s) { }\n}\nclass Box { void put(String item) { } }\n")).toEqual([
      ["Схема алгоритму програми", "Початок"],
      ["Схема алгоритму методу calculateSum(a, n)", "calculateSum(a, n)"],
      ["Схема алгоритму методу Box.put(item)", "Box.put(item)"],
    ]);
    expect(await charts("csharp", "class Program {\n static int Twice(ref int x, params int[] more) => x * 2;\n static void Main() { }\n}\n")).toEqual([
      ["Схема алгоритму програми", "Початок"], ["Схема алгоритму методу Twice(x, more)", "Twice(x, more)"],
    ]);
  });

  test("a class nested in the program's class drops only the program's prefix", async () => {
    const out = await charts("java", "public class University {\n static class Student {\n  int grade;\n  int getGrade() { return grade; }\n }\n public static void main(String[] s) { }\n}\n");
    expect(out).toEqual([["Схема алгоритму програми", "Початок"], ["Схема алгоритму методу Student.getGrade()", "Student.getGrade()"]]);
  });

  test("the prefix stays where two classes have a method of the same name", async () => {
    const out = await charts("java", "class Main {\n void show() { }\n public static void main(String[] s) { }\n}\nclass Box { void show() { } }\n");
    expect(out.map(([caption]) => caption)).toEqual([
      "Схема алгоритму програми", "Схема алгоритму методу Main.show()", "Схема алгоритму методу Box.show()",
    ]);
  });

  test("Pascal: procedures are «процедури», functions «функції», parameter groups by name", async () => {
    expect(await charts("pascal", "program P;\nprocedure Draw(x, y: integer; var s: string);\nbegin\n  writeln(x);\nend;\nfunction Get: integer;\nbegin\n  Get := 1;\nend;\nbegin\nend.\n")).toEqual([
      ["Схема алгоритму програми", "Початок"],
      ["Схема алгоритму процедури Draw(x, y, s)", "Draw(x, y, s)"], ["Схема алгоритму функції Get()", "Get()"],
    ]);
  });

  test("mainOnlyTerminators keeps Вхід/Вихід; the caption still names the parameters; en words", async () => {
    expect(await charts("python", "def f(a, b):\n    return a\n", { mainOnlyTerminators: true })).toEqual([["Схема алгоритму функції f(a, b)", "Вхід"]]);
    const en = await charts("pascal", "program P;\nprocedure Q(a: real);\nbegin\n  writeln(a);\nend;\nbegin\n  Q(1);\nend.\n", { locale: "en" });
    expect(en.map(([caption]) => caption.replace(/^Figure \d+ — /, ""))).toEqual(["Flowchart of the program", "Flowchart of procedure Q(a)"]);
  });
});

/** The start terminator of every subprogram chart (main left out). */
const starts = async (lang: Lang, code: string, options: Options = {}) => (await charts(lang, code, options)).map(([, start]) => start).filter((t) => t !== "Початок");

describe("parameters by each language's rule (name first in Go and TypeScript)", () => {
  test("Go: the name comes first; names sharing a type, variadics, channels and generics", async () => {
    const code = [
      "package main",
      "func selectionSort(s []Student) {}",
      "func binarySearch(a []int, x, lo, hi int) int { return binarySearch(a, x, lo, hi) }",
      "func sum(prefix string, args ...int) {}",
      "func square(n int, out chan<- int, wg *sync.WaitGroup) {}",
      "func apply(f func(a, b int) int, m map[string]int) {}",
      "func Map[T any](s []T) []T { return s }",
      "func onlyTypes(int, string) {}",
      "func (s *Stack) Push(x int) {}",
      "func main() {}",
    ].join("\n");
    expect(await starts("go", code)).toEqual([
      "selectionSort(s)", "binarySearch(a, x, lo, hi)", "sum(prefix, args)", "square(n, out, wg)", "apply(f, m)", "Map(s)",
      "onlyTypes(int, string)", "Stack.Push(x)",
    ]);
  });

  test("TypeScript: the name before its annotation, optional mark and default; this: T is no parameter", async () => {
    const code = [
      "function gcd(a: number, b: number): number { return b; }",
      "function readYear(prompt?: string, min: number = 1900, ...rest: number[]): number { return min; }",
      "function draw(this: Canvas, { x, y = 0 }: Point, [first, second]: number[], cb: (v: number) => void, sep = \", \") {}",
      "function id<T>(v: T): T { return v; }",
      "class Account { constructor(private owner: string, public readonly balance = 0) {} }",
      "console.log(gcd(4, 6));",
    ].join("\n");
    expect(await starts("typescript", code, { stripTypes: true })).toEqual([
      "gcd(a, b)", "readYear(prompt, min, ...rest)", "draw({x, y}, [first, second], cb, sep)", "id(v)", "Account.Account(owner, balance)",
    ]);
  });

  test("JavaScript and TypeScript: a function bound to a name has that function's parameters", async () => {
    const code = [
      "const hanoi = (n: number, from: string, to: string): void => { if (n > 0) hanoi(n - 1, from, to); };",
      "const f = function (a, b) { return a; };",
      "const g = async (x) => x;",
      "let h = x => x + 1;",
      "const k = async function* gen(a = 1, ...more) { yield a; };",
      "console.log(f(1, 2));",
    ].join("\n");
    expect(await starts("typescript", code)).toEqual(["hanoi(n, from, to)", "f(a, b)", "g(x)", "h(x)", "k(a, ...more)"]);
    expect(await starts("javascript", code.replace(/: (?:number|string|void)/g, ""))).toEqual(["hanoi(n, from, to)", "f(a, b)", "g(x)", "h(x)", "k(a, ...more)"]);
  });
});

describe("native trees (interface §2.9 extensions)", () => {
  const native = (fn: object) => JSON.stringify([{ name: "f", block: { stmts: [{ kind: "process", text: "x := 1" }] }, ...fn }]);

  test("a tree without params draws as before; kind, params and title are used when given", async () => {
    const parsed = (code: string) => {
      const r = parseNativeTree(code);
      if (!r.ok) throw new Error(r.errors.map((e) => e.message).join("; "));
      return r.tree;
    };
    const draw = async (fn: object) => {
      const { file } = await render({ code: JSON.stringify(parsed(native(fn))), lang: "native", format: "json" }, bunAssets);
      const c = (JSON.parse(file.data as string) as Geometry).charts[0]!;
      return [c.caption.text, c.parts[0]!.shapes[0]!.text.join(" ")];
    };
    expect(await draw({})).toEqual(["Рисунок 1 — Схема алгоритму функції f()", "Початок"]);
    expect(await draw({ kind: "procedure", params: ["a", "b"], title: "draw" })).toEqual(["Рисунок 1 — Схема алгоритму процедури draw(a, b)", "draw(a, b)"]);
  });

  test("wrong kind, params or title is a clear validation error", () => {
    const r = parseNativeTree(native({ kind: "lambda", params: [1], title: 2 }));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map((e) => e.message)).toEqual([
      '[0]: "kind" of a function must be one of function, procedure, method, got "lambda"',
      '[0]: "params" must be an array of strings, got an array',
      '[0]: "title" must be a string, got a number',
    ]);
  });
});

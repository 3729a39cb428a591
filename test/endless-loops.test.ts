/**
 * Endless loops (issue 20, endless-loops.ts and the loop-limit texts of layout/loops.ts): a test that
 * opens the body makes a pre-test loop, one that closes it a post-test loop, in every language; any
 * other endless loop is a loop-limit pair whose closing symbol says how it ends.
 */
import { describe, expect, test } from "bun:test";
import { frontendFor, type Lang } from "../engine/index.ts";
import { bunAssets } from "../hosts/bun.ts";
import { resolveOptions } from "../engine/options.ts";
import { layoutCharts } from "../engine/layout/index.ts";
import type { ChartFunction, ChartTree, Node } from "../engine/tree/schema.ts";
import { negated } from "../engine/frontends/endless-loops.ts";
import { bare } from "./support/frontend-helpers.ts";
import { checkGeometry } from "./support/geometry-checker.ts";

const uk = resolveOptions({ stripTypes: true });

async function mainOf(lang: Lang, code: string): Promise<ChartFunction> {
  const result = await frontendFor(lang)!(code, uk, bunAssets);
  expect(result.errors).toEqual([]);
  return bare(result.tree).find((c) => c.main)!;
}

/** The kind and test of the main chart's first loop. */
function firstLoop(fn: ChartFunction): { kind: string; cond?: string; until?: boolean } {
  const loop = fn.block.stmts.find((n) => ["while", "dowhile", "infloop", "for"].includes(n.kind))!;
  const { kind } = loop;
  return { kind, ...("cond" in loop ? { cond: loop.cond } : {}), ...(loop.kind === "dowhile" && loop.until ? { until: true } : {}) };
}

// x is read, then the loop halves it: the exit test first, last, or in the middle.
const programs: Record<Lang & ("c" | "cpp" | "java" | "csharp" | "pascal" | "python"), { first: string; last: string; middle: string }> = {
  c: {
    first: "#include <stdio.h>\nint main(void) { int x; scanf(\"%d\", &x); for (;;) { if (x == 1) break; x = x / 2; } return 0; }",
    last: "#include <stdio.h>\nint main(void) { int x; scanf(\"%d\", &x); while (1) { x = x / 2; if (x < 1) break; } return 0; }",
    middle: "#include <stdio.h>\nint main(void) { int x; while (1) { scanf(\"%d\", &x); if (x == 0) break; printf(\"%d\", x); } return 0; }",
  },
  cpp: {
    first: "#include <iostream>\nint main() { int x; std::cin >> x; while (true) { if (x == 1) break; x = x / 2; } }",
    last: "#include <iostream>\nint main() { int x; std::cin >> x; for (;;) { x = x / 2; if (x < 1) break; } }",
    middle: "#include <iostream>\nint main() { int x; while (true) { std::cin >> x; if (x == 0) break; std::cout << x; } }",
  },
  java: {
    first: "class M { public static void main(String[] a) { int x = 8; while (true) { if (x == 1) break; x = x / 2; } } }",
    last: "class M { public static void main(String[] a) { int x = 8; while (true) { x = x / 2; if (x < 1) break; } } }",
    middle: "class M { public static void main(String[] a) { int x = 8; while (true) { x--; if (x == 0) break; System.out.println(x); } } }",
  },
  csharp: {
    first: "class M { static void Main() { int x = 8; while (true) { if (x == 1) break; x = x / 2; } } }",
    last: "class M { static void Main() { int x = 8; for (;;) { x = x / 2; if (x < 1) break; } } }",
    middle: "class M { static void Main() { int x = 8; while (true) { x--; if (x == 0) break; System.Console.WriteLine(x); } } }",
  },
  pascal: {
    first: "program P;\nvar x: integer;\nbegin\n  readln(x);\n  while true do\n  begin\n    if x = 1 then break;\n    x := x div 2;\n  end;\nend.",
    last: "program P;\nvar x: integer;\nbegin\n  readln(x);\n  while true do\n  begin\n    x := x div 2;\n    if x < 1 then break;\n  end;\nend.",
    middle: "program P;\nvar x: integer;\nbegin\n  while true do\n  begin\n    readln(x);\n    if x = 0 then break;\n    writeln(x);\n  end;\nend.",
  },
  python: {
    first: "x = int(input())\nwhile True:\n    if x == 1:\n        break\n    x = x // 2\n",
    last: "x = int(input())\nwhile True:\n    x = x // 2\n    if x < 1:\n        break\n",
    middle: "while True:\n    x = int(input())\n    if x == 0:\n        break\n    print(x)\n",
  },
};

describe("endless loops in every language", () => {
  for (const [lang, p] of Object.entries(programs) as [Lang, (typeof programs)["c"]][]) {
    test(`${lang}: a test first is a while loop on its negation, last a post-test loop, in the middle a loop-limit pair closed «до виходу»`, async () => {
      expect(firstLoop(await mainOf(lang, p.first))).toEqual({ kind: "while", cond: "x ≠ 1" });
      expect(firstLoop(await mainOf(lang, p.last))).toEqual({ kind: "dowhile", cond: "x < 1", until: true });
      const middle = await mainOf(lang, p.middle);
      expect(firstLoop(middle)).toEqual({ kind: "infloop" });
      const shapes = layoutCharts([middle], uk, false).charts[0]!.parts.flatMap((part) => part.shapes);
      expect(shapes.filter((s) => s.kind === "loop_begin").map((s) => s.text.join(" "))).toEqual(["Цикл 1"]);
      expect(shapes.filter((s) => s.kind === "loop_end").map((s) => s.text.join(" "))).toEqual(["Цикл 1 до виходу"]);
    });
  }

  test("a continue in the body keeps the post-test form away (it would skip the test)", async () => {
    const fn = await mainOf("c", "int main(void) { int x = 9; while (1) { x--; if (x == 5) continue; if (x < 1) break; } return 0; }");
    expect(firstLoop(fn)).toEqual({ kind: "infloop" });
  });

  test("an endless loop nothing leaves closes «нескінченно»; a break of an inner loop is not its exit", () => {
    const inner: Node = { kind: "while", cond: "i < n", body: { stmts: [{ kind: "break" }] } };
    const tree: ChartTree = [{ name: "main", main: true, block: { stmts: [{ kind: "infloop", body: { stmts: [{ kind: "process", text: "i := 0" }, inner] } }] } }];
    const ends = (t: ChartTree, locale: "uk" | "en") =>
      layoutCharts(t, resolveOptions({ locale }), false).charts[0]!.parts.flatMap((part) => part.shapes).filter((s) => s.kind === "loop_end").map((s) => s.text.join(" "));
    expect(ends(tree, "uk")).toEqual(["Цикл 1 нескінченно"]);
    expect(ends(tree, "en")).toEqual(["Loop 1 forever"]);
  });

  test("a closing symbol wider than the opening one is kept clear of the lines beside the loop", () => {
    // Found by layout-property.test (seed 940793487): a for loop's exit line ran down the right edge
    // of «Цикл 1 / нескінченно», which is wider than «Цикл 1», the only width the loop reported.
    const endless: Node = { kind: "infloop", body: { stmts: [] } };
    const withBreak: Node = { kind: "infloop", body: { stmts: [{ kind: "if", cond: "x > 0", then: { stmts: [{ kind: "break" }] } }, { kind: "process", text: "x := x - 1" }] } };
    for (const body of [endless, withBreak]) {
      const tree: ChartTree = [{ name: "main", main: true, block: { stmts: [{ kind: "for", cond: "x ∈ xs", body: { stmts: [body] } }] } }];
      for (const singleEnd of [false, true]) {
        const geometry = layoutCharts(tree, resolveOptions({ singleEnd }), false);
        expect(checkGeometry(geometry)).toEqual([]);
        if (body === endless) {
          const shapes = geometry.charts[0]!.parts[0]!.shapes;
          expect(shapes.find((s) => s.kind === "loop_end")!.w).toBeGreaterThan(shapes.find((s) => s.kind === "loop_begin")!.w);
        }
      }
    }
  });
});

describe("a test negated as a student writes it", () => {
  test("one comparison flips; a negated name loses its «не»; anything else is «не (…)»", () => {
    expect(negated("x = 1", "uk")).toBe("x ≠ 1");
    expect(negated("a[i] ≥ max(a, b)", "uk")).toBe("a[i] < max(a, b)");
    expect(negated("c ∈ \"yY\"", "uk")).toBe("c ∉ \"yY\"");
    expect(negated("s = \"a = b\"", "uk")).toBe("s ≠ \"a = b\"");
    expect(negated("не found", "uk")).toBe("found");
    expect(negated("done", "en")).toBe("not done");
    expect(negated("x > 0 або y > 0", "uk")).toBe("не (x > 0 або y > 0)");
    expect(negated("Введено число?", "uk")).toBe("не (Введено число?)");
  });
});

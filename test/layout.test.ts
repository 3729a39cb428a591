/**
 * Layout per construct: Python fixtures and native trees → geometry, with structural assertions
 * (shape kinds, labels, where lines attach, arrows) and the geometry checker on every chart.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { EngineError, langFromFileName, render } from "../engine/index.ts";
import { bunAssets } from "../hosts/bun.ts";
import type { ChartGeometry, Edge, Geometry, Shape } from "../engine/geometry/types.ts";
import type { ChartTree, Node } from "../engine/tree/schema.ts";
import { PAGE_PART_HEIGHT, PAGE_PART_WIDTH } from "../engine/geometry/style.ts";
import { checkGeometry } from "./support/geometry-checker.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

async function py(code: string, options: object = {}, extra: { fn?: string; split?: boolean } = {}): Promise<Geometry> {
  const result = await render({ code, lang: "python", format: "json", options, ...extra }, bunAssets);
  expect(checkGeometry(result.geometry)).toEqual([]);
  return result.geometry;
}

async function native(tree: ChartTree, options: object = {}, split = false): Promise<Geometry> {
  const result = await render({ code: JSON.stringify(tree), lang: "native", format: "json", options, split }, bunAssets);
  expect(checkGeometry(result.geometry)).toEqual([]);
  return result.geometry;
}

const fn = (stmts: Node[], name = "f", main = true): ChartTree => [{ name, main, block: { stmts } }];
const shapes = (c: ChartGeometry): Shape[] => c.parts.flatMap((p) => p.shapes);
const edges = (c: ChartGeometry): Edge[] => c.parts.flatMap((p) => p.edges);
const kinds = (c: ChartGeometry): string[] => shapes(c).map((s) => s.kind);
const textOf = (s: Shape): string => s.text.join(" ");
const byText = (c: ChartGeometry, text: string): Shape => {
  const found = shapes(c).find((s) => textOf(s) === text);
  if (!found) throw new Error(`no shape "${text}" in ${shapes(c).map(textOf).join(" | ")}`);
  return found;
};
const exits = (c: ChartGeometry, s: Shape): Edge[] => edges(c).filter((e) => e.from === s.id);
const chart = (g: Geometry, name?: string): ChartGeometry => (name ? g.charts.find((c) => c.name === name)! : g.charts[0]!);

describe("every fixture and example of every language lays out cleanly (SVG and JSON)", () => {
  const dirs = ["test/fixtures/python", "test/fixtures/c", "test/fixtures/cpp", "test/fixtures/java", "test/fixtures/csharp", "test/fixtures/pascal", "examples"];
  const sources = /\.(py|c|cpp|java|cs|pas)$/;
  for (const dir of dirs) {
    for (const file of readdirSync(dir).filter((f) => sources.test(f))) {
      test(`${dir}/${file}`, async () => {
        const code = await Bun.file(`${dir}/${file}`).text();
        const lang = langFromFileName(file);
        for (const options of [{}, { singleEnd: true }, { locale: "en", mainOnlyTerminators: true }]) {
          for (const format of ["svg", "json"]) {
            const result = await render({ code, lang, format, options }, bunAssets).catch((error: unknown) => error);
            if (result instanceof EngineError) {
              expect(result.code).toBe("render_failed"); // a fixture whose every function has a syntax error
              continue;
            }
            const r = result as Awaited<ReturnType<typeof render>>;
            expect(checkGeometry(r.geometry)).toEqual([]);
            expect(r.charts).toBeGreaterThan(0);
          }
        }
      });
    }
  }
});

describe("sequence and terminators", () => {
  test("Start, blocks on one spine, End; io and call symbols", async () => {
    const g = await py("def f(x):\n    return x\n\nn = int(input())\nr = f(n)\nprint(r)\n", {}, { fn: "main" });
    const c = chart(g);
    expect(kinds(c)).toEqual(["terminator", "io", "call", "io", "terminator"]);
    expect(shapes(c).map(textOf)).toEqual(["Початок", "Ввід n", "r := f(n)", "Вивід r", "Кінець"]);
    const xs = shapes(c).map((s) => s.x + s.w / 2);
    expect(new Set(xs.map((x) => x.toFixed(6))).size).toBe(1); // one spine
    for (const e of edges(c)) expect(e.arrow).toBe(false); // all flow down: no arrowheads (L2)
  });

  test("mainOnlyTerminators gives Entry/Exit to subprograms; locale en", async () => {
    const g = await py("def f(x):\n    print(x)\n\nf(1)\n", { locale: "en", mainOnlyTerminators: true });
    expect(shapes(chart(g, "main")).map(textOf)).toEqual(["Start", "f(1)", "End"]);
    expect(shapes(chart(g, "f")).map(textOf)).toEqual(["Entry", "Output x", "Exit"]);
  });

  test("captions: word, number from figStart, em dash, no full stop", async () => {
    const g = await py("def f():\n    pass\n    x = 1\n\nprint(1)\n", { figStart: 3 });
    expect(g.charts.map((c) => c.caption.text)).toEqual([
      "Рисунок 3 — Схема алгоритму програми",
      "Рисунок 4 — Схема алгоритму функції f()",
    ]);
    for (const c of g.charts) {
      const lowest = Math.max(...c.parts.map((p) => p.y + p.height));
      expect(c.caption.box.y).toBeGreaterThan(lowest);
    }
  });

  test("returns: one End per exit by default, one shared End with singleEnd", async () => {
    const code = "def f(x):\n    if x > 0:\n        return 1\n    return 2\n";
    const perExit = chart(await py(code));
    expect(shapes(perExit).filter((s) => s.kind === "terminator").map(textOf)).toEqual(["f(x)", "Повернути 1", "Повернути 2"]);
    const single = chart(await py(code, { singleEnd: true }));
    const terminators = shapes(single).filter((s) => s.kind === "terminator");
    expect(terminators.map(textOf)).toEqual(["f(x)", "Кінець"]);
    expect(shapes(single).filter((s) => s.kind === "process").map(textOf).sort()).toEqual(["Повернути 1", "Повернути 2"]);
  });

  test("returnAsIO draws the value as output before the end", async () => {
    const c = chart(await py("def f(x):\n    return x * 2\n", { returnAsIO: true }));
    expect(shapes(c).map((s) => [s.kind, textOf(s)])).toEqual([
      ["terminator", "f(x)"], ["io", "Вивід x * 2"], ["terminator", "Кінець"],
    ]);
  });
});

describe("decisions", () => {
  test("if/else: two labelled exits from the side vertices, columns rejoin with a T and an arrow", async () => {
    const c = chart(await py("if a < b:\n    x = 1\nelse:\n    x = 2\nprint(x)\n"));
    const d = shapes(c).find((s) => s.kind === "decision")!;
    const out = exits(c, d);
    expect(out.map((e) => e.label).sort()).toEqual(["Ні", "Так"]);
    const yes = out.find((e) => e.label === "Так")!;
    expect(yes.points[0]).toEqual({ x: d.x, y: d.y + d.h / 2 }); // left vertex
    const no = out.find((e) => e.label === "Ні")!;
    expect(no.points[0]).toEqual({ x: d.x + d.w, y: d.y + d.h / 2 }); // right vertex
    // The right column joins from the right with an arrowhead; the left one does not need one.
    const joins = edges(c).filter((e) => e.to === null);
    expect(joins.length).toBe(1);
    expect(joins[0]!.arrow).toBe(true);
  });

  test("if without else: the empty branch runs down the spine", async () => {
    const c = chart(await py("if a:\n    x = 1\nprint(x)\n"));
    const d = shapes(c).find((s) => s.kind === "decision")!;
    const no = exits(c, d).find((e) => e.label === "Ні")!;
    expect(no.points[0]).toEqual({ x: d.x + d.w / 2, y: d.y + d.h }); // bottom vertex
  });

  test("elif chain nests in the else column", async () => {
    const c = chart(await py("if a:\n    x = 1\nelif b:\n    x = 2\nelse:\n    x = 3\n"));
    expect(kinds(c).filter((k) => k === "decision").length).toBe(2);
  });

  test("conditions use the math notation (D6)", async () => {
    const c = chart(await py("if a <= b and c != d or not e:\n    x = 1\n"));
    expect(textOf(shapes(c).find((s) => s.kind === "decision")!)).toBe("a ≤ b і c ≠ d або не e");
  });

  test("match: a bus of columns, one per case, the default last, values on the lines", async () => {
    const c = chart(await py("match k:\n    case 1:\n        a()\n    case 2:\n        b()\n    case _:\n        z()\n"));
    const d = shapes(c).find((s) => s.kind === "decision")!;
    expect(textOf(d)).toBe("k");
    const labels = edges(c).filter((e) => e.label).map((e) => e.label);
    expect(labels).toEqual(["1", "2", "інакше"]);
  });

  test("switch fall-through runs up into the next case with an arrowhead", async () => {
    const c = chart(await native(fn([{
      kind: "switch", cond: "k",
      cases: [
        { label: "1", body: { stmts: [{ kind: "process", text: "a := 1" }] }, fallthrough: true },
        { label: "2", body: { stmts: [{ kind: "process", text: "b := 2" }] } },
      ],
    }])));
    const a = byText(c, "a := 1");
    const through = exits(c, a)[0]!;
    expect(through.to).toBeNull();
    expect(through.arrow).toBe(true);
    expect(through.points.some((p, i) => i > 0 && p.y < through.points[i - 1]!.y)).toBe(true); // runs up
  });
});

test("a switch that only falls through and jumps keeps its fall-through clear of what follows it (found by the property test)", async () => {
  // No case reaches the collector; the while's exit then joins the spine right under the switch,
  // and used to run along the fall-through's turn.
  await native(fn([
    {
      kind: "while", cond: "i < n", body: { stmts: [{
        kind: "switch", cond: "k",
        cases: [
          { label: "1", body: { stmts: [{ kind: "process", text: "x := 1" }] }, fallthrough: true },
          { label: "2", body: { stmts: [{ kind: "connector", text: "L2", jump: true }] } },
        ],
        default: { stmts: [{ kind: "connector", text: "L3", jump: true }] },
      }] },
    },
    { kind: "connector", text: "L2" },
    { kind: "connector", text: "L3" },
    { kind: "process", text: "y := 2" },
  ])); // native() asserts the geometry checker finds nothing
});

describe("loops", () => {
  test("while: back line runs up with an arrowhead, exit leaves the right vertex labelled no", async () => {
    const c = chart(await py("while i < n:\n    i += 1\nprint(i)\n"));
    const d = shapes(c).find((s) => s.kind === "decision")!;
    const body = byText(c, "i := i + 1");
    const back = exits(c, body)[0]!;
    expect(back.arrow).toBe(true);
    expect(back.points.some((p, i) => i > 0 && p.y < back.points[i - 1]!.y)).toBe(true);
    expect(Math.min(...back.points.map((p) => p.x))).toBeLessThan(d.x); // lane left of everything
    const no = exits(c, d).find((e) => e.label === "Ні")!;
    expect(no.points[0]).toEqual({ x: d.x + d.w, y: d.y + d.h / 2 });
    expect(exits(c, d).find((e) => e.label === "Так")!.points[0]).toEqual({ x: d.x + d.w / 2, y: d.y + d.h });
  });

  test("counting for: hexagon with the comma form; back line enters the left vertex", async () => {
    const c = chart(await py("for i in range(1, n + 1):\n    s += i\n"));
    const hex = shapes(c).find((s) => s.kind === "hexagon")!;
    expect(textOf(hex)).toBe("i := 1, n");
    const back = edges(c).find((e) => e.to === hex.id && e.arrow)!;
    expect(back.points[back.points.length - 1]).toEqual({ x: hex.x, y: hex.y + hex.h / 2 });
    expect(exits(c, hex).every((e) => e.label === undefined)).toBe(true); // no yes/no on hexagons
  });

  test("forFormat range and verbose", async () => {
    const code = "for i in range(0, 10, 2):\n    print(i)\n";
    expect(textOf(shapes(chart(await py(code, { forFormat: "range" }))).find((s) => s.kind === "hexagon")!)).toBe("i := 0 … 9, 2");
    expect(textOf(shapes(chart(await py(code, { forFormat: "verbose" }))).find((s) => s.kind === "hexagon")!)).toBe("i від 0 до 9 крок 2");
  });

  test("foreach: hexagon with ∈", async () => {
    const c = chart(await py("for x in items:\n    print(x)\n"));
    expect(textOf(shapes(c).find((s) => s.kind === "hexagon")!)).toBe("x ∈ items");
  });

  test("post-condition idiom: repeat line from the left vertex, until labels (repeat on no)", async () => {
    const c = chart(await py("while True:\n    n -= 1\n    if n <= 0:\n        break\n"));
    const d = shapes(c).find((s) => s.kind === "decision")!;
    expect(textOf(d)).toBe("n ≤ 0");
    const repeat = exits(c, d).find((e) => e.points[0]!.x === d.x)!;
    expect(repeat.label).toBe("Ні");
    expect(repeat.arrow).toBe(true);
    expect(exits(c, d).find((e) => e.points[0]!.y === d.y + d.h)!.label).toBe("Так");
  });

  test("infinite loop: loop-limit pair with the same name, the end says how it ends, break leaves it", async () => {
    const c = chart(await py("while True:\n    x = input()\n    if x == 'q':\n        break\n    print(x)\nprint('bye')\n"));
    const begin = shapes(c).find((s) => s.kind === "loop_begin")!;
    const end = shapes(c).find((s) => s.kind === "loop_end")!;
    expect(textOf(begin)).toBe("Цикл 1");
    expect(textOf(end)).toBe("Цикл 1 до виходу");
    expect(exits(c, end)).toEqual([]); // no line drawn out of the loop end: only the break leaves
  });

  test("break goes to a lane right of the body and joins the exit; continue joins the back lane", async () => {
    const c = chart(await py("while i < n:\n    i += 1\n    if a[i] == 0:\n        continue\n    if a[i] < 0:\n        break\n    s += a[i]\nprint(s)\n"));
    const decisions = shapes(c).filter((s) => s.kind === "decision");
    const [loopD, contD, breakD] = decisions as [Shape, Shape, Shape];
    const cont = exits(c, contD).find((e) => e.label === "Так")!;
    expect(cont.points[0]).toEqual({ x: contD.x, y: contD.y + contD.h / 2 }); // left vertex, towards the back lane
    expect(cont.arrow).toBe(true);
    const brk = exits(c, breakD).find((e) => e.label === "Так")!;
    expect(brk.points[0]).toEqual({ x: breakD.x + breakD.w, y: breakD.y + breakD.h / 2 });
    expect(brk.to).toBeNull();
    const exit = exits(c, loopD).find((e) => e.label === "Ні")!;
    const brkEnd = brk.points[brk.points.length - 1]!;
    expect(brkEnd.y).toBe(exit.points[exit.points.length - 1]!.y); // lands on the exit's return line
    expect(kinds(c)).not.toContain("connector");
  });

  test("a branch that breaks goes on the right, next to the break lane", async () => {
    const c = chart(await py("while c:\n    if a:\n        x = 1\n        break\n    else:\n        y = 2\n        z = 3\nprint(1)\n"));
    expect(kinds(c)).not.toContain("connector");
    const x1 = byText(c, "x := 1");
    expect(x1.x).toBeGreaterThan(byText(c, "y := 2").x);
  });

  test("a break that would cross the other column uses a connector pair", async () => {
    const c = chart(await py("while c:\n    if a:\n        x = 1\n        break\n    else:\n        y = 2\n        break\nprint(1)\n"));
    const connectors = shapes(c).filter((s) => s.kind === "connector");
    expect(connectors.length).toBe(2);
    expect(new Set(connectors.map(textOf))).toEqual(new Set(["А"]));
  });

  test("for … else: the else runs on the normal exit, breaks jump past it", async () => {
    const c = chart(await py("for x in xs:\n    if x == k:\n        break\nelse:\n    print('none')\nprint('end')\n"));
    const none = byText(c, "Вивід 'none'");
    const connectors = shapes(c).filter((s) => s.kind === "connector");
    expect(connectors.length).toBe(2);
    const inner = connectors.find((s) => exits(c, s).length === 1)!;
    expect(inner.y).toBeGreaterThan(none.y + none.h); // rejoins below the else block
  });
});

describe("text", () => {
  test("long text widens the symbol to 2a, then in 5 mm steps, then grows downwards in whole lines within h ≤ w/2 (issue 20)", async () => {
    const c = chart(await py("result_value = first_argument_value + second_argument_value * third_argument_value - fourth\n"));
    const s = shapes(c).find((x) => x.kind === "process")!;
    expect(s.w).toBeGreaterThan(30);
    expect((s.w - 40) % 5).toBeCloseTo(0, 6);
    expect(s.h === 20 || s.h <= s.w / 2).toBe(true);
    // Three times as long: taller in 5 mm steps, never flatter than 2 : 1 short of half a page, never a "…".
    const long = "result_value = " + Array.from({ length: 3 }, () => "first_argument_value + second_argument_value * third_argument_value").join(" - ") + "\n";
    const t = shapes(chart(await py(long))).find((x) => x.kind === "process")!;
    expect(t.h).toBeGreaterThan(20);
    expect((t.h - 20) % 5).toBeCloseTo(0, 6);
    expect(t.h).toBeLessThanOrEqual(t.w / 2);
    expect(t.w).toBeLessThanOrEqual(85);
    expect(t.text.join(" ")).not.toContain("…");
  });

  test("a literal wider than a page: the symbol keeps height a and a short form, the comment holds the text", async () => {
    const c = chart(await py(`x = "${"ж".repeat(400)}"\n`));
    const s = shapes(c).find((x) => x.kind === "process")!;
    expect(s.h).toBe(20);
    expect(s.text).toEqual(["x := …"]);
    const comment = shapes(c).find((x) => x.kind === "comment")!;
    expect(comment.w).toBeLessThanOrEqual(PAGE_PART_WIDTH);
    expect(comment.text[0]).toBe("x :=");
    expect(comment.text.slice(1).join("")).toBe(`"${"ж".repeat(400)}"`); // cut only here, in the comment
  });
  test("tokens wider than any symbol (a condition's literal, a loop variable, a returned literal): no symbol and no chart wider than the page", async () => {
    const name = `counter_${"v".repeat(90)}`;
    const code = `def f(x):\n    if x == "${"a".repeat(200)}":\n        print("b")\n    for ${name} in range(10):\n        print(x)\n    return "${"r".repeat(150)}"\n`;
    for (const split of [false, true]) {
      const c = chart(await py(code, {}, { split }));
      for (const part of c.parts) expect(part.width).toBeLessThanOrEqual(PAGE_PART_WIDTH + 0.5);
      for (const s of shapes(c)) expect(s.w).toBeLessThanOrEqual(PAGE_PART_WIDTH);
      const decision = shapes(c).find((s) => s.kind === "decision")!;
      expect(decision.h).toBeGreaterThan(20); // grows taller (G3: one a), not wider
      expect(decision.text).toContain("x ="); // breaks at the space first
      expect(decision.text.slice(1).join("")).toBe(`"${"a".repeat(200)}"`); // then the literal alone is cut, nothing lost
      const loop = shapes(c).find((s) => s.text.join("").includes("counter_"))!;
      expect(loop.text.join("")).toContain(name);
      // The long return is computed into a variable first (front-end); its literal goes to a comment.
      const comment = shapes(c).find((s) => s.kind === "comment")!;
      expect(comment.text.slice(1).join("")).toBe(`"${"r".repeat(150)}"`);
    }
  });
});

describe("split into parts", () => {
  const long = Array.from({ length: 40 }, (_, i) => `print(${i})`).join("\n") + "\n";

  test("a tall chart splits into parts that fit the page, joined by connector pairs", async () => {
    const g = await py(long, {}, { split: true });
    const c = chart(g);
    expect(c.parts.length).toBeGreaterThan(1);
    for (const p of c.parts) expect(p.height).toBeLessThanOrEqual(PAGE_PART_HEIGHT + 1e-6);
    expect(c.parts[0]!.sheetCaption).toBeUndefined();
    expect(c.parts[1]!.sheetCaption).toBe("Рисунок 1, аркуш 2");
    const letters = shapes(c).filter((s) => s.kind === "connector").map(textOf);
    expect(letters.length).toBe(2 * (c.parts.length - 1));
    expect(letters.slice(0, 2)).toEqual(["А", "А"]);
    // Parts sit side by side on one canvas.
    for (let i = 1; i < c.parts.length; i++) expect(c.parts[i]!.x).toBeGreaterThan(c.parts[i - 1]!.x + c.parts[i - 1]!.width);
  });

  test("split false keeps one continuous sheet; the svg default is unsplit", async () => {
    expect(chart(await py(long)).parts.length).toBe(1);
    expect(chart(await py(long, {}, { split: false })).parts.length).toBe(1);
  });

  test("a program that is one tall infinite loop is cut inside the loop (loop-limit form)", async () => {
    const body: Node[] = [
      { kind: "io", text: "Ввід choice" },
      { kind: "if", cond: "choice = 0", then: { stmts: [{ kind: "break" }] } },
      ...Array.from({ length: 20 }, (_, i): Node => ({ kind: "process", text: `x := ${i}` })),
      { kind: "if", cond: "x > 5", then: { stmts: [{ kind: "continue" }] } },
      { kind: "io", text: "Вивід x" },
    ];
    const g = await native(fn([{ kind: "infloop", body: { stmts: body } }, { kind: "io", text: "Вивід 'bye'" }]), {}, true);
    const c = chart(g);
    expect(c.parts.length).toBeGreaterThan(1);
    for (const p of c.parts) expect(p.height).toBeLessThanOrEqual(PAGE_PART_HEIGHT + 1e-6);
    expect(kinds(c).filter((k) => k === "loop_begin" || k === "loop_end")).toEqual(["loop_begin", "loop_end"]);
    const unsplit = chart(await native(fn([{ kind: "infloop", body: { stmts: body } }]), {}, false));
    expect(unsplit.parts.length).toBe(1);
  });

  describe("a while, for or do-while taller than a page is cut inside, in the loop-limit form (P6, C9)", () => {
    const body = (n: number): Node[] => [
      { kind: "io", text: "Ввід a" },
      { kind: "if", cond: "a = 0", then: { stmts: [{ kind: "continue" }] } },
      ...Array.from({ length: n }, (_, i): Node => ({ kind: "process", text: `x := x + ${i}` })),
      { kind: "if", cond: "x > 100", then: { stmts: [{ kind: "break" }] } },
    ];
    const loopTexts = (c: ChartGeometry) => shapes(c).filter((s) => s.kind === "loop_begin" || s.kind === "loop_end").map((s) => `${s.kind}: ${s.text.join(" ")}`);
    const connectors = (c: ChartGeometry) => shapes(c).filter((s) => s.kind === "connector").map(textOf);

    test("while: condition in the opening symbol; continue and break as connector pairs; every part fits", async () => {
      const c = chart(await native(fn([{ kind: "while", cond: "i < n", body: { stmts: body(20) } }, { kind: "io", text: "Вивід x" }]), {}, true));
      expect(c.parts.length).toBeGreaterThan(1);
      for (const p of c.parts) expect(p.height).toBeLessThanOrEqual(PAGE_PART_HEIGHT + 1e-6);
      expect(loopTexts(c)).toEqual(["loop_begin: Цикл 1 поки i < n", "loop_end: Цикл 1"]);
      expect(kinds(c).filter((k) => k === "decision")).toHaveLength(2); // the two ifs: no loop head
      // Every connector letter appears exactly twice: the page cuts', continue's and break's pairs.
      const counts = new Map<string, number>();
      for (const letter of connectors(c)) counts.set(letter, (counts.get(letter) ?? 0) + 1);
      expect([...counts.values()].every((n) => n === 2)).toBe(true);
      expect(counts.size).toBe(c.parts.length - 1 + 2);
    });

    test("for: the counter spec in the opening symbol; do-while: the condition in the closing one; English words", async () => {
      const forChart = chart(await native(fn([{ kind: "for", cond: "i := 1, n", body: { stmts: body(20) } }]), {}, true));
      expect(loopTexts(forChart)).toEqual(["loop_begin: Цикл 1 i := 1, n", "loop_end: Цикл 1"]);
      const until = chart(await native(fn([{ kind: "dowhile", cond: "x = 0", until: true, body: { stmts: body(20) } }]), { locale: "en" }, true));
      expect(loopTexts(until)).toEqual(["loop_begin: Loop 1", "loop_end: Loop 1 until x = 0"]);
      const post = chart(await native(fn([{ kind: "dowhile", cond: "x ≠ 0", body: { stmts: body(20) } }]), {}, true));
      expect(loopTexts(post)).toEqual(["loop_begin: Цикл 1", "loop_end: Цикл 1 поки x ≠ 0"]);
      for (const c of [forChart, until, post]) expect(c.parts.length).toBeGreaterThan(1);
    });

    test("a loop that fits a page keeps its usual form; unsplit charts are never flattened", async () => {
      const short = chart(await native(fn([...Array.from({ length: 25 }, (_, i): Node => ({ kind: "process", text: `y := ${i}` })), { kind: "while", cond: "i < n", body: { stmts: body(0) } }]), {}, true));
      expect(short.parts.length).toBeGreaterThan(1);
      expect(kinds(short)).toContain("decision");
      expect(kinds(short)).not.toContain("loop_begin");
      const unsplit = chart(await native(fn([{ kind: "while", cond: "i < n", body: { stmts: body(20) } }]), {}, false));
      expect(unsplit.parts.length).toBe(1);
      expect(kinds(unsplit)).not.toContain("loop_begin");
    });

    test("a tall loop inside a tall loop is cut inside too", async () => {
      const inner: Node = { kind: "for", cond: "j := 1, m", body: { stmts: body(20) } };
      const c = chart(await native(fn([{ kind: "while", cond: "i < n", body: { stmts: [{ kind: "io", text: "Ввід m" }, inner, { kind: "process", text: "i := i + 1" }] } }]), {}, true));
      for (const p of c.parts) expect(p.height).toBeLessThanOrEqual(PAGE_PART_HEIGHT + 1e-6);
      expect(loopTexts(c)).toEqual(["loop_begin: Цикл 1 поки i < n", "loop_begin: Цикл 2 j := 1, m", "loop_end: Цикл 2", "loop_end: Цикл 1"]);
    });

    test("returns inside a flattened loop still reach the one End, counted once", async () => {
      const code = "def f(n):\n    i = 0\n    while i < n:\n" + Array.from({ length: 25 }, (_, k) => `        if i == ${k}:\n            return ${k}`).join("\n") + "\n        i += 1\n    return -1\n";
      const c = chart(await py(code, { singleEnd: true }, { split: true }));
      expect(c.parts.length).toBeGreaterThan(1);
      expect(kinds(c)).toContain("loop_begin");
      expect(shapes(c).filter((s) => s.kind === "terminator").map(textOf)).toEqual(["f(n)", "Кінець"]);
    });
  });

  describe("an if taller than a page is laid out flat: branches one after the other, joined by connector pairs", () => {
    const run = (n: number, tag: string): Node[] => Array.from({ length: n }, (_, i): Node => ({ kind: "process", text: `${tag} := ${i}` }));
    const tall: Node = {
      kind: "if", cond: "choice = 1", then: { stmts: run(12, "a") },
      else: { stmts: [{ kind: "if", cond: "choice = 2", then: { stmts: run(12, "b") }, else: { stmts: [{ kind: "io", text: "Вивід 'bye'" }] } }] },
    };

    test("every part fits; each designation names exactly one pair; a part may open with an inner connector", async () => {
      const c = chart(await native(fn([{ kind: "io", text: "Ввід choice" }, tall, { kind: "io", text: "Вивід 'end'" }]), {}, true));
      expect(c.parts.length).toBeGreaterThan(1);
      for (const p of c.parts) expect(p.height).toBeLessThanOrEqual(PAGE_PART_HEIGHT + 1e-6);
      const counts = new Map<string, number>();
      for (const s of shapes(c).filter((s) => s.kind === "connector")) counts.set(textOf(s), (counts.get(textOf(s)) ?? 0) + 1);
      // Each designation marks one pair; the elif chain's join gathers the jumps of every branch.
      expect([...counts.values()].every((n) => n >= 2)).toBe(true);
      // Both decisions are there, each with its other exit into a connector beside it.
      expect(kinds(c).filter((k) => k === "decision")).toHaveLength(2);
      // A cut right after a jump needs no page connectors: some part starts with a connector that
      // has no line coming in (an inner connector's line leaves it).
      const opensWithInner = c.parts.slice(1).some((p) => {
        const first = p.shapes[0]!;
        return first.kind === "connector" && !p.edges.some((e) => e.to === first.id);
      });
      expect(opensWithInner).toBe(true);
    });

    test("an elif chain shares one join, also through empty branches", async () => {
      const chain: Node = {
        kind: "if", cond: "c = 1", then: { stmts: run(10, "a") },
        else: { stmts: [{ kind: "if", cond: "c = 2", then: { stmts: [] }, else: { stmts: [{ kind: "if", cond: "c = 3", then: { stmts: run(10, "b") } }] } }] },
      };
      const c = chart(await native(fn([chain, { kind: "io", text: "Вивід c" }]), {}, true));
      for (const p of c.parts) expect(p.height).toBeLessThanOrEqual(PAGE_PART_HEIGHT + 1e-6);
      expect(kinds(c).filter((k) => k === "decision")).toHaveLength(3);
    });

    test("an if that fits a page keeps its columns", async () => {
      const small: Node = { kind: "if", cond: "x > 0", then: { stmts: run(2, "a") }, else: { stmts: run(2, "b") } };
      const c = chart(await native(fn([...run(25, "y"), small]), {}, true));
      expect(c.parts.length).toBeGreaterThan(1);
      expect(kinds(c).filter((k) => k === "connector").length).toBe(2 * (c.parts.length - 1));
    });
  });

  test("a switch taller than a page forks: the other cases drop into connectors and follow on the spine", async () => {
    const run = (n: number, tag: string): Node[] => Array.from({ length: n }, (_, i): Node => ({ kind: "process", text: `${tag} := ${i}` }));
    const c = chart(await native(fn([
      { kind: "io", text: "Ввід choice" },
      {
        kind: "switch", cond: "choice",
        cases: [
          { label: "1", body: { stmts: run(5, "a") } },
          { label: "2", body: { stmts: run(8, "b") }, fallthrough: true },
          { label: "3", body: { stmts: run(2, "c") } },
        ],
        default: { stmts: [{ kind: "io", text: "Вивід 'bye'" }] },
      },
      { kind: "io", text: "Вивід 'end'" },
    ]), {}, true));
    expect(c.parts.length).toBeGreaterThan(1);
    for (const p of c.parts) expect(p.height).toBeLessThanOrEqual(PAGE_PART_HEIGHT + 1e-6);
    const diamond = shapes(c).find((s) => s.kind === "decision")!;
    const edges = c.parts.flatMap((p) => p.edges);
    // The diamond's exits: one down (case 1), and the line to the connectors of cases 2, 3 and otherwise.
    expect(edges.filter((e) => e.from === diamond.id).map((e) => e.label).sort()).toEqual(["1", "2"]);
    expect(edges.filter((e) => e.label !== undefined && e.from === null).map((e) => e.label)).toEqual(["3", "інакше"]);
    // The fall-through from case 2 needs no jump: b := 7 leads straight on to case 3's connector.
    const counts = new Map<string, number>();
    for (const s of shapes(c).filter((s) => s.kind === "connector")) counts.set(textOf(s), (counts.get(textOf(s)) ?? 0) + 1);
    // Pairs: 3 case exits, the join (two jumps into it: after case 1 and after case 3, one inner), page cuts.
    const designations = [...counts.entries()];
    expect(designations.filter(([, n]) => n === 3)).toHaveLength(1); // the join: two outer, one inner
    expect(designations.every(([, n]) => n === 2 || n === 3)).toBe(true);
  });

  test("designations that outgrow the 10 mm circle make every designation circle of the chart larger, and skip the chart's own labels", async () => {
    // 14 tall ifs: over 30 connector pairs, so designations run past the alphabet (А1, Б1 … Ж1);
    // in DejaVu Sans «Ж1» needs more than 10 mm. The tree's own label «А1» is not reused.
    const run = (n: number, tag: string): Node[] => Array.from({ length: n }, (_, i): Node => ({ kind: "process", text: `${tag} := ${i}` }));
    const ifs = Array.from({ length: 14 }, (_, i): Node => ({ kind: "if", cond: `x = ${i}`, then: { stmts: run(9, "a") }, else: { stmts: run(9, "b") } }));
    const tree = fn([{ kind: "connector", text: "А1" }, ...ifs]);
    const result = await render({ code: JSON.stringify(tree), lang: "native", format: "json", split: true, font: "DejaVu Sans" }, bunAssets);
    expect(checkGeometry(result.geometry)).toEqual([]);
    const c = chart(result.geometry);
    const designations = shapes(c).filter((s) => s.kind === "connector" && textOf(s) !== "А1");
    expect(new Set(designations.map(textOf)).size).toBeGreaterThan(30);
    expect(designations.map(textOf)).toContain("Ж1");
    const widths = new Set(designations.map((s) => s.w));
    expect(widths.size).toBe(1);
    expect([...widths][0]).toBeGreaterThan(10);
    expect(shapes(c).filter((s) => textOf(s) === "А1")).toHaveLength(1);
    for (const p of c.parts) expect(p.height).toBeLessThanOrEqual(PAGE_PART_HEIGHT + 1e-6);
  });

  test("returns to the one End across parts use connector pairs", async () => {
    const code = "def f(x):\n" + Array.from({ length: 30 }, (_, i) => `    if x == ${i}:\n        return ${i}`).join("\n") + "\n    return -1\n";
    const g = await py(code, { singleEnd: true }, { split: true });
    const c = chart(g);
    expect(c.parts.length).toBeGreaterThan(1);
    expect(shapes(c).filter((s) => s.kind === "terminator").map(textOf)).toEqual(["f(x)", "Кінець"]);
  });
});

test("layout is deterministic", async () => {
  const code = await Bun.file("examples/grade.py").text();
  const a = await render({ code, lang: "python", format: "svg" }, bunAssets);
  const b = await render({ code, lang: "python", format: "svg" }, bunAssets);
  expect(a.file.data).toBe(b.file.data);
});

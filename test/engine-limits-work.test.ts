/**
 * No input within the request limits makes the engine's work super-linear (issue 22): a ternary
 * chain becomes at most MAX_TERNARY_LEVELS decisions, a text longer than a symbol may hold is
 * refused before layout (a skipped function for a source, bad_request for a native tree), and a
 * PNG strip places only the lines of a tall text that reach into it. Structural assertions and
 * counted quantities, no timings.
 */
import { describe, expect, test } from "bun:test";
import { prepare } from "../engine/index.ts";
import { parseJava } from "../engine/frontends/java/index.ts";
import { resolveOptions } from "../engine/options.ts";
import { bunAssets } from "../hosts/bun.ts";
import { MAX_TERNARY_LEVELS } from "../engine/frontends/ternary.ts";
import { MAX_SYMBOL_TEXT } from "../engine/tree/limits.ts";
import { placeText } from "../engine/geometry/outline.ts";
import type { Block, Node } from "../engine/tree/schema.ts";
import { EngineError } from "../engine/errors.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

/** The depth of nested decisions in a block. */
function decisionDepth(block: Block | undefined): number {
  let deepest = 0;
  for (const node of block?.stmts ?? []) {
    if (node.kind === "if") deepest = Math.max(deepest, 1 + Math.max(decisionDepth(node.then), decisionDepth(node.else)));
  }
  return deepest;
}

describe("ternary chains", () => {
  test(`a chain of any length becomes at most ${MAX_TERNARY_LEVELS} nested decisions; the rest stays written`, async () => {
    // Before: every link a decision, each writing out the rest of the chain (quadratic) — 500
    // links went past the nesting limit and were not drawn.
    for (const links of [5, 500]) {
      const code = `class A { static int f(int x) { return ${"x>0?1:".repeat(links)}0; } }`;
      const { tree, errors } = await parseJava(code, resolveOptions({}), bunAssets);
      expect(errors).toEqual([]);
      const chart = tree[0]!;
      expect(decisionDepth(chart.block)).toBe(Math.min(links, MAX_TERNARY_LEVELS));
      const texts: string[] = [];
      const collect = (b: Block | undefined) => b?.stmts.forEach((n: Node) => {
        if ("text" in n) texts.push(n.text);
        if (n.kind === "if") (collect(n.then), collect(n.else));
      });
      collect(chart.block);
      // The chart's texts together are linear in the chain: the rest of the chain is written once.
      const total = texts.reduce((s, t) => s + t.length, 0);
      expect(total).toBeLessThan(10 * code.length);
    }
  }, 120_000);
});

describe("the text cap of one symbol", () => {
  test("a source statement longer than the cap: that function is skipped, the others are drawn", async () => {
    const long = "1 + ".repeat(MAX_SYMBOL_TEXT / 4 + 10) + "1";
    const code = `def f():\n    x = ${long}\n    return x\n\ndef g():\n    return 2\n`;
    const prepared = await prepare({ lang: "python", code, format: "json" }, bunAssets);
    expect(prepared.geometry.charts.map((c) => c.name)).toEqual(["g"]);
    expect(prepared.errors.map((e) => e.name)).toEqual(["f"]);
    expect(prepared.errors[0]!.message).toContain(`more than the ${MAX_SYMBOL_TEXT} one symbol may hold`);
  });

  test("a statement of the cap's length is drawn whole (no symbol wider than the page)", async () => {
    const long = "a + ".repeat(MAX_SYMBOL_TEXT / 4 - 10) + "b";
    const prepared = await prepare({ lang: "python", code: `x = ${long}\n`, format: "json" }, bunAssets);
    expect(prepared.errors).toEqual([]);
    for (const part of prepared.geometry.charts[0]!.parts) for (const s of part.shapes) expect(s.w).toBeLessThanOrEqual(170 + 1e-6);
  });

  test("a native tree with a longer text is refused with bad_request", async () => {
    const tree = [{ name: "main", main: true, block: { stmts: [{ kind: "process", text: "x".repeat(MAX_SYMBOL_TEXT + 1) }] } }];
    const error = await prepare({ lang: "native", code: JSON.stringify(tree), format: "json" }, bunAssets).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).code).toBe("bad_request");
    expect((error as EngineError).message).toContain(`more than the ${MAX_SYMBOL_TEXT}`);
  });
});

describe("PNG strips place only their own lines", () => {
  test("placeText with a band returns the lines reaching into it, the same as without one", () => {
    const lines = Array.from({ length: 10_000 }, (_, i) => `line ${i}`);
    const box = { x: 0, y: 0, w: 80, h: 10_000 * 5 };
    const all = placeText(box, lines, 12, "center");
    const band = { top: 20_000, bottom: 20_060 };
    const some = placeText(box, lines, 12, "center", band);
    // A 60 mm band holds ≈ 12 lines of 4.9 mm: a few more at most, never all 10 000.
    expect(some.length).toBeLessThan(20);
    const inside = all.filter((l) => l.y >= band.top && l.y <= band.bottom);
    expect(inside.length).toBeGreaterThan(5);
    for (const line of inside) expect(some).toContainEqual(line);
  });
});

/**
 * The random tree generator used by the layout property tests produces what it promises: trees
 * that pass the schema, stay within the limits, and are semantically valid (no break outside a loop,
 * no dead code, gotos forward to an existing label, …), with every node kind represented.
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { ChartTreeSchema, type Block, type ChartTree, type Node } from "../engine/tree/schema.ts";
import { parseNativeTree } from "../engine/tree/validate.ts";
import { arbChartTree, treeStats } from "./support/arbitrary-tree.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

/** Returns problems of a tree (empty = valid) and tallies features seen. */
function validate(tree: ChartTree, seen: Map<string, number>): string[] {
  const problems: string[] = [];
  const tally = (k: string): void => {
    seen.set(k, (seen.get(k) ?? 0) + 1);
  };
  if (tree.length < 1 || tree.length > 3) problems.push(`${tree.length} functions`);
  if (tree.filter((f) => f.main === true).length !== 1) problems.push("not exactly one main");
  for (const fn of tree) {
    const labels = new Map<string, number>(); // label → count
    const gotos: string[] = [];
    const collect = (b: Block | undefined): void => {
      for (const n of b?.stmts ?? []) {
        if (n.kind === "connector") (n.jump ? gotos : (labels.set(n.text, (labels.get(n.text) ?? 0) + 1), [])).push(n.text);
        for (const c of children(n)) collect(c);
      }
    };
    collect(fn.block);
    for (const [l, c] of labels) if (c > 1) problems.push(`label ${l} defined ${c} times`);
    for (const g of gotos) if (!labels.has(g)) problems.push(`goto ${g} without label`);
    for (const l of labels.keys()) if (!gotos.includes(l)) problems.push(`label ${l} without goto`);

    /** Walks a block; returns whether control reaches its end. `loop`: inside a loop (break ok). */
    const walk = (b: Block, loop: "none" | "loop"): { completes: boolean; breaks: boolean; continues: boolean } => {
      let completes = true;
      let breaks = false;
      let continues = false;
      b.stmts.forEach((n, i) => {
        if (!completes && !(n.kind === "connector" && !n.jump)) problems.push(`dead ${n.kind} at ${i} in ${fn.name}`);
        if (n.kind === "connector" && !n.jump) completes = true;
        tally(n.kind);
        const r = node(n, loop);
        breaks ||= r.breaks;
        continues ||= r.continues;
        if (n.kind === "connector" && !n.jump) return;
        completes = r.completes;
      });
      return { completes, breaks, continues };
    };
    const node = (n: Node, loop: "none" | "loop"): { completes: boolean; breaks: boolean; continues: boolean } => {
      const no = { completes: false, breaks: false, continues: false };
      switch (n.kind) {
        case "terminal":
          if (n.text.length >= 60) tally("long text");
          return no;
        case "break":
          if (loop !== "loop") problems.push(`break in ${loop}`);
          return { ...no, breaks: true };
        case "continue":
          if (loop === "none") problems.push(`continue in ${loop}`);
          return { ...no, continues: true };
        case "connector":
          return n.jump ? no : { completes: true, breaks: false, continues: false };
        case "process":
        case "io":
        case "call":
          if (n.text.length >= 60) tally("long text");
          if (/[а-яіїєґ]/i.test(n.text)) tally("cyrillic text");
          if (n.kind === "io" && !/^(Ввід|Вивід) /.test(n.text)) problems.push(`io text ${n.text}`);
          return { completes: true, breaks: false, continues: false };
        case "if": {
          const t = walk(n.then, loop);
          const e = n.else ? walk(n.else, loop) : null;
          return { completes: t.completes || !e || e.completes, breaks: t.breaks || !!e?.breaks, continues: t.continues || !!e?.continues };
        }
        case "switch": {
          let completes = !n.default;
          let breaks = false;
          let continues = false;
          n.cases.forEach((c, i) => {
            const r = walk(c.body, loop);
            breaks ||= r.breaks;
            continues ||= r.continues;
            if (c.fallthrough) {
              tally("fallthrough");
              if (i === n.cases.length - 1) problems.push("fallthrough on the last case");
              if (!r.completes) problems.push("fallthrough after a leaving body");
            } else if (r.completes) completes = true;
          });
          if (n.cases.length === 0) problems.push("switch without cases");
          if (n.default) {
            tally("switch default");
            const r = walk(n.default, loop);
            completes ||= r.completes;
            breaks ||= r.breaks;
            continues ||= r.continues;
          }
          return { completes, breaks, continues };
        }
        case "for":
        case "while": {
          if (n.kind === "for" && !/^\S+ := [^,]+, [^,]+(, [^,]+)?$|^\S+ ∈ \S+$/.test(n.cond)) problems.push(`for cond ${n.cond}`);
          const body = walk(n.body, "loop");
          if (n.else) {
            tally("loop else");
            const e = walk(n.else, loop);
            return { completes: e.completes || body.breaks, breaks: e.breaks, continues: e.continues };
          }
          return { completes: true, breaks: false, continues: false };
        }
        case "dowhile": {
          if (n.until) tally("until");
          const body = walk(n.body, "loop");
          if (!body.completes && !body.continues) problems.push("do-while condition unreachable");
          return { completes: true, breaks: false, continues: false };
        }
        case "infloop": {
          const body = walk(n.body, "loop");
          if (!body.completes && !body.continues) problems.push("infinite loop end unreachable");
          tally(body.breaks ? "infloop with break" : "infloop without exit");
          return { completes: body.breaks, breaks: false, continues: false };
        }
      }
    };
    walk(fn.block, "none");
  }
  return problems;
}

function children(n: Node): Block[] {
  switch (n.kind) {
    case "if":
      return n.else ? [n.then, n.else] : [n.then];
    case "for":
    case "while":
      return n.else ? [n.body, n.else] : [n.body];
    case "dowhile":
    case "infloop":
      return [n.body];
    case "switch":
      return [...n.cases.map((c) => c.body), ...(n.default ? [n.default] : [])];
    default:
      return [];
  }
}

describe("arbChartTree", () => {
  test("moderate trees are schema-valid, within limits and semantically valid; all kinds occur", () => {
    const seen = new Map<string, number>();
    fc.assert(
      fc.property(arbChartTree({ maxNodes: 80, maxDepth: 10 }), (tree) => {
        ChartTreeSchema.parse(tree);
        expect(parseNativeTree(JSON.stringify(tree))).toMatchObject({ ok: true });
        const { nodes, depth } = treeStats(tree);
        expect(nodes).toBeLessThanOrEqual(80);
        expect(depth).toBeLessThanOrEqual(10);
        expect(validate(tree, seen)).toEqual([]);
      }),
      { numRuns: 600 },
    );
    for (const k of [
      "process", "io", "call", "terminal", "if", "for", "while", "dowhile", "infloop", "switch", "break",
      "continue", "connector", "long text", "cyrillic text", "fallthrough", "switch default", "loop else", "until",
      "infloop with break", "infloop without exit",
    ]) {
      expect([k, seen.get(k) ?? 0]).not.toEqual([k, 0]);
    }
  });

  test("sizes up to the limits (2000 nodes, depth 100) are reachable", () => {
    const seen = new Map<string, number>();
    const trees = fc.sample(arbChartTree({ maxNodes: 2000, maxDepth: 100, targetNodes: 1990, deep: true }), { numRuns: 5, seed: 1990 });
    let maxNodes = 0;
    let maxDepth = 0;
    for (const tree of trees) {
      ChartTreeSchema.parse(tree);
      expect(parseNativeTree(JSON.stringify(tree))).toMatchObject({ ok: true });
      const { nodes, depth } = treeStats(tree);
      expect(nodes).toBeLessThanOrEqual(2000);
      expect(depth).toBeLessThanOrEqual(100);
      maxNodes = Math.max(maxNodes, nodes);
      maxDepth = Math.max(maxDepth, depth);
      expect(validate(tree, seen)).toEqual([]);
    }
    expect(maxNodes).toBeGreaterThan(1900);
    expect(maxDepth).toBe(100);
  });

  test("targetNodes 1500 / maxDepth 40 gives trees of about 1500 nodes", () => {
    for (const tree of fc.sample(arbChartTree({ maxNodes: 2000, maxDepth: 40, targetNodes: 1500, deep: true }), { numRuns: 5, seed: 1500 })) {
      const { nodes, depth } = treeStats(tree);
      expect(depth).toBeLessThanOrEqual(40);
      expect(nodes).toBeLessThanOrEqual(2000);
      expect(nodes).toBeGreaterThan(1000);
    }
  });
});

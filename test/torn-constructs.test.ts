/**
 * Whole constructs across sheets (issue 21, fit/torn.ts): a cut may fall inside an if/else laid
 * out flat for pages, but not where another cut with as few parts keeps it whole — its «Ні» branch
 * then reappears on the next sheet under the «Так» one. Real plans: programs of growing length (symbols 35 mm apart at a = 20 mm)
 * before an if/else the planning lays flat (PagePlanning.flatten), cut by cut-pages.ts.
 */
import { describe, expect, test } from "bun:test";
import { frontendFor } from "../engine/index.ts";
import { bunAssets } from "../hosts/bun.ts";
import { resolveOptions } from "../engine/options.ts";
import { planChart } from "../engine/layout/chart.ts";
import { cutAs } from "../engine/layout/fit/cut-pages.ts";
import { sizersIn } from "../engine/layout/fit/fit-chart.ts";
import { spineConstructs, tearsOf, wholeRoom } from "../engine/layout/fit/torn.ts";
import { STANDARD } from "../engine/layout/module.ts";
import { FONTS } from "../engine/fonts.ts";
import type { Node } from "../engine/tree/schema.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const options = resolveOptions({});
const sizer = sizersIn(FONTS.tinos)(STANDARD);

/** `before` statements, an if/else of `branch` statements a side, twelve statements after. */
function program(before: number, branch: number): string {
  const lines = ["n = int(input())", ...Array.from({ length: before }, (_, i) => `a${i} = n + ${i}`)];
  lines.push("if n > 0:", ...Array.from({ length: branch }, (_, i) => `    b${i} = n * ${i}`));
  lines.push("else:", ...Array.from({ length: branch }, (_, i) => `    c${i} = n - ${i}`));
  lines.push(...Array.from({ length: 12 }, (_, i) => `d${i} = n // ${i + 1}`), "print(n)");
  return lines.join("\n") + "\n";
}

async function cutWithFlatIf(before: number, branch: number) {
  const fn = (await frontendFor("python")!(program(before, branch), options, bunAssets)).tree[0]!;
  const ifNode = fn.block.stmts.find((s) => s.kind === "if") as Node;
  const cut = cutAs((p) => planChart(fn, options, sizer, STANDARD.connector, { forPages: true, ...p }), { flattenTaller: Infinity, flatten: new Set([ifNode]) });
  return { cut, room: wholeRoom(STANDARD.gap, cut.plan.connector) };
}

describe("an if/else laid out flat for pages", () => {
  test("is found on the spine: its two branches start below the decision and at the inner connector of its exit", async () => {
    const { cut } = await cutWithFlatIf(2, 2);
    const runs = spineConstructs(cut.plan.body.items, STANDARD.gap);
    expect(runs.map((r) => r.kind)).toEqual(["if-else"]);
    const [run] = runs;
    const items = cut.plan.body.items;
    expect(items[run!.first]!.type).toBe("if");
    expect(items[run!.starts[1]!]!.type).toBe("inner");
    expect(items[run!.last]!.type).toBe("inner");
  });

  test("is never cut apart where a cut with as few parts keeps it on one part", async () => {
    const torn: string[] = [];
    let cutInside = 0;
    for (let before = 2; before <= 14; before++) {
      for (const branch of [1, 2]) {
        const { cut, room } = await cutWithFlatIf(before, branch);
        const tears = tearsOf(cut.groups, STANDARD.gap, room);
        if (tears.ifElse > 0 || tears.decisions > 0 || tears.connectorParts > 0) torn.push(`${before}/${branch}: ${JSON.stringify(tears)} in ${cut.heights.map((h) => h.toFixed(0)).join("/")}`);
        expect(cut.torn).toBe(0);
        if (cut.groups.length > 1) cutInside++;
      }
    }
    expect(cutInside).toBeGreaterThan(10); // the programs do need cutting
    expect(torn).toEqual([]);
  }, 60_000);
});

describe("the runs fit/torn.ts finds on a page's spine", () => {
  const code = [
    "n = int(input())",
    "while n > 0:",
    "    n = n - 1",
    "    print(n)",
    "match n:",
    "    case 0:",
    "        print('zero')",
    "    case 1:",
    "        print('one')",
    "    case _:",
    "        print('many')",
    "print(n)",
  ].join("\n") + "\n";

  test("a loop laid flat opens and closes at its loop limits; a switch laid flat has a start per case", async () => {
    const fn = (await frontendFor("python")!(code, options, bunAssets)).tree[0]!;
    const flat = new Set(fn.block.stmts.filter((s) => s.kind === "while" || s.kind === "switch") as Node[]);
    expect(flat.size).toBe(2);
    const cut = cutAs((p) => planChart(fn, options, sizer, STANDARD.connector, { forPages: true, ...p }), { flattenTaller: Infinity, flatten: flat });
    const items = cut.plan.body.items;
    const runs = spineConstructs(items, STANDARD.gap);
    const loop = runs.find((r) => r.kind === "loop")!;
    expect(items[loop.first]).toMatchObject({ type: "shape", kind: "loop_begin" });
    expect(items[loop.last]).toMatchObject({ type: "shape", kind: "loop_end" });
    const sw = runs.find((r) => r.kind === "switch")!;
    expect(sw.starts.length).toBe(3); // case 0, case 1, the default
    expect(sw.first).toBeGreaterThan(loop.last);
    // On one part nothing is torn; cut between the loop's limits, the loop is.
    expect(tearsOf([items], STANDARD.gap, wholeRoom(STANDARD.gap, cut.plan.connector))).toEqual({ ifElse: 0, switches: 0, loops: 0, decisions: 0, connectorParts: 0 });
    const inLoop = [items.slice(0, loop.first + 1), items.slice(loop.first + 1)];
    expect(tearsOf(inLoop, STANDARD.gap, wholeRoom(STANDARD.gap, cut.plan.connector))).toMatchObject({ loops: 1, switches: 0 });
    // A part holding only connectors.
    const inner = items.findIndex((i) => i.type === "inner");
    expect(inner).toBeGreaterThan(0);
    const lonely = [items.slice(0, inner), [items[inner]!], items.slice(inner + 1)];
    expect(tearsOf(lonely, STANDARD.gap, wholeRoom(STANDARD.gap, cut.plan.connector)).connectorParts).toBe(1);
  });
});

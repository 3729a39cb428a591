/**
 * The layout stage reads top-down (issue 21): `plan.ts` dispatches to the constructs that register
 * with it (their functions, and their plan types through PlanTypes), and no engine/layout module
 * imports, directly or through others, a module that imports it back — not even for a type.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const ROOT = "engine/layout";

function modulesUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? modulesUnder(path) : path.endsWith(".ts") ? [path] : [];
    });
}

/** The engine/layout modules a module imports (for its values, its types, or for their effect). */
function importsOf(path: string, inside: ReadonlySet<string>): string[] {
  const code = readFileSync(path, "utf8");
  const out: string[] = [];
  for (const m of code.matchAll(/^(?:import|export)\s+(?:[\s\S]*?\s+from\s+)?"([^"]+)";/gm)) {
    const target = relative(".", resolve(dirname(path), m[1]!));
    if (inside.has(target)) out.push(target);
  }
  return out;
}

/** Strongly connected components of more than one module (Tarjan): the import circles. */
export function importCircles(root = ROOT): string[][] {
  const modules = modulesUnder(root);
  const inside = new Set(modules);
  const edges = new Map(modules.map((m) => [m, importsOf(m, inside)]));
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)!) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || edges.get(v)!.includes(v)) circles.push(scc.sort());
    }
  };
  for (const m of modules) if (!index.has(m)) visit(m);
  return circles;
}

describe("engine/layout imports", () => {
  test("no import circle among the layout modules", () => {
    expect(importCircles()).toEqual([]);
  });
});

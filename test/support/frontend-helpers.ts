/** Helpers shared by the front-end tests: parse with schema check, chart lookup, node builders. */
import { expect } from "bun:test";
import type { Frontend, FrontendResult } from "../../engine/frontends/types.ts";
import { bunAssets } from "../../hosts/bun.ts";
import { resolveOptions, type Options } from "../../engine/options.ts";
import { ChartTreeSchema, type Block, type ChartFunction, type Node } from "../../engine/tree/schema.ts";

/** A parse function for one front-end that also checks the result against the chart-tree schema. */
export function parserFor(frontend: Frontend): (code: string, options?: Options) => Promise<FrontendResult> {
  return async (code, options = {}) => {
    const result = await frontend(code, resolveOptions(options), bunAssets);
    expect(ChartTreeSchema.safeParse(result.tree).success).toBe(true);
    return result;
  };
}

/** A deep copy without source locations, for comparing trees by content. */
export function bare<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (key, v) => (key === "loc" ? undefined : v))) as T;
}

export function chart(result: FrontendResult, name: string): ChartFunction {
  const found = result.tree.find((f) => f.name === name);
  if (!found) throw new Error(`no chart ${name}; have ${result.tree.map((f) => f.name).join(", ")}`);
  return found;
}

export const p = (text: string): Node => ({ kind: "process", text });
export const io = (text: string): Node => ({ kind: "io", text });
export const term = (text: string): Node => ({ kind: "terminal", text });
export const call = (text: string): Node => ({ kind: "call", text });
export const blk = (...stmts: Node[]): Block => ({ stmts });

/** Helpers shared by the front-end tests: parse with schema check, chart lookup, node builders. */
import { expect } from "bun:test";
import type { Frontend, FrontendResult } from "../../engine/frontends/types.ts";
import { bunAssets } from "../../hosts/bun.ts";
import { resolveOptions, type Options } from "../../engine/options.ts";
import { ChartTreeSchema, type Block, type ChartFunction, type Node } from "../../engine/tree/schema.ts";
import { childBlocks } from "../../engine/tree/blocks.ts";
import { frontendFor, type Lang, type OmittedStatement } from "../../engine/index.ts";

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

/**
 * A language's front-end as the engine runs it — with the shared last passes of finish.ts (set-up
 * left out, inputs merged, file I/O in words) — returning the main chart's statements as `kind text`
 * lines and what was left out.
 */
export function finishedMain(lang: Exclude<Lang, "native">): (code: string, options?: Options) => Promise<{ lines: string[]; omitted: OmittedStatement[] }> {
  return async (code, options = {}) => {
    const result = await frontendFor(lang)!(code, resolveOptions(options), bunAssets);
    expect(ChartTreeSchema.safeParse(result.tree).success).toBe(true);
    const main = result.tree.find((f) => f.main) ?? result.tree[0]!;
    const lines: string[] = [];
    const walk = (block: Block, indent: string): void => {
      for (const node of block.stmts) {
        lines.push(`${indent}${node.kind} ${"text" in node ? node.text : "cond" in node ? node.cond : ""}`.trimEnd());
        for (const inner of childBlocks(node)) walk(inner, `${indent}  `);
      }
    };
    walk(main.block, "");
    return { lines, omitted: result.omitted };
  };
}

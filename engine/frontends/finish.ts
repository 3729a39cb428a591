/**
 * What every front-end's tree goes through last (issue 13): each subprogram's kind, parameters
 * and shown name (subprograms.ts), chart names made unique (overloads, unique-names.ts), every
 * call of the program's own subprograms in a predefined-process symbol (own-calls.ts) and escape sequences in literals read as words (io-text.ts) — in every text,
 * condition and case label. Pascal literals have no escapes, so its texts are left alone.
 */
import type { ResolvedOptions } from "../options.ts";
import type { Block, ChartTree, Node } from "../tree/schema.ts";
import { readEscapes } from "./io-text.ts";
import { cleanSource } from "./source.ts";
import type { Frontend } from "./types.ts";
import { uniqueChartNames } from "./unique-names.ts";
import { describeSubprograms } from "./subprograms.ts";
import { ownCallsShown } from "./own-calls.ts";
import type { Lang } from "../langs.ts";

function readBlock(block: Block | undefined, options: ResolvedOptions): void {
  if (!block) return;
  for (const node of block.stmts) readNode(node, options);
}

function readNode(node: Node, options: ResolvedOptions): void {
  const read = (text: string) => readEscapes(text, options.texts);
  if ("text" in node) node.text = read(node.text);
  if ("cond" in node) node.cond = read(node.cond);
  switch (node.kind) {
    case "if":
      readBlock(node.then, options);
      readBlock(node.else, options);
      break;
    case "for":
    case "while":
      readBlock(node.body, options);
      readBlock(node.else, options);
      break;
    case "dowhile":
    case "infloop":
      readBlock(node.body, options);
      break;
    case "switch":
      for (const c of node.cases) {
        c.label = read(c.label);
        readBlock(c.body, options);
      }
      readBlock(node.default, options);
      break;
  }
}

/** The front-end with its trees finished. */
export function finished(frontend: Frontend, lang: Lang, escapes: boolean): Frontend {
  return async (code, options, assets) => {
    const result = await frontend(code, options, assets);
    const source = cleanSource(code);
    const described = describeSubprograms(result.tree, source, lang, result.programClass);
    const tree: ChartTree = uniqueChartNames(described, source, lang);
    if (escapes) for (const chart of tree) readBlock(chart.block, options);
    return { ...result, tree: ownCallsShown(tree, lang, options) };
  };
}

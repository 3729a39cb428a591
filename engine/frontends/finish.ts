/**
 * What every front-end's tree goes through last (issue 13): chart names made unique (overloads,
 * unique-names.ts) and escape sequences in literals read as words (io-text.ts) — in every text,
 * condition and case label. Pascal literals have no escapes, so its texts are left alone. A chart
 * with a text longer than one symbol may hold (limits.ts MAX_SYMBOL_TEXT) becomes a skipped
 * function before any layout work (issue 22).
 */
import type { ResolvedOptions } from "../options.ts";
import type { Block, ChartTree, Node } from "../tree/schema.ts";
import { readEscapes } from "./io-text.ts";
import { cleanSource } from "./source.ts";
import type { Frontend } from "./types.ts";
import { uniqueChartNames } from "./unique-names.ts";
import { overlongText } from "../tree/limits.ts";

function readBlock(block: Block | undefined, options: ResolvedOptions): void {
  if (!block) return;
  for (const node of block.stmts) readNode(node, options);
}

/** The first text of `block` (texts, conditions, case labels) that is too long for a symbol. */
function overlong(block: Block | undefined): string | null {
  const stack: Block[] = block ? [block] : [];
  while (stack.length > 0) {
    for (const node of stack.pop()!.stmts) {
      const why = ("text" in node && overlongText(node.text)) || ("cond" in node && overlongText(node.cond));
      if (why) return why;
      for (const child of childBlocks(node)) stack.push(child);
      if (node.kind === "switch") for (const c of node.cases) if (overlongText(c.label)) return overlongText(c.label);
    }
  }
  return null;
}

function childBlocks(node: Node): Block[] {
  switch (node.kind) {
    case "if":
      return [node.then, ...(node.else ? [node.else] : [])];
    case "for":
    case "while":
      return [node.body, ...(node.else ? [node.else] : [])];
    case "dowhile":
    case "infloop":
      return [node.body];
    case "switch":
      return [...node.cases.map((c) => c.body), ...(node.default ? [node.default] : [])];
    default:
      return [];
  }
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
export function finished(frontend: Frontend, escapes: boolean): Frontend {
  return async (code, options, assets) => {
    const result = await frontend(code, options, assets);
    const named: ChartTree = uniqueChartNames(result.tree, cleanSource(code));
    const tree: ChartTree = [];
    const errors = [...result.errors];
    for (const chart of named) {
      const why = overlong(chart.block);
      if (why) errors.push({ name: chart.name, message: `chart too large: ${why}` });
      else tree.push(chart);
    }
    if (escapes) for (const chart of tree) readBlock(chart.block, options);
    return { ...result, tree, errors };
  };
}

/**
 * What every front-end's tree goes through last (issue 13): chart names made unique (overloads,
 * unique-names.ts), file input/output in words (file-io.ts), runtime set-up left out and reported (setup.ts), prompts and reads merged into
 * one input (io-merge.ts), and escape sequences in literals read as words (io-text.ts) — in every
 * text, condition and case label. Pascal literals have no escapes, so its texts are left alone.
 */
import type { Lang } from "../langs.ts";
import type { ResolvedOptions } from "../options.ts";
import type { Block, ChartTree, Node } from "../tree/schema.ts";
import { readEscapes } from "./io-text.ts";
import { cleanSource } from "./source.ts";
import { rewriteFileIo } from "./file-io.ts";
import { mergeInputs } from "./io-merge.ts";
import { omitSetup } from "./setup.ts";
import type { FinishedFrontend, Frontend } from "./types.ts";
import { uniqueChartNames } from "./unique-names.ts";

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
export function finished(frontend: Frontend, lang: Exclude<Lang, "native">, escapes: boolean): FinishedFrontend {
  return async (code, options, assets) => {
    const result = await frontend(code, options, assets);
    const tree: ChartTree = uniqueChartNames(result.tree, cleanSource(code));
    rewriteFileIo(tree, lang, options);
    const omitted = omitSetup(tree, lang, options);
    mergeInputs(tree, options);
    if (escapes) for (const chart of tree) readBlock(chart.block, options);
    return { ...result, tree, omitted };
  };
}

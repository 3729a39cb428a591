/**
 * What every front-end's tree goes through last (issues 13, 20, 22): a chart with a text longer than
 * one symbol may hold (limits.ts MAX_SYMBOL_TEXT) becomes a skipped function before any other work;
 * then each subprogram's kind, parameters and shown name (subprograms.ts), chart names made unique
 * (overloads, unique-names.ts), file input/output in words (file-io.ts), runtime set-up left out and
 * reported (setup.ts), prompts and reads merged into one input (io-merge.ts), escape sequences in
 * literals read as words (io-text.ts) — in every text, condition and case label (Pascal literals
 * have no escapes, so its texts are left alone) — and every call of the program's own subprograms in
 * a predefined-process symbol (own-calls.ts); last, an endless loop whose exit test opens or closes
 * its body becomes that pre- or post-test loop (endless-loops.ts).
 */
import type { Lang } from "../langs.ts";
import { allBlocks, mapTexts } from "../tree/blocks.ts";
import { overlongText } from "../tree/limits.ts";
import type { Block, ChartTree } from "../tree/schema.ts";
import { readEscapes } from "./io-text.ts";
import { cleanSource } from "./source.ts";
import { rewriteFileIo } from "./file-io.ts";
import { mergeInputs } from "./io-merge.ts";
import { omitSetup } from "./setup.ts";
import type { FinishedFrontend, Frontend } from "./types.ts";
import { uniqueChartNames } from "./unique-names.ts";
import { describeSubprograms } from "./subprograms.ts";
import { ownCallsShown } from "./own-calls.ts";
import { endlessLoopsTested } from "./endless-loops.ts";

/** Why the first text of `block` (texts, conditions, case labels) is too long for a symbol, or null. */
function overlong(block: Block): string | null {
  for (const inner of allBlocks(block)) {
    for (const node of inner.stmts) {
      const why = ("text" in node && overlongText(node.text)) || ("cond" in node && overlongText(node.cond));
      if (why) return why;
      if (node.kind === "switch") for (const c of node.cases) if (overlongText(c.label)) return overlongText(c.label);
    }
  }
  return null;
}

/** The front-end with its trees finished. */
export function finished(frontend: Frontend, lang: Exclude<Lang, "native">, escapes: boolean): FinishedFrontend {
  return async (code, options, assets) => {
    const result = await frontend(code, options, assets);
    const errors = [...result.errors];
    const drawable = result.tree.filter((chart) => {
      const why = overlong(chart.block);
      if (why) errors.push({ name: chart.name, message: `chart too large: ${why}` });
      return !why;
    });
    const source = cleanSource(code);
    const described = describeSubprograms(drawable, source, lang, result.programClass);
    const tree: ChartTree = uniqueChartNames(described, source, lang, options.stripTypes);
    rewriteFileIo(tree, lang, options);
    const omitted = omitSetup(tree, source, lang, options);
    mergeInputs(tree, options);
    if (escapes) for (const chart of tree) mapTexts(chart.block, (text) => readEscapes(text, options.texts));
    return { ...result, errors, tree: endlessLoopsTested(ownCallsShown(tree, lang, options), options.locale), omitted };
  };
}

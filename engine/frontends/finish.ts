/**
 * What every front-end's tree goes through last (issues 13, 20): each subprogram's kind, parameters
 * and shown name (subprograms.ts), chart names made unique (overloads, unique-names.ts), file
 * input/output in words (file-io.ts), runtime set-up left out and reported (setup.ts), prompts and
 * reads merged into one input (io-merge.ts), escape sequences in literals read as words (io-text.ts)
 * — in every text, condition and case label (Pascal literals have no escapes, so its texts are left
 * alone) — and every call of the program's own subprograms in a predefined-process symbol (own-calls.ts).
 */
import type { Lang } from "../langs.ts";
import { mapTexts } from "../tree/blocks.ts";
import type { ChartTree } from "../tree/schema.ts";
import { readEscapes } from "./io-text.ts";
import { cleanSource } from "./source.ts";
import { rewriteFileIo } from "./file-io.ts";
import { mergeInputs } from "./io-merge.ts";
import { omitSetup } from "./setup.ts";
import type { FinishedFrontend, Frontend } from "./types.ts";
import { uniqueChartNames } from "./unique-names.ts";
import { describeSubprograms } from "./subprograms.ts";
import { ownCallsShown } from "./own-calls.ts";

/** The front-end with its trees finished. */
export function finished(frontend: Frontend, lang: Exclude<Lang, "native">, escapes: boolean): FinishedFrontend {
  return async (code, options, assets) => {
    const result = await frontend(code, options, assets);
    const source = cleanSource(code);
    const described = describeSubprograms(result.tree, source, lang, result.programClass);
    const tree: ChartTree = uniqueChartNames(described, source, lang);
    rewriteFileIo(tree, lang, options);
    const omitted = omitSetup(tree, source, lang, options);
    mergeInputs(tree, options);
    if (escapes) for (const chart of tree) mapTexts(chart.block, (text) => readEscapes(text, options.texts));
    return { ...result, tree: ownCallsShown(tree, lang, options), omitted };
  };
}

/**
 * The engine options' zod schema (interface.md §2.3): the single source of truth for what a request's
 * `options` may hold — the server's request schemas and OpenAPI document are built from it, and
 * engine/options-rules.ts (the check a render runs without loading zod) is generated from it
 * (`bun run gen:options`). The engine imports this module only to explain invalid options.
 */
import { z } from "zod";

export const ForFormat = z.enum(["comma", "range", "verbose"]);

export const Locale = z.enum(["uk", "en"]);

const customText = z.string().min(1).max(200);
export const OptionsSchema = z.strictObject({
  locale: Locale.optional(),
  singleEnd: z.boolean().optional(),
  mainOnlyTerminators: z.boolean().optional(),
  callAsProcess: z.boolean().optional(),
  stripTypes: z.boolean().optional(),
  returnAsIO: z.boolean().optional(),
  /**
   * Extension of §2.3: draw every statement as written — no runtime set-up left out, no prompt and
   * reads merged into one input (docs/charts.md "How code becomes chart text"). Default false.
   */
  verbatim: z.boolean().optional().describe("Draw every statement as written: keep runtime set-up (setlocale, system(\"pause\") …) and do not merge prompts and reads into one input. Default false."),
  figStart: z.number().int().min(0).max(100000).optional(),
  forFormat: ForFormat.optional(),
  yes: customText.optional(),
  no: customText.optional(),
  inWord: customText.optional(),
  outWord: customText.optional(),
  startText: customText.optional(),
  endText: customText.optional(),
  entryText: customText.optional(),
  exitText: customText.optional(),
  returnWord: customText.optional(),
  forEachWord: customText.optional(),
  capWord: customText.optional(),
  capFormat: customText.optional(),
});

/**
 * Functions the engine could not draw (a syntax error, a chart over the limits) are never silently
 * missing from an answer (issue 13): JSON answers list them as `skipped`, file answers carry their
 * names in the `X-Skipped-Functions` header.
 */
import type { FunctionError } from "../../engine/errors.ts";

export interface SkippedFunction {
  name: string;
  error: string;
  line?: number;
  col?: number;
}

export const SKIPPED_HEADER = "X-Skipped-Functions";
export const SKIPPED_COUNT_HEADER = "X-Skipped-Count";

/**
 * The names header stays under this many bytes: a source of many broken functions once made an
 * 18 KB header that clients refuse (Node's fetch: UND_ERR_HEADERS_OVERFLOW) after the charge.
 */
export const SKIPPED_HEADER_MAX = 2000;

export function skippedFunctions(errors: readonly FunctionError[]): SkippedFunction[] {
  return errors.map((e) => {
    const skipped: SkippedFunction = { name: e.name, error: e.message };
    if (e.line !== undefined) skipped.line = e.line;
    if (e.col !== undefined) skipped.col = e.col;
    return skipped;
  });
}

/**
 * The headers for a file answer: the names, each percent-encoded as a URI component (so any name —
 * Cyrillic, with commas or spaces — stays plain ASCII) and joined by commas, as many of the first
 * as fit SKIPPED_HEADER_MAX (at least one, itself cut to fit), and the count of all of them; no
 * headers when every function was drawn.
 */
export function skippedHeader(errors: readonly FunctionError[]): Record<string, string> {
  if (errors.length === 0) return {};
  let names = "";
  for (const e of errors) {
    const name = encodeURIComponent(e.name);
    const joined = names === "" ? name : `${names},${name}`;
    if (joined.length > SKIPPED_HEADER_MAX) {
      // One name longer than the cap alone: its first bytes, cut before a %XX escape it would split.
      if (names === "") names = name.slice(0, SKIPPED_HEADER_MAX).replace(/%[0-9A-F]?$/, "");
      break;
    }
    names = joined;
  }
  return { [SKIPPED_HEADER]: names, [SKIPPED_COUNT_HEADER]: String(errors.length) };
}

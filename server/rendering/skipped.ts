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

/** A file answer's count of the runtime set-up its charts leave out (issue 20; the JSON answer lists them). */
export const OMITTED_HEADER = "X-Omitted-Setup";

export function skippedFunctions(errors: readonly FunctionError[]): SkippedFunction[] {
  return errors.map((e) => {
    const skipped: SkippedFunction = { name: e.name, error: e.message };
    if (e.line !== undefined) skipped.line = e.line;
    if (e.col !== undefined) skipped.col = e.col;
    return skipped;
  });
}

/**
 * The header for a file answer: the names, each percent-encoded as a URI component (so any name —
 * Cyrillic, with commas or spaces — stays plain ASCII) and joined by commas; no header when
 * every function was drawn.
 */
export function skippedHeader(errors: readonly FunctionError[]): Record<string, string> {
  if (errors.length === 0) return {};
  return { [SKIPPED_HEADER]: errors.map((e) => encodeURIComponent(e.name)).join(",") };
}

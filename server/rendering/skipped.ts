/**
 * Functions the engine could not draw (a syntax error, a chart over the limits) are never silently
 * missing from an answer (issue 13): JSON answers list them as `skipped`, file answers carry their
 * names in the `X-Skipped-Functions` header. Functions drawn around statements the parser could not
 * read (issue 20) are in the charts, so not `skipped`: JSON answers list them as `recovered`, file
 * answers name them in `X-Recovered-Functions`.
 */
import type { FunctionError } from "../../engine/errors.ts";

export interface SkippedFunction {
  name: string;
  error: string;
  line?: number;
  col?: number;
}

export const SKIPPED_HEADER = "X-Skipped-Functions";
export const RECOVERED_HEADER = "X-Recovered-Functions";

function entry(e: FunctionError): SkippedFunction {
  const out: SkippedFunction = { name: e.name, error: e.message };
  if (e.line !== undefined) out.line = e.line;
  if (e.col !== undefined) out.col = e.col;
  return out;
}

/** A file answer's count of the runtime set-up its charts leave out (issue 20; the JSON answer lists them). */
export const OMITTED_HEADER = "X-Omitted-Setup";

export function skippedFunctions(errors: readonly FunctionError[]): SkippedFunction[] {
  return errors.filter((e) => !e.recovered).map(entry);
}

export function recoveredFunctions(errors: readonly FunctionError[]): SkippedFunction[] {
  return errors.filter((e) => e.recovered).map(entry);
}

/**
 * The headers for a file answer: the names, each percent-encoded as a URI component (so any name —
 * Cyrillic, with commas or spaces — stays plain ASCII) and joined by commas; no header when
 * there is no such function.
 */
export function skippedHeader(errors: readonly FunctionError[]): Record<string, string> {
  const headers: Record<string, string> = {};
  const names = (list: readonly FunctionError[]) => list.map((e) => encodeURIComponent(e.name)).join(",");
  const skipped = errors.filter((e) => !e.recovered);
  const recovered = errors.filter((e) => e.recovered);
  if (skipped.length > 0) headers[SKIPPED_HEADER] = names(skipped);
  if (recovered.length > 0) headers[RECOVERED_HEADER] = names(recovered);
  return headers;
}

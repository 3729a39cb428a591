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
export const SKIPPED_COUNT_HEADER = "X-Skipped-Count";

/**
 * The names header stays under this many bytes: a source of many broken functions once made an
 * 18 KB header that clients refuse (Node's fetch: UND_ERR_HEADERS_OVERFLOW) after the charge.
 */
export const SKIPPED_HEADER_MAX = 2000;

export function skippedFunctions(errors: readonly FunctionError[]): SkippedFunction[] {
  return errors.filter((e) => !e.recovered).map(entry);
}

export function recoveredFunctions(errors: readonly FunctionError[]): SkippedFunction[] {
  return errors.filter((e) => e.recovered).map(entry);
}

/**
 * The headers for a file answer: the names, each percent-encoded as a URI component (so any name —
 * Cyrillic, with commas or spaces — stays plain ASCII) and joined by commas, as many of the first
 * as fit SKIPPED_HEADER_MAX (at least one, itself cut to fit); the skipped ones also with the count
 * of all of them. No header for a kind no function has.
 */
export function skippedHeader(errors: readonly FunctionError[]): Record<string, string> {
  const headers: Record<string, string> = {};
  const skipped = errors.filter((e) => !e.recovered);
  const recovered = errors.filter((e) => e.recovered);
  if (skipped.length > 0) {
    headers[SKIPPED_HEADER] = cappedNames(skipped);
    headers[SKIPPED_COUNT_HEADER] = String(skipped.length);
  }
  if (recovered.length > 0) headers[RECOVERED_HEADER] = cappedNames(recovered);
  return headers;
}

/** The first names that fit SKIPPED_HEADER_MAX bytes, percent-encoded and joined by commas. */
function cappedNames(errors: readonly FunctionError[]): string {
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
  return names;
}

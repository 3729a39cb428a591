/**
 * The text of a counting-loop hexagon (drawing-rules S6). Front-ends and native trees write the
 * loop specification as `<var> := <start>, <end>[, <step>]` (interface.md §2.9 rule 3); the
 * `forFormat` option chooses how it reads in the chart:
 *   comma   → `i := 1, n, 2`            (default, as written)
 *   range   → `i := 1 … n` / `i := 1 … n, 2`
 *   verbose → `i від 1 до n крок 2`     (en: `i from 1 to n step 2`)
 * A specification in any other form (e.g. a foreach `x ∈ xs`) is shown as it is.
 */
import type { ForFormat, Texts } from "../options.ts";

/** Splits at top-level commas, ignoring commas inside brackets and string literals. */
function splitArgs(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let current = "";
  for (const ch of text) {
    if (quote) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
    } else if ("([{".includes(ch)) {
      depth++;
    } else if (")]}".includes(ch)) {
      depth--;
    } else if (ch === "," && depth === 0) {
      parts.push(current.trim());
      current = "";
      continue;
    }
    current += ch;
  }
  parts.push(current.trim());
  return parts;
}

export function formatForSpec(spec: string, format: ForFormat, texts: Texts): string {
  if (format === "comma") return spec;
  const match = /^\s*([^:=\s][^:=]*?)\s*:=\s*(.+)$/s.exec(spec);
  if (!match) return spec;
  const variable = match[1]!;
  const args = splitArgs(match[2]!);
  if (args.length < 2 || args.length > 3 || args.some((a) => a === "")) return spec;
  const [start, end, step] = args as [string, string, string | undefined];
  if (format === "range") return `${variable} := ${start} … ${end}${step ? `, ${step}` : ""}`;
  return `${variable} ${texts.forFrom} ${start} ${texts.forTo} ${end}${step ? ` ${texts.forStep} ${step}` : ""}`;
}

/**
 * A condition's outermost short-circuit operator (issue 20): `L або R` / `L і R` (en `or` / `and`),
 * split where the operator binds loosest — the first `або` at the top level, else the first `і` —
 * outside brackets and string literals. The own-calls pass draws such a decision as two nested
 * ones when a call of an own subprogram stands in `R`, which may not run: the call is then computed
 * only on the branch that evaluates `R`, as the program does.
 */
import type { Locale } from "../options.ts";
import { LOGICAL_WORDS } from "../text/notation.ts";

export interface ShortCircuit {
  left: string;
  op: "and" | "or";
  right: string;
}

/** Top-level positions of ` word ` in `text` (outside brackets and literals). */
function topLevel(text: string, word: string): number[] {
  const found: number[] = [];
  const needle = ` ${word} `;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"' || ch === "'") {
      const close = text.indexOf(ch, i + 1);
      if (close < 0) return [];
      i = close;
    } else if ("([{".includes(ch)) depth++;
    else if (")]}".includes(ch)) depth--;
    else if (depth === 0 && ch === " " && text.startsWith(needle, i)) found.push(i);
  }
  return found;
}

/** `L або R` / `L і R` at the top level of `cond`, or undefined (also for a conditional `?`/`if … else`). */
export function shortCircuit(cond: string, locale: Locale): ShortCircuit | undefined {
  const words = LOGICAL_WORDS[locale];
  // A conditional expression binds looser still: such a text is not split.
  if (cond.includes("?") || topLevel(cond, "if").length > 0 || topLevel(cond, "якщо").length > 0) return undefined;
  for (const op of ["or", "and"] as const) {
    const at = topLevel(cond, words[op])[0];
    if (at !== undefined) return { left: cond.slice(0, at).trim(), op, right: cond.slice(at + words[op].length + 2).trim() };
  }
  return undefined;
}

/**
 * A subprogram's header read from the source at its chart's position: the text between the
 * parentheses of its parameter list. Text, not a syntax tree, so every front-end (tree-sitter or
 * hand-written) is served alike (unique-names.ts, subprograms.ts).
 */

/** Offset of a 1-based line/column in `source`. */
function offsetOf(source: string, line: number, col: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const next = source.indexOf("\n", offset);
    if (next < 0) return source.length;
    offset = next + 1;
  }
  return offset + col - 1;
}

/** Splits at top-level commas (not inside brackets or angle brackets). */
export function splitParams(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = "";
  for (const ch of list) {
    if ("([{<".includes(ch)) depth++;
    else if (")]}>".includes(ch)) depth--;
    if (ch === "," && depth === 0) {
      out.push(current);
      current = "";
    } else current += ch;
  }
  if (current.trim() !== "") out.push(current);
  return out;
}

/**
 * The parameter list of the subprogram `name` (its last `.`/`::` part) whose header starts at
 * line/col: "" when the header has none (Pascal `procedure P;`, `function F: integer;`), undefined
 * when the header is not found. The `(` must come before the header ends (`;`, `{`, or a lone `:`
 * — Pascal's result type, Python's body), so a later call of the same name is never read.
 */
export function headerParams(source: string, name: string, line: number, col: number): string | undefined {
  const last = name.split(/\.|::/).pop()!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const start = offsetOf(source, line, col);
  const re = new RegExp(`(?<![\\p{L}\\p{N}_])${last}\\s*\\(`, "gu");
  re.lastIndex = start;
  const m = re.exec(source);
  const before = m ? source.slice(start, m.index).replace(/::/g, "") : source.slice(start);
  if (!m || /[;{]|:(?!=)/.test(before)) return /[;{:]/.test(before) ? "" : undefined;
  let depth = 0;
  for (let i = m.index + m[0].length - 1; i < source.length; i++) {
    if (source[i] === "(") depth++;
    else if (source[i] === ")" && --depth === 0) return source.slice(m.index + m[0].length, i);
  }
  return undefined;
}

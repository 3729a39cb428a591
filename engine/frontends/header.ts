/**
 * A subprogram's header read from the source at its chart's position: the text between the
 * parentheses of its parameter list. Text, not a syntax tree, so every front-end (tree-sitter or
 * hand-written) is served alike (unique-names.ts, subprograms.ts).
 */

/** How far past a chart's position its header is looked for: work stays linear in the source. */
const HEADER_WINDOW = 4000;

/** Offsets of 1-based line/column positions in one source (line starts found once). */
export function positions(source: string): (line: number, col: number) => number {
  const starts = [0];
  for (let i = source.indexOf("\n"); i >= 0; i = source.indexOf("\n", i + 1)) starts.push(i + 1);
  return (line, col) => (starts[line - 1] ?? source.length) + col - 1;
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
 * `start`: "" when the header has none (Pascal `procedure P;`, `function F: integer;`), undefined
 * when the header is not found. The `(` must come before the header ends (`;`, `{`, or a lone `:`
 * — Pascal's result type, Python's body), so a later call of the same name is never read.
 */
export function headerParams(source: string, name: string, start: number): string | undefined {
  const last = name.split(/\.|::/).pop()!;
  const header = source.slice(start, start + HEADER_WINDOW);
  const open = nameThenParen(header, last);
  const before = open < 0 ? header : header.slice(0, open).replace(/::/g, "");
  if (open < 0 || /[;{]|:(?!=)/.test(before)) return /[;{:]/.test(before) ? "" : undefined;
  let depth = 0;
  for (let i = open; i < header.length; i++) {
    if (header[i] === "(") depth++;
    else if (header[i] === ")" && --depth === 0) return header.slice(open + 1, i);
  }
  return undefined;
}

const WORD_CHAR = /[\p{L}\p{N}_]/u;

/** Index of the `(` after the first whole-word `name` followed by one, or -1 (no regex built per name). */
function nameThenParen(text: string, name: string): number {
  for (let at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + 1)) {
    if (at > 0 && WORD_CHAR.test(text[at - 1]!)) continue;
    let next = at + name.length;
    while (next < text.length && /\s/.test(text[next]!)) next++;
    if (text[next] === "(") return next;
  }
  return -1;
}

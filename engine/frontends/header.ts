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

/** The index just past the string literal whose quote is at `open` (the text's end when it does not close). */
export function stringEnd(text: string, open: number): number {
  const end = text.indexOf(text[open]!, open + 1);
  return end < 0 ? text.length : end + 1;
}

/**
 * Splits at top-level commas (not inside brackets, angle brackets or string literals; the `>` of an
 * arrow `=>` closes nothing and Go's channel arrow `<-` opens nothing: a TypeScript
 * `cb: (x: T) => void, n: number` and a Go `out chan<- int, n int` are two parameters each).
 */
export function splitParams(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = "";
  for (let i = 0; i < list.length; i++) {
    const ch = list[i]!;
    if (ch === '"' || ch === "'" || ch === "`") {
      const stop = stringEnd(list, i);
      current += list.slice(i, stop);
      i = stop - 1;
      continue;
    }
    if ("([{".includes(ch) || (ch === "<" && list[i + 1] !== "-")) depth++;
    else if (")]}".includes(ch) || (ch === ">" && list[i - 1] !== "=")) depth--;
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
 * — Pascal's result type, Python's body), so a later call of the same name is never read. A
 * function bound to the name (JS/TS `const f = (a, b) =>`, `= function (a, b)`, `= async x =>`)
 * has the list of the function it is bound to.
 */
export function headerParams(source: string, name: string, start: number): string | undefined {
  const header = source.slice(start, start + HEADER_WINDOW);
  // A JS/TS class names its constructor `constructor`, its chart the class (`Student.Student`).
  const last = CONSTRUCTOR.test(header) ? "constructor" : name.split(/\.|::/).pop()!;
  const bound = boundFunction(header, last);
  if (typeof bound === "string") return bound;
  const open = bound ?? nameThenParen(header, last);
  const before = open < 0 ? header : header.slice(0, open).replace(/::/g, "");
  if (bound === undefined && (open < 0 || /[;{]|:(?!=)/.test(before))) return /[;{:]/.test(before) ? "" : undefined;
  let depth = 0;
  for (let i = open; i < header.length; i++) {
    if (header[i] === "(") depth++;
    else if (header[i] === ")" && --depth === 0) return header.slice(open + 1, i);
  }
  return undefined;
}

const CONSTRUCTOR = /^(?:(?:public|private|protected)\s+)?constructor\s*\(/;
const WORD_CHAR = /[\p{L}\p{N}_$]/u;
/** After a name: `= function* g<T>(`, `= async <T>(`, `= (` — a function bound to it (the `(` ends the match). */
const BOUND_LIST = /\s*=\s*(?:async\s+)?(?:function\b\s*\*?\s*(?:[\p{L}_$][\p{L}\p{N}_$]*\s*)?)?(?:<[^()]*>\s*)?\(/uy;
/** After a name: `= x =>`, `= async x =>` — an arrow function of one parameter written without brackets. */
const BOUND_ONE = /\s*=\s*(?:async\s+)?([\p{L}_$][\p{L}\p{N}_$]*)\s*=>/uy;

/** Where the first whole-word `name` in `text` starts, or -1. */
function wordAt(text: string, name: string, from = 0): number {
  for (let at = text.indexOf(name, from); at >= 0; at = text.indexOf(name, at + 1)) {
    const after = text[at + name.length];
    if ((at === 0 || !WORD_CHAR.test(text[at - 1]!)) && (after === undefined || !WORD_CHAR.test(after))) return at;
  }
  return -1;
}

/**
 * A function bound to the first `name` of the header: the index of its list's `(`, or its one
 * bracketless parameter; undefined when the name is not bound to a function there.
 */
function boundFunction(header: string, name: string): number | string | undefined {
  const at = wordAt(header, name);
  if (at < 0) return undefined;
  BOUND_ONE.lastIndex = at + name.length;
  const one = BOUND_ONE.exec(header);
  if (one) return one[1]!;
  BOUND_LIST.lastIndex = at + name.length;
  return BOUND_LIST.test(header) ? BOUND_LIST.lastIndex - 1 : undefined;
}

/**
 * Index of the `(` after the first whole-word `name` followed by one — type parameters between
 * them skipped (Go `Map[T any](`, TS `f<T>(`, C# `Swap<T>(`) — or -1 (no regex built per name).
 */
function nameThenParen(text: string, name: string): number {
  for (let at = wordAt(text, name); at >= 0; at = wordAt(text, name, at + 1)) {
    let next = skipSpaces(text, at + name.length);
    if (text[next] === "<" || text[next] === "[") next = skipSpaces(text, pastTypeParameters(text, next));
    if (text[next] === "(") return next;
  }
  return -1;
}

const skipSpaces = (text: string, from: number): number => {
  let i = from;
  while (i < text.length && /\s/.test(text[i]!)) i++;
  return i;
};

/** The index past the `>`/`]` closing type parameters opened at `open` (or `open` when they do not close on that line). */
function pastTypeParameters(text: string, open: number): number {
  const close = text[open] === "<" ? ">" : "]";
  let depth = 0;
  for (let i = open; i < text.length && text[i] !== "\n"; i++) {
    if (text[i] === text[open]) depth++;
    else if (text[i] === close && --depth === 0) return i + 1;
  }
  return open;
}

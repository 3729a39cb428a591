/**
 * Conditional compilation before parsing (issue 13): `#if`/`#ifdef`/`#ifndef`/`#elif`/`#else`/
 * `#endif` (C, C++, C#) and `{$ifdef}`/`{$ifndef}`/`{$if}`/`{$else}`/`{$endif}` (Pascal) keep only
 * the branch a compiler takes with no extra defines — only the source's own `#define`/`{$define}`
 * count, `#if 0` is dead and `#if 1` live — so alternatives are never drawn one after the other and
 * no directive text reaches a symbol. The directives and the dead code are blanked to spaces,
 * newlines kept, so every line and column of the live code stays where the parser reports it.
 */

export type Dialect = "c" | "pascal";

/** One conditional directive or define, found in the source. */
interface Directive {
  start: number;
  end: number;
  /** Lower-case keyword: if, ifdef, ifndef, elif, else, endif, ifend, define, undef (others are ignored). */
  word: string;
  arg: string;
}

const C_DIRECTIVE = /^[ \t]*#[ \t]*([A-Za-z]+)\b((?:[^\n\\]|\\\n?)*)/gm;
const PASCAL_DIRECTIVE = /\{\$([A-Za-z]+)\b([^}]*)\}|\(\*\$([A-Za-z]+)\b((?:(?!\*\)).)*)\*\)/gs;
const CONDITIONAL = new Set(["if", "ifdef", "ifndef", "elif", "elifdef", "elifndef", "else", "elseif", "endif", "ifend", "define", "undef", "region", "endregion"]);

function directives(source: string, dialect: Dialect): Directive[] {
  const out: Directive[] = [];
  const re = dialect === "c" ? C_DIRECTIVE : PASCAL_DIRECTIVE;
  for (const m of source.matchAll(re)) {
    const word = (m[1] ?? m[3] ?? "").toLowerCase();
    if (!CONDITIONAL.has(word)) continue;
    out.push({ start: m.index, end: m.index + m[0].length, word, arg: (m[2] ?? m[4] ?? "").replace(/\\\n/g, " ").trim() });
  }
  return out;
}

/** Removes comments from a directive argument (`#ifdef X // why`). */
const stripComment = (arg: string) => arg.replace(/\/\/.*$|\/\*.*?\*\//g, "").trim();

/**
 * Value of a `#if` / `{$if}` expression: integers, `defined(X)` / `defined X`, `!`/`not`, `&&`/`and`,
 * `||`/`or`, comparisons and parentheses; an unknown name is 0 (as in the C preprocessor), a
 * defined one 1 unless it was defined to a number. Anything it cannot read counts as false.
 */
function evaluate(expr: string, defines: ReadonlyMap<string, string>): boolean {
  const tokens = expr.match(/\d+[uUlL]*|[A-Za-z_]\w*|&&|\|\||==|!=|<=|>=|<>|[!()<>=]/g) ?? [];
  let i = 0;
  const peek = () => tokens[i]?.toLowerCase();
  const value = (name: string): number => {
    const v = defines.get(name);
    if (v === undefined) return 0;
    const n = Number.parseInt(v, 10);
    return Number.isNaN(n) ? 1 : n;
  };
  const primary = (): number => {
    const t = tokens[i++];
    if (t === undefined) return 0;
    const lower = t.toLowerCase();
    if (t === "(") {
      const v = or();
      if (tokens[i] === ")") i++;
      return v;
    }
    if (t === "!" || lower === "not") return primary() ? 0 : 1;
    if (lower === "defined") {
      const paren = tokens[i] === "(";
      if (paren) i++;
      const name = tokens[i++] ?? "";
      if (paren && tokens[i] === ")") i++;
      return defines.has(name) ? 1 : 0;
    }
    if (lower === "true") return 1;
    if (lower === "false") return 0;
    if (/^\d/.test(t)) return Number.parseInt(t, 10);
    return value(t);
  };
  const compare = (): number => {
    let v = primary();
    for (let op = peek(); op && ["==", "!=", "<", ">", "<=", ">=", "<>", "="].includes(op); op = peek()) {
      i++;
      const r = primary();
      v = op === "==" || op === "=" ? +(v === r) : op === "!=" || op === "<>" ? +(v !== r)
        : op === "<" ? +(v < r) : op === ">" ? +(v > r) : op === "<=" ? +(v <= r) : +(v >= r);
    }
    return v;
  };
  const and = (): number => {
    let v = compare();
    while (peek() === "&&" || peek() === "and") {
      i++;
      const r = compare();
      v = v && r ? 1 : 0;
    }
    return v;
  };
  const or = (): number => {
    let v = and();
    while (peek() === "||" || peek() === "or") {
      i++;
      const r = and();
      v = v || r ? 1 : 0;
    }
    return v;
  };
  return or() !== 0;
}

interface Frame {
  /** The enclosing code is live. */
  outer: boolean;
  /** Some branch of this conditional was already taken. */
  taken: boolean;
  /** The current branch is live. */
  live: boolean;
}

/**
 * The source with every dead branch and every conditional directive blanked (same length, same
 * line breaks). A source without conditional directives comes back unchanged. Unbalanced
 * directives are tolerated: a stray `#endif` is ignored, an unclosed `#if` runs to the end.
 */
export function activeSource(source: string, dialect: Dialect): string {
  const found = directives(source, dialect);
  if (!found.some((d) => d.word !== "define" && d.word !== "undef")) return source;
  const defines = new Map<string, string>();
  const stack: Frame[] = [];
  const live = () => stack.length === 0 || stack[stack.length - 1]!.live;
  const blanks: [number, number][] = [];
  let deadFrom = -1;
  for (const d of found) {
    const wasLive = live();
    const arg = stripComment(d.arg);
    const name = arg.split(/[\s(]/)[0] ?? "";
    let directive = true;
    switch (d.word) {
      case "define":
        if (wasLive) defines.set(name, arg.slice(name.length).trim());
        directive = false;
        break;
      case "undef":
        if (wasLive) defines.delete(name);
        directive = false;
        break;
      case "ifdef":
      case "ifndef":
      case "if": {
        const cond = d.word === "if" ? evaluate(arg, defines) : defines.has(name) === (d.word === "ifdef");
        stack.push({ outer: wasLive, taken: wasLive && cond, live: wasLive && cond });
        break;
      }
      case "elif":
      case "elseif":
      case "elifdef":
      case "elifndef": {
        const top = stack[stack.length - 1];
        if (!top) break;
        const cond = d.word === "elifdef" ? defines.has(name) : d.word === "elifndef" ? !defines.has(name) : evaluate(arg, defines);
        top.live = top.outer && !top.taken && cond;
        top.taken ||= top.live;
        break;
      }
      case "else": {
        const top = stack[stack.length - 1];
        if (!top) break;
        top.live = top.outer && !top.taken;
        top.taken = true;
        break;
      }
      case "endif":
      case "ifend":
        stack.pop();
        break;
      // #region / #endregion (C#): no meaning for the flow, only blanked.
    }
    const nowLive = live();
    if (wasLive && !nowLive) deadFrom = d.start;
    if (!wasLive && nowLive) {
      blanks.push([deadFrom, d.end]);
      deadFrom = -1;
    } else if (wasLive && nowLive && directive) blanks.push([d.start, d.end]);
  }
  if (deadFrom >= 0) blanks.push([deadFrom, source.length]);
  let out = "";
  let last = 0;
  for (const [a, b] of blanks) {
    out += source.slice(last, a) + source.slice(a, b).replace(/[^\n]/g, " ");
    last = b;
  }
  return out + source.slice(last);
}

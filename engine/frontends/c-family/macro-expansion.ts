/**
 * Function-like macros that stand for statements (issue 20): `#define setRow(r, n) for (int j = 0;
 * j < n; j++) { a[r][j] = 0; }` used as `setRow(i, m);` was drawn as one bare process, so the loop
 * it is was nowhere. Before parsing, every use of such a macro defined in the same file is
 * replaced by its replacement text with the arguments substituted (`#x` and `a ## b` too), so the
 * parser sees — and the chart draws — the loop. Macros of expressions (`SQR(x)`) stay as written:
 * their name says more than their expansion. One pass (an expansion is not expanded again), the
 * text added is capped, and a use spanning several lines keeps its line breaks after the
 * expansion, so every later line stays where the parser reports it.
 */

interface Macro {
  params: string[];
  body: string;
}

const DEFINE = /^[ \t]*#[ \t]*define[ \t]+([A-Za-z_]\w*)\(([^)]*)\)((?:[^\n\\]|\\\n?)*)/gm;
/** A replacement that is a statement: a loop, a branch, a block or several statements. */
const STATEMENT_LIKE = /^\s*(?:for|while|do|if|switch)\b|[;{}]/;
/** Text added by expansion at most (beyond it uses stay as written): linear work whatever the input. */
const MAX_ADDED = 200_000;
/** Longest argument list looked at: an unclosed `NAME(` never makes every use scan to the end. */
const MAX_USE = 10_000;

/** Statement macros of the source: name → parameters and replacement. */
function statementMacros(source: string): Map<string, Macro> {
  const macros = new Map<string, Macro>();
  for (const m of source.matchAll(DEFINE)) {
    const body = m[3]!.replace(/\\\n/g, " ").replace(/\/\*[\s\S]*?\*\/|\/\/.*$/g, " ").trim();
    if (!STATEMENT_LIKE.test(body)) continue;
    const params = m[2]!.split(",").map((p) => p.trim()).filter((p) => p !== "");
    macros.set(m[1]!, { params, body });
  }
  return macros;
}

/** Where code is not: comments, string and character literals, preprocessor lines. */
function skippedRegions(source: string): boolean[] {
  const skip = new Array<boolean>(source.length).fill(false);
  const re = /\/\/[^\n]*|\/\*[\s\S]*?(?:\*\/|$)|"(?:[^"\\\n]|\\.)*"?|'(?:[^'\\\n]|\\.)*'?|^[ \t]*#(?:[^\n\\]|\\\n?)*/gm;
  for (const m of source.matchAll(re)) skip.fill(true, m.index, m.index + m[0].length);
  return skip;
}

/** The arguments of a use starting at its `(`, and the index after its `)`; undefined when unbalanced. */
function argumentsOfUse(source: string, open: number): { args: string[]; end: number } | undefined {
  const args: string[] = [];
  let depth = 0;
  let from = open + 1;
  const stop = Math.min(source.length, open + MAX_USE);
  for (let i = open; i < stop; i++) {
    const c = source[i]!;
    if (c === '"' || c === "'") {
      const close = source.indexOf(c, i + 1);
      if (close < 0 || close >= stop) return undefined;
      i = close;
    } else if (c === "(" || c === "[" || c === "{") depth++;
    else if (c === ")" || c === "]" || c === "}") {
      depth--;
      if (depth === 0) {
        args.push(source.slice(from, i).trim());
        return { args: args.length === 1 && args[0] === "" ? [] : args, end: i + 1 };
      }
    } else if (c === "," && depth === 1) {
      args.push(source.slice(from, i).trim());
      from = i + 1;
    }
  }
  return undefined;
}

/** The replacement with the arguments put in: `#p` as a string, `a ## b` joined, `__VA_ARGS__`. */
function substitute(macro: Macro, args: readonly string[]): string {
  const value = new Map<string, string>();
  macro.params.forEach((p, i) => {
    if (p === "...") value.set("__VA_ARGS__", args.slice(i).join(", "));
    else value.set(p.replace(/\.\.\.$/, ""), args[i] ?? "");
  });
  const PASTE = "\u0000";
  return macro.body
    .replace(/\s*##\s*/g, PASTE)
    .replace(/(?<![\w\u0000])#\s*([A-Za-z_]\w*)/g, (whole, name: string) => (value.has(name) ? JSON.stringify(value.get(name)) : whole))
    // Words outside string and character literals are parameters where they name one.
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|[A-Za-z_]\w*/g, (token) => value.get(token) ?? token)
    .replaceAll(PASTE, "");
}

/** The source with every use of a statement macro of the file expanded (see the module comment). */
export function expandStatementMacros(source: string): string {
  const macros = statementMacros(source);
  if (macros.size === 0) return source;
  const skip = skippedRegions(source);
  const names = [...macros.keys()].map((n) => n.replace(/\$/g, "\\$")).join("|");
  const use = new RegExp(`\\b(${names})\\s*\\(`, "g");
  let out = "";
  let last = 0;
  let added = 0;
  for (const m of source.matchAll(use)) {
    if (m.index < last || skip[m.index]) continue;
    const open = m.index + m[0].length - 1;
    const found = argumentsOfUse(source, open);
    if (!found) continue;
    const expansion = substitute(macros.get(m[1]!)!, found.args);
    added += expansion.length;
    if (added > MAX_ADDED) break;
    const breaks = source.slice(m.index, found.end).split("\n").length - 1;
    out += source.slice(last, m.index) + expansion + "\n".repeat(breaks);
    last = found.end;
  }
  return out + source.slice(last);
}

/**
 * A subprogram's parameters read from its header's list (header.ts), each language by its own rule:
 * what the start terminator `sum(a, n)` and the caption show (subprograms.ts), and, `typed`, how
 * overloads tell themselves apart (unique-names.ts). Where the name stands differs: C, C++, Java, C#
 * and PHP write the type first (`int n`), Go the name first (`n int`, `x, lo, hi int` sharing one
 * type), TypeScript the name with an annotation after it (`n: number`), Pascal `var a, b: real`.
 * A marker the language writes on the name stays with it (Python `*args`, JS `...rest`); one written
 * on the type goes with the type (Go `args ...int`, Java `String... xs` show `args`, `xs`).
 */
import type { Lang } from "../langs.ts";
import { splitParams, stringEnd } from "./header.ts";

const IDENT = /[\p{L}_$][\p{L}\p{N}_$]*/u;
const LEADING_IDENT = new RegExp(`^${IDENT.source}`, "u");
/** The name at the end of a C-like parameter, before any `[]`. */
const LAST_NAME = /([\p{L}_][\p{L}\p{N}_]*)\s*(?:\[[^\]]*\]\s*)*$/u;

/** Pascal `var a, b: real; const s: string = ''` → `a`, `b`, `s` (names, or `name: type` when `typed`). */
function pascalParams(list: string, typed: boolean): string[] {
  return list.split(";").flatMap((group) => {
    const colon = group.indexOf(":");
    const names = (colon < 0 ? group : group.slice(0, colon)).replace(/^\s*(?:var|const|out|constref|params)\s+/i, "");
    const type = colon < 0 ? "" : group.slice(colon + 1).replace(/=.*$/s, "").trim();
    return names.split(",").map((n) => n.trim()).filter((n) => n !== "").map((n) => (typed && type ? `${n}: ${type}` : n));
  });
}

/** Python `self, a, b=2, *args, c: int = 3, **kw` → `a`, `b`, `*args`, `c`, `**kw` (self/cls only of a method). */
function pythonParams(list: string, method: boolean): string[] {
  const names = splitParams(list)
    .map((p) => p.replace(/[:=].*$/s, "").trim())
    .filter((p) => p !== "" && p !== "/" && p !== "*");
  return method && (names[0] === "self" || names[0] === "cls") ? names.slice(1) : names;
}

/** C-like `const int *a, int b[] = {}, String... xs` → `a`, `b`, `xs`; a parameter that is only a type (`int`) stays as written. */
function typeFirstParams(list: string, typed: boolean): string[] {
  return splitParams(list).flatMap((param) => {
    const p = param.replace(/=.*$/s, "").trim();
    if (p === "" || p === "void") return [];
    if (typed || p === "...") return [p.replace(/\s+/g, " ")];
    const m = LAST_NAME.exec(p);
    const onlyType = !/[\s*&]/.test(p.replace(/\[[^\]]*\]$/, "").trim());
    return [m && !onlyType ? m[1]! : p.replace(/\s+/g, " ")];
  });
}

/** Go words that begin a type with a space in it (`chan int`, `func(x int)`), never a parameter's name. */
const GO_TYPE_WORDS = new Set(["chan", "func", "map", "struct", "interface"]);
const GO_NAMED = new RegExp(`^(${IDENT.source})\\s+(\\S[\\s\\S]*)$`, "u");

/**
 * Go `a []int, x, lo, hi int, args ...int` → `a`, `x`, `lo`, `hi`, `args`. Go names every parameter
 * or none: a list with no `name type` piece is types only (`func(int, string)`) and stays as written;
 * a lone name shares the type of the next piece that has one (`typed`: `x int, lo int, hi int`).
 */
function goParams(list: string, typed: boolean): string[] {
  const pieces = splitParams(list).map((p) => p.trim().replace(/\s+/g, " ")).filter((p) => p !== "");
  const named = pieces.map((p) => {
    const m = GO_NAMED.exec(p);
    return m && !GO_TYPE_WORDS.has(m[1]!) ? { name: m[1]!, type: m[2]! } : undefined;
  });
  if (named.every((n) => n === undefined)) return pieces;
  // From the end, so each lone name finds the type after it in one pass (a header may hold hundreds).
  const out: string[] = [];
  let type: string | undefined;
  for (let i = pieces.length - 1; i >= 0; i--) {
    type = named[i]?.type ?? type;
    const name = named[i]?.name ?? pieces[i]!;
    out.push(typed && type ? `${name} ${type}` : name);
  }
  return out.reverse();
}

/** TypeScript's parameter properties and accessibility words before a name (`private readonly x: number`). */
const TS_MODIFIERS = /^(?:(?:public|private|protected|readonly|override)\s+)+/;

/** The index just past the bracket that closes the one opening `text` (`{ a, b }: P` → after `}`), strings skipped. */
function pastClosing(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"' || ch === "'" || ch === "`") i = stringEnd(text, i) - 1;
    else if ("([{".includes(ch)) depth++;
    else if (")]}".includes(ch) && --depth === 0) return i + 1;
  }
  return text.length;
}

/** A destructuring pattern as a reader reads it: its names without defaults (`{ a = 1, b: { c } }` → `{a, b: {c}}`). */
function pattern(text: string): string {
  const open = text[0]!;
  const inner = text.slice(1, pastClosing(text) - 1);
  const items = splitParams(inner).map((item) => {
    const [binding, value] = splitKey(item.trim());
    return value === undefined ? binding : `${binding}: ${value}`;
  });
  return `${open}${items.filter((i) => i !== "").join(", ")}${open === "{" ? "}" : "]"}`;
}

/** One pattern element: `key: target = default` → [key, target] (target read as a pattern), `a = 1` → [a]. */
function splitKey(item: string): [string, string?] {
  const element = leadingBinding(item);
  const rest = item.slice(element.length).trim();
  if (!rest.startsWith(":")) return [bindingText(element)];
  const target = rest.slice(1).trim();
  return [element, bindingText(leadingBinding(target))];
}

/** The binding a JS/TS parameter or pattern element starts with: `...`, then a pattern or a name. */
function leadingBinding(text: string): string {
  const rest = text.startsWith("...") ? text.slice(3).trimStart() : text;
  const spread = text.slice(0, text.length - rest.length);
  if (rest.startsWith("{") || rest.startsWith("[")) return spread + rest.slice(0, pastClosing(rest));
  return spread + (LEADING_IDENT.exec(rest)?.[0] ?? "");
}

/** `...rest` stays, a pattern reads as its names. */
function bindingText(binding: string): string {
  const spread = binding.startsWith("...") ? "..." : "";
  const body = binding.slice(spread.length).trim();
  return spread + (body.startsWith("{") || body.startsWith("[") ? pattern(body) : body);
}

/**
 * JavaScript and TypeScript `a, b = 1, ...rest: T[], { x, y }: Point, private n?: number, this: Window`
 * → `a`, `b`, `...rest`, `{x, y}`, `n` — the name before the annotation and default; `this: T` only
 * types `this` and is no parameter. `typed`: the annotation kept (`n: number`), default dropped.
 */
function nameFirstParams(list: string, typed: boolean): string[] {
  return splitParams(list).flatMap((param) => {
    const p = param.trim().replace(/\s+/g, " ").replace(/^(?:@\S+\s+)*/, "").replace(TS_MODIFIERS, "");
    const binding = leadingBinding(p);
    if (binding === "" || binding === "this") return binding === "" && p !== "" ? [p] : [];
    const annotation = /^\??\s*:\s*([\s\S]*?)\s*(?:=(?!>)[\s\S]*)?$/.exec(p.slice(binding.length).trim())?.[1];
    const name = bindingText(binding);
    return [typed && annotation ? `${name}: ${annotation}` : name];
  });
}

/** The parameters of a header's list: names only, or as written with their types (`typed`, for overloads). */
export function parameters(list: string, lang: Lang, options: { typed?: boolean; method?: boolean } = {}): string[] {
  const typed = options.typed === true;
  switch (lang) {
    case "pascal":
      return pascalParams(list, typed);
    case "python":
      return pythonParams(list, options.method === true);
    case "go":
      return goParams(list, typed);
    case "javascript":
    case "typescript":
      return nameFirstParams(list, typed);
    default:
      return typeFirstParams(list, typed);
  }
}

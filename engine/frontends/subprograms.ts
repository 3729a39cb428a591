/**
 * What a subprogram's chart says about it (issue 20): its kind (the caption's «функції» /
 * «процедури» / «методу»), its parameters by name (each language's rule: parameters.ts), and the name shown without the class prefix
 * where the class is the program itself. Read from the source at each chart's position
 * (header.ts), so every front-end is served alike; layout/signature.ts turns it into the start
 * terminator `sum(a, n)` and the caption.
 */
import type { Lang } from "../langs.ts";
import type { ChartFunction, ChartTree, SubprogramKind } from "../tree/schema.ts";
import { headerParams, positions } from "./header.ts";
import { parameters } from "./parameters.ts";

/** The class part of `Class.method` / `Class::method`, or undefined for a plain name. */
export function classOf(name: string): string | undefined {
  const cut = Math.max(name.lastIndexOf("."), name.lastIndexOf("::"));
  return cut < 0 ? undefined : name.slice(0, cut);
}

/** `Class.method` / `Class::method` → `method`. */
export function withoutClass(name: string): string {
  const cls = classOf(name);
  return cls === undefined ? name : name.slice(cls.length).replace(/^(?:\.|::)/, "");
}

/** What the language calls this subprogram when the front-end did not say. */
function kindOf(fn: ChartFunction, lang: Lang, source: string, offset: number): SubprogramKind {
  if (lang === "java" || lang === "csharp") return "method";
  // A chart named after its class (`Stack.Push`, `Student.average`) is a method.
  if (lang === "cpp" || lang === "javascript" || lang === "typescript" || lang === "go" || lang === "php") return classOf(fn.name) !== undefined ? "method" : "function";
  if (lang === "pascal") {
    const header = /^(?:class\s+)?(procedure|function|operator|constructor|destructor)\s+([^\s(;:]+)/i.exec(source.slice(offset, offset + 300));
    const word = header?.[1]?.toLowerCase();
    if (word === "constructor" || word === "destructor" || header?.[2]?.includes(".")) return "method";
    return word === "procedure" ? "procedure" : "function";
  }
  return "function";
}

/** Is class `cls` (`University.Student`) declared inside class `outer` (`University`)? */
const nestedIn = (cls: string, outer: string): boolean => cls.startsWith(`${outer}.`) || cls.startsWith(`${outer}::`);

/**
 * Sets `kind`, `params` and (where the class prefix goes) `title` on every subprogram chart of
 * `tree`. The program's class is `programClass` (Java/C#: the class holding main) or else, in a tree
 * without a main chart, the only class the charts' methods belong to; its prefix is kept where
 * another class or a free function has a subprogram of the same name. A class nested in the
 * program's class drops the program's prefix only (`Student.getName`).
 */
export function describeSubprograms(tree: ChartTree, source: string, lang: Lang, programClass?: string): ChartTree {
  const offset = positions(source);
  for (const fn of tree) {
    if (fn.main === true || !fn.loc) continue;
    const start = offset(fn.loc.line, fn.loc.col);
    fn.kind ??= kindOf(fn, lang, source, start);
    const list = headerParams(source, fn.name, start);
    if (list !== undefined) fn.params = parameters(list, lang, { method: fn.kind === "method" });
  }
  const classes = new Set(tree.filter((fn) => fn.kind === "method").map((fn) => classOf(fn.name)).filter((c) => c !== undefined));
  // Without a main chart (a file of one class's methods) that class is the program; where main is
  // free (C++, Python module code) a class is one part of the program, so it keeps its name.
  const alone = classes.size === 1 && !tree.some((fn) => fn.main === true);
  const program = programClass ?? (alone ? [...classes][0] : undefined);
  if (program === undefined) return tree;
  // Two classes with a method of the same name, or a free function of that name: both keep the prefix.
  const names = new Set(tree.map((fn) => fn.name));
  const owners = new Map<string, Set<string | undefined>>();
  for (const fn of tree) {
    const short = withoutClass(fn.name);
    owners.set(short, (owners.get(short) ?? new Set()).add(classOf(fn.name)));
  }
  const clashes = (short: string): boolean => names.has(short) || owners.get(short)!.size > 1;
  for (const fn of tree) {
    if (fn.main === true || fn.kind !== "method") continue;
    const cls = classOf(fn.name);
    if (cls === program) {
      const short = withoutClass(fn.name);
      if (!clashes(short)) fn.title = short;
    } else if (cls !== undefined && nestedIn(cls, program)) {
      // A class nested in the program's class (Java `static class Student` inside `University`) is
      // named as the program names it: `Student.getName`, not `University.Student.getName`.
      const inner = fn.name.slice(program.length).replace(/^(?:\.|::)/, "");
      if (!names.has(inner)) fn.title = inner;
    }
  }
  return tree;
}

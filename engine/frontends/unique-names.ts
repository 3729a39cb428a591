/**
 * Unique chart names (issue 13: captions are unique). Overloaded functions — `Sort(int[] a)` and
 * `Sort(List<int> a)` — get their parameter types (`Sort(int[])`, `Sort(List<int>)`); when even
 * those agree (a Python function defined twice), a number (`f 1`, `f 2`). The parameter list is
 * read from the source at the chart's position, so every front-end is served alike.
 */
import type { ChartTree } from "../tree/schema.ts";

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
function splitParams(list: string): string[] {
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

/** The type of one C-like parameter: `const int *a = 0` → `int*`. */
function paramType(param: string): string {
  const p = param.replace(/=.*$/s, "").trim();
  const words = p
    .replace(/\b(?:const|final|ref|out|in|params|var|this|register|volatile)\b/g, "")
    .replace(/\s*([*&\[\]])\s*/g, "$1")
    .replace(/([*&\]])(?=[A-Za-z_])/g, "$1 ")
    .trim();
  // The last word is the parameter's name (unless the parameter is only a type: `void f(int)`).
  const m = /^(.*?[\w>\]*&])\s+[A-Za-z_]\w*(\[\])*$/.exec(words);
  return (m ? m[1]! + (m[2] ?? "") : words).replace(/\s+/g, " ");
}

/** Parameter types of the chart's function as written in `source`, e.g. `int[], int`; undefined when not found. */
function signature(source: string, name: string, line: number, col: number): string | undefined {
  const last = name.split(/\.|::/).pop()!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const re = new RegExp(`\\b${last}\\s*\\(`, "g");
  re.lastIndex = offsetOf(source, line, col);
  const m = re.exec(source);
  if (!m) return undefined;
  let depth = 0;
  for (let i = m.index + m[0].length - 1; i < source.length; i++) {
    if (source[i] === "(") depth++;
    else if (source[i] === ")" && --depth === 0) {
      const list = source.slice(m.index + m[0].length, i);
      // Pascal groups `a, b: real; s: string` give one type per name.
      if (/:/.test(list.replace(/::/g, ""))) {
        return list.split(";").flatMap((group) => {
          const colon = group.lastIndexOf(":");
          return colon < 0 ? [] : group.slice(0, colon).split(",").map(() => group.slice(colon + 1).trim());
        }).join(", ");
      }
      return splitParams(list).map(paramType).join(", ");
    }
  }
  return undefined;
}

/** `tree` with every name unique (renamed in place; charts keep their order). */
export function uniqueChartNames(tree: ChartTree, source: string): ChartTree {
  const groups = new Map<string, number[]>();
  tree.forEach((chart, i) => groups.set(chart.name, [...(groups.get(chart.name) ?? []), i]));
  for (const [name, indexes] of groups) {
    if (indexes.length < 2) continue;
    const signatures = indexes.map((i) => {
      const loc = tree[i]!.loc;
      return loc ? signature(source, name, loc.line, loc.col) : undefined;
    });
    const distinct = signatures.every((s) => s !== undefined) && new Set(signatures).size === signatures.length;
    indexes.forEach((i, k) => {
      tree[i]!.name = distinct ? `${name}(${signatures[k]})` : `${name} ${k + 1}`;
    });
  }
  return tree;
}

/**
 * Unique chart names (issue 13: captions are unique). Overloaded functions — `Sort(int[] a)` and
 * `Sort(List<int> a)` — get their parameter types (`Sort(int[])`, `Sort(List<int>)`); when even
 * those agree (a Python function defined twice), a number (`f 1`, `f 2`). The parameter list is
 * read from the source at the chart's position, so every front-end is served alike.
 */
import type { ChartTree } from "../tree/schema.ts";
import type { Lang } from "../langs.ts";
import { headerParams, positions, splitParams } from "./header.ts";
import { parameters } from "./parameters.ts";

/** The type of one C-like parameter: `const int *a = 0` → `int*`. */
function paramType(param: string): string {
  const p = param.replace(/=.*$/s, "").trim();
  const words = p
    .replace(/\b(?:const|final|ref|out|in|params|var|this|register|volatile)\b/g, "")
    .replace(/\s*([*&[\]])\s*/g, "$1")
    .replace(/([*&\]])(?=[A-Za-z_])/g, "$1 ")
    .trim();
  // The last word is the parameter's name (unless the parameter is only a type: `void f(int)`).
  const m = /^(.*?[\w>\]*&])\s+[A-Za-z_]\w*(\[\])*$/.exec(words);
  return (m ? m[1]! + (m[2] ?? "") : words).replace(/\s+/g, " ");
}

/** Parameter types of a header's parameter list, e.g. `int[], int`. */
function signature(list: string): string {
  // Pascal groups `a, b: real; s: string` give one type per name.
  if (/:/.test(list.replace(/::/g, ""))) {
    return list.split(";").flatMap((group) => {
      const colon = group.lastIndexOf(":");
      return colon < 0 ? [] : group.slice(0, colon).split(",").map(() => group.slice(colon + 1).trim());
    }).join(", ");
  }
  return splitParams(list).map(paramType).join(", ");
}

/** `tree` with every name unique (renamed in place; charts keep their order). */
export function uniqueChartNames(tree: ChartTree, source: string, lang: Lang, stripTypes = false): ChartTree {
  const groups = new Map<string, number[]>();
  tree.forEach((chart, i) => groups.set(chart.name, [...(groups.get(chart.name) ?? []), i]));
  const offset = positions(source);
  for (const [name, indexes] of groups) {
    if (indexes.length < 2) continue;
    const lists = indexes.map((i) => {
      const loc = tree[i]!.loc;
      return loc ? headerParams(source, name, offset(loc.line, loc.col)) : undefined;
    });
    const signatures = lists.map((list) => (list === undefined ? undefined : signature(list)));
    const distinct = signatures.every((s) => s !== undefined) && new Set(signatures).size === signatures.length;
    indexes.forEach((i, k) => {
      const chart = tree[i]!;
      chart.name = distinct ? `${name}(${signatures[k]})` : `${name} ${k + 1}`;
      // The caption tells overloads apart by their parameters' types (issue 20): `sort(int[] a)` —
      // unless the reader asked for no types at all (stripTypes): then the names do it, `sort(a)`.
      if (distinct && chart.params && !stripTypes) {
        chart.title ??= name;
        chart.params = parameters(lists[k]!, lang, { typed: true });
      }
    });
  }
  return tree;
}

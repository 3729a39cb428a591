/**
 * How a subprogram's chart names it (issue 20, drawing-rules: "start terminator holds the function
 * name with parameters"): `sum(a, n)` in the start terminator and in the caption «функції sum(a, n)».
 * A chart without `params` (a §2.9 tree) keeps the old forms: «Початок» and `name()`.
 */
import type { ResolvedOptions } from "../options.ts";
import type { ChartFunction } from "../tree/schema.ts";

/** `sum(a, n)`; without params `sum()`, or the name as it is when it already carries its types (`Sort(int[])`). */
export function signature(fn: ChartFunction): string {
  const name = fn.title ?? fn.name;
  if (fn.params) return `${name}(${fn.params.join(", ")})`;
  return name.includes("(") ? name : `${name}()`;
}

/** The start and end terminators of a chart. */
export function terminatorTexts(fn: ChartFunction, options: ResolvedOptions): { start: string; end: string } {
  const t = options.texts;
  if (fn.main === true) return { start: t.startText, end: t.endText };
  if (options.mainOnlyTerminators) return { start: t.entryText, end: t.exitText };
  return { start: fn.params ? signature(fn) : t.startText, end: t.endText };
}

/** The caption: `Рисунок 2 — Схема алгоритму функції sum(a, n)` (capFormat, capWord). */
export function captionText(fn: ChartFunction, figure: number, options: ResolvedOptions): string {
  const t = options.texts;
  const template = fn.kind === "procedure" ? t.procedureTitle : fn.kind === "method" ? t.methodTitle : t.functionTitle;
  const title = fn.main === true ? t.mainTitle : template.replace("{name}", signature(fn));
  return t.capFormat.replace("{word}", t.capWord).replace("{num}", String(figure)).replace("{text}", title);
}

/**
 * The document-level page report (issue 21), used by scripts/pagefit.ts and test/document-fit.test.ts:
 * a program laid out as the paged formats lay it out (one module for the document, figures placed
 * on A4 sheets by engine/layout/sheets.ts) and measured from its geometry alone:
 *   - sheets, and the sheets it took before issue 21 (every part of every chart on its own sheet,
 *     each chart at its own module);
 *   - the fill of every sheet (used height ÷ 257 mm) and how many figures share each;
 *   - torn constructs: a decision whose exit runs into a connector whose pair stands on another
 *     part (its branch starts on another sheet) — a switch when an exit of the decision is labelled
 *     with anything but the yes/no words (a case value) or it has more than two exits, else an if/else; and decisions whose branch is laid under it on the same part through a
 *     connector pair (an if/else branch under a branch, the flat form of flatten.ts);
 *   - bracket breaks: a wrapped line of a symbol's text that ends inside an unclosed `(`/`[` although
 *     the same line holds a break outside every bracket (a shorter line, so it would have fitted).
 */
import type { ChartTree } from "../engine/tree/schema.ts";
import type { Geometry, Part, Shape } from "../engine/geometry/types.ts";
import type { ResolvedOptions } from "../engine/options.ts";
import { layoutCharts } from "../engine/layout/index.ts";
import { planSheets, SHEET } from "../engine/layout/sheets.ts";

export interface DocumentFit {
  file: string;
  /** Sheets before issue 21: one per part. */
  before: number;
  sheets: number;
  /** Fill of every sheet, in order. */
  fills: number[];
  /** Figures on every sheet, in order. */
  figures: number[];
  /** The module a of each chart, and its parts, in document order. */
  modules: number[];
  parts: number[];
  tornSwitches: number;
  tornIfs: number;
  /** Decisions with a branch laid under them through a connector pair on the same part. */
  laidUnder: number;
  bracketBreaks: number;
}

/** Measures the document of `tree`; `partsBefore`: the parts its charts took each at its own module. */
export function measureDocument(file: string, tree: ChartTree, options: ResolvedOptions, partsBefore: number): DocumentFit {
  const geometry = layoutCharts(tree, options, true);
  const sheets = planSheets([geometry], true);
  const torn = tornConstructs(geometry, [options.texts.yes, options.texts.no]);
  return {
    file,
    before: partsBefore,
    sheets: sheets.length,
    fills: sheets.map((s) => s.used / SHEET.height),
    figures: sheets.map((s) => s.figures.length),
    modules: geometry.charts.map((c) => c.module),
    parts: geometry.charts.map((c) => c.parts.length),
    ...torn,
    bracketBreaks: geometry.charts.flatMap((c) => c.parts.flatMap((p) => p.shapes)).reduce((n, s) => n + bracketBreaks(s.text), 0),
  };
}

/** Connector designations and the parts they stand on. */
function partsOfDesignations(parts: readonly Part[]): Map<string, Set<number>> {
  const on = new Map<string, Set<number>>();
  parts.forEach((part, i) => {
    for (const s of part.shapes) {
      if (s.kind !== "connector") continue;
      const d = s.text.join("");
      let set = on.get(d);
      if (!set) on.set(d, (set = new Set()));
      set.add(i);
    }
  });
  return on;
}

/** Torn switches and if/else, and branches laid under their decision, of every chart (see the header). */
export function tornConstructs(g: Geometry, yesNo: readonly string[]): Pick<DocumentFit, "tornSwitches" | "tornIfs" | "laidUnder"> {
  let tornSwitches = 0;
  let tornIfs = 0;
  let laidUnder = 0;
  for (const chart of g.charts) {
    const on = partsOfDesignations(chart.parts);
    chart.parts.forEach((part, i) => {
      const shapes = new Map<string, Shape>(part.shapes.map((s) => [s.id, s]));
      for (const d of part.shapes) {
        if (d.kind !== "decision") continue;
        const exits = part.edges.filter((e) => e.from === d.id);
        const ends = exits.map((e) => (e.to ? shapes.get(e.to) : undefined)).filter((s) => s?.kind === "connector") as Shape[];
        if (ends.length === 0) continue;
        const elsewhere = ends.some((c) => [...(on.get(c.text.join("")) ?? [])].some((p) => p !== i));
        const isSwitch = exits.length > 2 || exits.some((e) => e.label !== undefined && e.label !== "" && !yesNo.includes(e.label));
        if (elsewhere && isSwitch) tornSwitches++;
        else if (elsewhere) tornIfs++;
        else laidUnder++;
      }
    });
  }
  return { tornSwitches, tornIfs, laidUnder };
}

/** The breaks of a wrapped text that fall inside an unclosed bracket while their line has a break outside every bracket. */
export function bracketBreaks(lines: readonly string[]): number {
  let depth = 0;
  let count = 0;
  lines.forEach((line, i) => {
    let topLevelBreak = false;
    for (const ch of line) {
      if (ch === "(" || ch === "[") depth++;
      else if ((ch === ")" || ch === "]") && depth > 0) depth--;
      else if (ch === " " && depth === 0) topLevelBreak = true;
    }
    if (i < lines.length - 1 && depth > 0 && topLevelBreak) count++;
  });
  return count;
}

/** The careful student's sheets per file (test/corpus/careful-sheets.json, keys `<lang>/<file>`), when present. */
export async function carefulSheets(path = "test/corpus/careful-sheets.json"): Promise<Map<string, number> | null> {
  const file = Bun.file(path);
  if (!(await file.exists())) return null;
  const json = (await file.json()) as Record<string, { sheets: number }>;
  return new Map(Object.entries(json).map(([k, v]) => [k, v.sheets]));
}

/** The key of a corpus file in careful-sheets.json. */
export const carefulKey = (file: string): string => file.replace(/^test\/corpus\//, "");

/**
 * The document-level page report (issue 21), used by scripts/pagefit.ts and test/document-fit.test.ts:
 * a program laid out as the paged formats lay it out (one module for the document, figures placed
 * on A4 sheets by engine/layout/sheets.ts) and measured from its geometry alone:
 *   - sheets, and the sheets it took before issue 21 (every part of every chart on its own sheet,
 *     each chart at its own module);
 *   - the fill of every sheet (used height ÷ 257 mm) and how many figures share each, and which
 *     sheets the rules force to end where they do (endsForced);
 *   - torn constructs, by the one definition the cut rules use (engine/layout/fit/torn.ts tearsOf,
 *     exact, from the plans of each part at the document's module): an if/else, switch or loop cut
 *     apart although it fits a part, a decision cut from its branch, a part of connectors only;
 *   - decisions whose branch is laid under them on the same part through a connector pair (an
 *     if/else branch under a branch, the flat form of flatten.ts), measured from the drawing;
 *   - connector pairs (distinct designations of every chart) and case tears: a case of a switch
 *     whose label stands on a line into a connector, its body elsewhere (issue 21: a menu cut so the
 *     reader leaves a case at its label and finds its body further on, out of the cases' order);
 *   - bracket breaks: a wrapped line of a symbol's text that ends inside a `(`/`[` although the same
 *     line holds a break outside every bracket and the bracket would fit a line whole (bracketBreaks).
 */
import type { ChartTree } from "../engine/tree/schema.ts";
import type { Geometry, Part, Shape } from "../engine/geometry/types.ts";
import type { ResolvedOptions } from "../engine/options.ts";
import { layoutCharts } from "../engine/layout/index.ts";
import { figureCaptions, fitDocument } from "../engine/layout/fit/fit-document.ts";
import { sizersIn } from "../engine/layout/fit/fit-chart.ts";
import { NO_TEARS, tearsOf, wholeRoom, type Tears } from "../engine/layout/fit/torn.ts";
import { FONTS } from "../engine/fonts.ts";
import { textWidthMm } from "../engine/text/measure.ts";
import { fitsRest, planSheets, SHEET, type Sheet, type SheetFigure } from "../engine/layout/sheets.ts";

export interface DocumentFit {
  file: string;
  /** Sheets before issue 21: one per part. */
  before: number;
  sheets: number;
  /** Fill of every sheet, in order. */
  fills: number[];
  /** Figures on every sheet, in order. */
  figures: number[];
  /** Whether the rules force every sheet to end where it does (endsForced), in order. */
  forced: boolean[];
  /** The module a of each chart, and its parts, in document order. */
  modules: number[];
  parts: number[];
  /** Whether each chart, in document order, starts on the rest of a sheet: below another figure. */
  startsOnRest: boolean[];
  /** What the cuts of its charts tear (fit/torn.ts), summed over the charts. */
  tears: Tears;
  /** Decisions with a branch laid under them through a connector pair on the same part. */
  laidUnder: number;
  /** Distinct connector designations of its charts, summed. */
  pairs: number;
  /** Cases whose label stands on a line into a connector (their body drawn elsewhere). */
  caseTears: number;
  bracketBreaks: number;
}

/** Measures the document of `tree`; `partsBefore`: the parts its charts took each at its own module. */
export function measureDocument(file: string, tree: ChartTree, options: ResolvedOptions, partsBefore: number): DocumentFit {
  const geometry = layoutCharts(tree, options, true);
  const sheets = planSheets([geometry], true);
  const tears = documentTears(tree, options);
  return {
    file,
    before: partsBefore,
    sheets: sheets.length,
    fills: sheets.map((s) => s.used / SHEET.height),
    figures: sheets.map((s) => s.figures.length),
    forced: sheets.map((_, k) => endsForced(sheets, k)),
    modules: geometry.charts.map((c) => c.module),
    parts: geometry.charts.map((c) => c.parts.length),
    startsOnRest: geometry.charts.map((c) => sheets.some((s) => s.figures.some((f, j) => j > 0 && f.chart === c && f.first === 0))),
    tears,
    laidUnder: laidUnder(geometry),
    pairs: geometry.charts.reduce((n, c) => n + designationsOf(c.parts).size, 0),
    caseTears: caseTears(geometry, [options.texts.yes, options.texts.no]),
    bracketBreaks: geometry.charts.flatMap((c) => c.parts.flatMap((p) => p.shapes)).reduce((n, s) => n + bracketBreaks(s.text), 0),
  };
}

/**
 * Whether the rules force sheet `k` to end where it does: its figures are whole charts, and the
 * figure after it is a whole chart, which fits a sheet of its own but not the rest of this one —
 * splitting it to fill this sheet would be an avoidable split. A sheet ending before a part of a
 * split chart, or after one, is not forced: the chart could start on the rest of it
 * (layout/fit/fit-document.ts), or be cut elsewhere.
 */
export function endsForced(sheets: readonly Sheet[], k: number): boolean {
  const whole = (f: SheetFigure): boolean => f.chart.parts.length === 1;
  const next = sheets[k + 1]?.figures[0];
  return next !== undefined && sheets[k]!.figures.every(whole) && whole(next) && !fitsRest({ sheets: 1, used: sheets[k]!.used }, next.extent);
}

/** Connector designations and the parts they stand on. */
function designationsOf(parts: readonly Part[]): Map<string, Set<number>> {
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

/** The tears of every chart cut as the paged formats cut it, at the document's one module (layoutCharts fits the same way). */
function documentTears(tree: ChartTree, options: ResolvedOptions): Tears {
  const sum: Tears = { ...NO_TEARS };
  for (const fitted of fitDocument(tree, options, true, sizersIn(FONTS.tinos), figureCaptions(tree, options, FONTS.tinos))) {
    const t = tearsOf(fitted.parts.map((p) => p.plans), fitted.module.gap, wholeRoom(fitted.module.gap, fitted.module.connector));
    for (const key of Object.keys(sum) as (keyof Tears)[]) sum[key] += t[key];
  }
  return sum;
}

/** Decisions whose exits all run into connectors whose pairs stand on the decision's own part (a branch laid under it). */
function laidUnder(g: Geometry): number {
  let count = 0;
  for (const chart of g.charts) {
    const on = designationsOf(chart.parts);
    chart.parts.forEach((part, i) => {
      const shapes = new Map<string, Shape>(part.shapes.map((s) => [s.id, s]));
      for (const d of part.shapes) {
        if (d.kind !== "decision") continue;
        const ends = part.edges.filter((e) => e.from === d.id).map((e) => (e.to ? shapes.get(e.to) : undefined)).filter((s) => s?.kind === "connector") as Shape[];
        if (ends.length > 0 && ends.every((c) => [...(on.get(c.text.join("")) ?? [])].every((p) => p === i))) count++;
      }
    });
  }
  return count;
}

/**
 * Lines labelled with a case value (any label but a decision's yes/no) that end at a connector: the
 * case's body is drawn elsewhere, away from its label.
 */
function caseTears(g: Geometry, yesNo: readonly string[]): number {
  let count = 0;
  for (const chart of g.charts) {
    for (const part of chart.parts) {
      const connectors = new Set(part.shapes.filter((s) => s.kind === "connector").map((s) => s.id));
      count += part.edges.filter((e) => e.label !== undefined && !yesNo.includes(e.label) && e.to !== null && connectors.has(e.to)).length;
    }
  }
  return count;
}

/**
 * The avoidable bracket breaks of a wrapped text: a line that ends inside a bracket although it
 * holds a break outside every bracket, and the outermost bracket open there would fit the widest
 * line of the text whole (a break before it would have kept it on one line). A bracket wider than
 * any line has to break inside (wrap.ts: after its commas first) and is not counted. Brackets inside
 * quoted literals (`"a["`, `'('`) and brackets that close nothing or are never closed are text.
 */
export function bracketBreaks(lines: readonly string[]): number {
  if (lines.length < 2) return 0;
  const text = lines.join("\n");
  // The matched brackets outside quotes: the index of each opening one's partner.
  const partner = new Map<number, number>();
  const open: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    const close = ch === '"' || ch === "'" ? ch : ch === "«" ? "»" : null;
    if (close) {
      const end = text.indexOf(close, i + 1);
      if (end > 0 && (ch !== "'" || !/\p{L}/u.test(text[i - 1] ?? ""))) i = end; // not the apostrophe of «м'ясо»
      continue;
    }
    if (ch === "(" || ch === "[") open.push(i);
    else if ((ch === ")" || ch === "]") && open.length > 0 && "([".indexOf(text[open[open.length - 1]!]!) === ")]".indexOf(ch)) partner.set(open.pop()!, i);
  }
  const widest = Math.max(...lines.map((l) => textWidthMm(l, 10)));
  let count = 0;
  let at = 0; // where the current line starts in `text`
  const stack: number[] = []; // the matched brackets open at the current position
  lines.forEach((line, k) => {
    let topLevelBreak = false;
    for (let i = at; i < at + line.length; i++) {
      if (partner.has(i)) stack.push(i);
      else if (stack.length > 0 && partner.get(stack[stack.length - 1]!) === i) stack.pop();
      else if (text[i] === " " && stack.length === 0) topLevelBreak = true;
    }
    if (k < lines.length - 1 && stack.length > 0 && topLevelBreak) {
      const outer = stack[0]!;
      const span = text.slice(outer, partner.get(outer)! + 1).replace(/\n/g, " ");
      if (textWidthMm(span, 10) <= widest) count++;
    }
    at += line.length + 1;
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

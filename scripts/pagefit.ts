/**
 * Page-fit report (issue 12): lays out every program of some folders (default: test/corpus and
 * examples) as the paged formats do (split) and as one sheet (no split), and prints how the charts
 * fit the usable A4 area of 170 × 230 mm (drawing-rules P7):
 *   - charts (or parts) wider than 170 mm;
 *   - charts split although they fit one page at the smallest module;
 *   - parts against the ideal Σ⌈h ÷ 230⌉ of the unsplit charts at the chosen module;
 *   - median and worst fill of the pages of split charts;
 *   - the module a chosen per chart;
 *   - the connector pairs of the paged layout (per chart with --list; in all, and in split charts);
 *   - torn constructs (issue 21, fit/torn.ts): if/else and switches cut apart although they fit a
 *     part, decisions cut from their branch, parts made only of connectors;
 * and every program as a document (scripts/document-fit.ts, issue 21): sheets against one figure
 * per sheet and against the careful student's judgement (test/corpus/careful-sheets.json, when
 * present), the fill of the sheets, the sheets before a document's last under 40 % full (all, and
 * the avoidable ones: not forced by the rules, document-fit.ts endsForced), figures sharing a sheet,
 * torn constructs, bracket breaks.
 *   bun scripts/pagefit.ts [folder ...] [--list] [--careful=FILE]     (npm run pagefit)
 * The measuring functions are exported for test/page-fit.test.ts.
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { frontendFor, langFromFileName, SOURCE_LANGS, type Lang } from "../engine/index.ts";
import { bunAssets } from "../hosts/bun.ts";
import { fitChart, sizersIn, unsplitAt } from "../engine/layout/fit/fit-chart.ts";
import { SMALLEST } from "../engine/layout/module.ts";
import type { DrawnPart } from "../engine/layout/chart.ts";
import { FONTS } from "../engine/fonts.ts";
import { resolveOptions } from "../engine/options.ts";
import type { ChartTree } from "../engine/tree/schema.ts";
import { decodeSourceBytes } from "../engine/source-bytes.ts";
import { PAGE_PART_HEIGHT, PAGE_PART_WIDTH } from "../engine/geometry/style.ts";
import { LEAST_FILL } from "../engine/layout/sheets.ts";
import { carefulKey, carefulSheets, measureDocument, type DocumentFit } from "./document-fit.ts";
import { NO_TEARS, tearsOf, wholeRoom, type Tears } from "../engine/layout/fit/torn.ts";

/** Geometry rounding and stroke overhang: a part this much over the page still fits. */
const SLACK = 0.5;

export interface ChartFit {
  file: string;
  chart: string;
  /** Module a of the paged (split) layout. */
  module: number;
  /** Width and height of the chart as one sheet (svg/png without split, a = 20 mm). */
  sheet: Measured;
  /** Height of the chart unsplit at the module its paged layout chose. */
  unsplitHeight: number;
  /** Height of the chart unsplit at the smallest module the fit stage may choose. */
  smallestHeight: number;
  /** Widths and heights of the paged layout's parts. */
  parts: Measured[];
  /** Connector pairs of the paged layout: its distinct connector designations (one per outer–inner link, however many outers share it). */
  pairs: number;
  /** What its paged layout tears (fit/torn.ts). */
  tears: Tears;
}

/** A drawn sheet or part: its size. */
export interface Measured {
  w: number;
  h: number;
}

export interface FitSummary {
  charts: number;
  /** The sheet or a part wider than the page. */
  wide: ChartFit[];
  avoidable: ChartFit[];
  parts: number;
  ideal: number;
  overOne: ChartFit[];
  split: number;
  fills: number[];
  modules: Map<number, number>;
  /** Connector pairs of all charts, and of the split ones. */
  pairs: number;
  splitPairs: number;
  /** Torn constructs of all charts, and the charts tearing any. */
  tears: Tears;
  torn: ChartFit[];
}

const LANGUAGES = new Set<Lang>(SOURCE_LANGS);

/** Source files under `dir` (recursively) whose extension names a language, sorted. */
export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (langOf(path)) out.push(path);
  }
  return out;
}

function langOf(path: string): Lang | null {
  try {
    const lang = langFromFileName(path);
    return LANGUAGES.has(lang as Lang) ? (lang as Lang) : null;
  } catch {
    return null;
  }
}

const options = resolveOptions({});

async function treeOf(path: string): Promise<ChartTree> {
  const lang = langOf(path)!;
  const code = decodeSourceBytes(await Bun.file(path).bytes()).text; // corpus files come in every encoding students use
  return (await frontendFor(lang)!(code, options, bunAssets)).tree;
}

const sizerFor = sizersIn(FONTS.tinos);

/** Lays out every chart of `path` the ways the report compares (each chart at its own module). */
export async function measureFile(path: string): Promise<ChartFit[]> {
  return measureCharts(path, await treeOf(path));
}

/** The charts of `path` (measureFile) and its document as the paged formats lay it out (document-fit.ts). */
export async function measureProgram(path: string): Promise<{ charts: ChartFit[]; document: DocumentFit }> {
  const tree = await treeOf(path);
  const charts = measureCharts(path, tree);
  return { charts, document: measureDocument(path, tree, options, charts.reduce((n, c) => n + c.parts.length, 0)) };
}

function measureCharts(path: string, tree: ChartTree): ChartFit[] {
  return tree.map((fn) => {
    const sheetFit = fitChart(fn, options, false, "s", sizerFor);
    const sheet = sheetFit.parts[0]!.box;
    const paged = fitChart(fn, options, true, "p", sizerFor);
    return {
      file: path,
      chart: fn.name || "(main)",
      module: paged.module.a,
      sheet: { w: sheet.w, h: sheet.h },
      unsplitHeight: unsplitAt(fn, options, sizerFor, paged.module).h,
      smallestHeight: unsplitAt(fn, options, sizerFor, SMALLEST).h,
      parts: paged.parts.map((p) => ({ w: p.box.w, h: p.box.h })),
      pairs: connectorPairs(paged.parts.map((p) => p.drawn)),
      tears: tearsOf(paged.parts.map((p) => p.plans), paged.module.gap, wholeRoom(paged.module.gap, paged.module.connector)),
    };
  });
}

/** Distinct designations of the connector symbols of a chart's parts (goto labels included: they are pairs too). */
function connectorPairs(parts: readonly DrawnPart[]): number {
  const designations = new Set<string>();
  for (const part of parts) for (const sh of part.shapes) if (sh.kind === "connector") designations.add(sh.text.join(""));
  return designations.size;
}

export function summarize(fits: readonly ChartFit[]): FitSummary {
  const pagesFor = (h: number): number => Math.max(1, Math.ceil((h - SLACK) / PAGE_PART_HEIGHT));
  const modules = new Map<number, number>();
  const fills: number[] = [];
  let parts = 0;
  let ideal = 0;
  let split = 0;
  let pairs = 0;
  let splitPairs = 0;
  const tears = { ...NO_TEARS };
  for (const f of fits) {
    for (const key of TEAR_KINDS) tears[key] += f.tears[key];
    pairs += f.pairs;
    modules.set(f.module, (modules.get(f.module) ?? 0) + 1);
    parts += f.parts.length;
    ideal += pagesFor(f.unsplitHeight);
    if (f.parts.length > 1) {
      split++;
      splitPairs += f.pairs;
      for (const p of f.parts) fills.push(p.h / PAGE_PART_HEIGHT);
    }
  }
  return {
    charts: fits.length,
    wide: fits.filter(tooWide),
    avoidable: fits.filter((f) => f.parts.length > 1 && f.smallestHeight <= PAGE_PART_HEIGHT + SLACK),
    parts,
    ideal,
    overOne: fits.filter((f) => f.parts.length > pagesFor(f.unsplitHeight) + 1),
    split,
    fills: fills.sort((a, b) => a - b),
    modules,
    pairs,
    splitPairs,
    tears,
    torn: fits.filter((f) => TEAR_KINDS.some((key) => f.tears[key] > 0)),
  };
}

const TEAR_KINDS = Object.keys(NO_TEARS) as (keyof Tears)[];

/** The sheet or a part is wider than the page. */
function tooWide(f: ChartFit): boolean {
  const over = (m: Measured): boolean => m.w > PAGE_PART_WIDTH + SLACK;
  return over(f.sheet) || f.parts.some(over);
}

const mm = (n: number): string => n.toFixed(0);
const pct = (n: number): string => `${(n * 100).toFixed(0)} %`;

function median(sorted: readonly number[]): number {
  if (sorted.length === 0) return NaN;
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function report(fits: readonly ChartFit[], list: boolean): string {
  const s = summarize(fits);
  const out: string[] = [];
  if (list) {
    out.push("file · chart · a · sheet w×h · unsplit h at a · parts (w×h) · connector pairs");
    for (const f of fits) {
      const parts = f.parts.map((p) => `${mm(p.w)}×${mm(p.h)}`).join(" ");
      out.push(`${f.file} · ${f.chart} · ${f.module} · ${mm(f.sheet.w)}×${mm(f.sheet.h)} · ${mm(f.unsplitHeight)} · ${parts} · ${f.pairs}`);
    }
    out.push("");
  }
  out.push(`charts: ${s.charts} (split: ${s.split})`);
  out.push(`wider than ${PAGE_PART_WIDTH} mm: ${s.wide.length}`);
  for (const f of s.wide) out.push(`  ${f.file} ${f.chart}: sheet ${mm(f.sheet.w)} mm, parts ${f.parts.map((p) => mm(p.w)).join("/")} mm`);
  out.push(`split although one page would do: ${s.avoidable.length}`);
  for (const f of s.avoidable) out.push(`  ${f.file} ${f.chart}: ${f.parts.length} parts, ${mm(f.smallestHeight)} mm at the smallest module`);
  out.push(`parts: ${s.parts}, ideal Σ⌈h/${PAGE_PART_HEIGHT}⌉: ${s.ideal} (+${pct(s.parts / s.ideal - 1)})`);
  out.push(`charts more than one part above their own ⌈h/${PAGE_PART_HEIGHT}⌉: ${s.overOne.length}`);
  for (const f of s.overOne) out.push(`  ${f.file} ${f.chart}: ${f.parts.length} parts, ${mm(f.unsplitHeight)} mm`);
  out.push(`page fill of split charts: median ${pct(median(s.fills))}, worst ${pct(s.fills[0] ?? NaN)} (${s.fills.length} pages)`);
  out.push(`connector pairs: ${s.pairs} (in split charts: ${s.splitPairs})`);
  const t = s.tears;
  out.push(`torn: if/else ${t.ifElse}, switches ${t.switches}, loops ${t.loops}, decisions cut from their branch ${t.decisions}, parts of connectors only ${t.connectorParts}`);
  for (const f of s.torn) out.push(`  ${f.file} ${f.chart}: ${TEAR_KINDS.filter((key) => f.tears[key] > 0).map((key) => `${key} ${f.tears[key]}`).join(", ")}`);
  out.push(`module a: ${[...s.modules].sort((a, b) => b[0] - a[0]).map(([a, n]) => `${a} mm × ${n}`).join(", ")}`);
  return out.join("\n");
}

export interface DocumentSummary {
  files: number;
  before: number;
  sheets: number;
  /** Σ careful sheets and Σ sheets over the files the careful judgement covers (null: no judgement). */
  careful: { files: number; careful: number; sheets: number } | null;
  /** Fills of the sheets before each document's last, sorted. */
  fills: number[];
  /** Sheets before a document's last under 40 % full; `forced`: the rules force it to end there (document-fit.ts endsForced). */
  underfull: { file: string; sheet: number; fill: number; forced: boolean }[];
  /** Of those, the ones the rules do not force: what the layout could avoid. */
  avoidableUnderfull: number;
  /** Sheets holding more than one figure, and the figures on them. */
  sharedSheets: number;
  sharedFigures: number;
  /** Torn constructs of all documents (fit/torn.ts). */
  tears: Tears;
  laidUnder: number;
  /** Connector pairs and case tears of all documents (document-fit.ts), and the documents with case tears. */
  pairs: number;
  caseTears: number;
  tornMenus: DocumentFit[];
  bracketBreaks: number;
}

/** Sheets before a document's last under this fill are reported (issue 21). */
export { LEAST_FILL };

export function summarizeDocuments(docs: readonly DocumentFit[], careful: Map<string, number> | null): DocumentSummary {
  const judged = careful ? docs.filter((d) => careful.has(carefulKey(d.file))) : [];
  const fills: number[] = [];
  const underfull: DocumentSummary["underfull"] = [];
  for (const d of docs) {
    d.fills.slice(0, -1).forEach((fill, i) => {
      fills.push(fill);
      if (fill < LEAST_FILL) underfull.push({ file: d.file, sheet: i + 1, fill, forced: d.forced[i]! });
    });
  }
  const sum = (f: (d: DocumentFit) => number, over = docs): number => over.reduce((n, d) => n + f(d), 0);
  return {
    files: docs.length,
    before: sum((d) => d.before),
    sheets: sum((d) => d.sheets),
    careful: careful ? { files: judged.length, careful: sum((d) => careful.get(carefulKey(d.file))!, judged), sheets: sum((d) => d.sheets, judged) } : null,
    fills: fills.sort((a, b) => a - b),
    underfull,
    avoidableUnderfull: underfull.filter((u) => !u.forced).length,
    sharedSheets: sum((d) => d.figures.filter((n) => n > 1).length),
    sharedFigures: sum((d) => d.figures.filter((n) => n > 1).reduce((a, b) => a + b, 0)),
    tears: docs.reduce((t, d) => {
      for (const key of TEAR_KINDS) t[key] += d.tears[key];
      return t;
    }, { ...NO_TEARS }),
    laidUnder: sum((d) => d.laidUnder),
    pairs: sum((d) => d.pairs),
    caseTears: sum((d) => d.caseTears),
    tornMenus: docs.filter((d) => d.caseTears > 0),
    bracketBreaks: sum((d) => d.bracketBreaks),
  };
}

function documentReport(docs: readonly DocumentFit[], careful: Map<string, number> | null, list: boolean): string {
  const s = summarizeDocuments(docs, careful);
  const out: string[] = [];
  const judged = (d: DocumentFit): string => (careful?.has(carefulKey(d.file)) ? ` · careful ${careful.get(carefulKey(d.file))}` : "");
  if (list) {
    out.push("file · a · sheets (before) · fill of each sheet · figures per sheet · torn switch/if · laid under · connector pairs · case tears · bracket breaks");
    for (const d of docs) {
      out.push(`${d.file} · ${d.modules[0] ?? "-"} · ${d.sheets} (${d.before})${judged(d)} · ${d.fills.map(pct).join(" ")} · ${d.figures.join(" ")} · ${d.tears.switches}/${d.tears.ifElse} · ${d.laidUnder} · ${d.pairs} · ${d.caseTears} · ${d.bracketBreaks}`);
    }
    out.push("");
  }
  out.push(`documents: ${s.files}, sheets: ${s.sheets} (one figure per sheet before: ${s.before}, ${pct(s.sheets / s.before - 1)})`);
  if (s.careful) out.push(`careful judgement (${s.careful.files} files): ${s.careful.careful} sheets, ours ${s.careful.sheets} (${pct(s.careful.sheets / s.careful.careful - 1)})`);
  else out.push("careful judgement: test/corpus/careful-sheets.json not present");
  out.push(`fill of sheets before a document's last: median ${pct(median(s.fills))}, worst ${pct(s.fills[0] ?? NaN)} (${s.fills.length} sheets)`);
  out.push(`sheets before the last under ${pct(LEAST_FILL)} full: ${s.underfull.length}; avoidable (not forced by the rules): ${s.avoidableUnderfull}`);
  for (const u of s.underfull) {
    out.push(`  ${u.file} sheet ${u.sheet}: ${pct(u.fill)}${u.forced ? " (forced: the next figure, a whole chart, does not fit the rest)" : " (avoidable)"}`);
  }
  out.push(`sheets shared by several figures: ${s.sharedSheets} (${s.sharedFigures} figures)`);
  out.push(`torn constructs (fit/torn.ts): ${TEAR_KINDS.map((key) => `${key} ${s.tears[key]}`).join(", ")}; branches laid under their decision on one sheet: ${s.laidUnder}`);
  out.push(`connector pairs: ${s.pairs}; cases whose body is away from their label (a label on a line into a connector): ${s.caseTears}`);
  for (const d of s.tornMenus) out.push(`  ${d.file}: ${d.caseTears} of ${d.pairs} pairs`);
  out.push(`bracket breaks in texts: ${s.bracketBreaks}`);
  const worst = [...docs].sort((a, b) => b.sheets - a.sheets || Math.min(...a.fills.slice(0, -1), 1) - Math.min(...b.fills.slice(0, -1), 1)).slice(0, 10);
  out.push("most sheets:");
  for (const d of worst) out.push(`  ${d.file}: ${d.sheets} sheets (${d.before} before)${judged(d)}, fills ${d.fills.map(pct).join(" ")}`);
  return out.join("\n");
}

if (import.meta.main) {
  const args = Bun.argv.slice(2);
  const list = args.includes("--list");
  const folders = args.filter((a) => !a.startsWith("--"));
  const carefulFile = args.find((a) => a.startsWith("--careful="))?.slice("--careful=".length);
  const files = (folders.length > 0 ? folders : ["test/corpus", "examples"]).flatMap(sourceFiles);
  const fits: ChartFit[] = [];
  const docs: DocumentFit[] = [];
  for (const file of files) {
    const { charts, document } = await measureProgram(file);
    fits.push(...charts);
    docs.push(document);
  }
  console.log(report(fits, list));
  console.log("");
  console.log(documentReport(docs, await carefulSheets(carefulFile), list));
}

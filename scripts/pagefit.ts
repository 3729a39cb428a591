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
 *     part, decisions cut from their branch, parts made only of connectors.
 *   bun scripts/pagefit.ts [folder ...] [--list]     (npm run pagefit)
 * The measuring functions are exported for test/page-fit.test.ts.
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { frontendFor, langFromFileName, type Lang } from "../engine/index.ts";
import { bunAssets } from "../hosts/bun.ts";
import { fitChart, sizersIn, unsplitAt } from "../engine/layout/fit/fit-chart.ts";
import { SMALLEST } from "../engine/layout/module.ts";
import type { DrawnPart } from "../engine/layout/chart.ts";
import { FONTS } from "../engine/fonts.ts";
import { resolveOptions } from "../engine/options.ts";
import type { ChartTree } from "../engine/tree/schema.ts";
import { decodeSourceBytes } from "../engine/source-bytes.ts";
import { PAGE_PART_HEIGHT, PAGE_PART_WIDTH } from "../engine/geometry/style.ts";
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

const LANGUAGES = new Set<Lang>(["python", "c", "cpp", "java", "csharp", "pascal"]);

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

/** Lays out every chart of `path` the ways the report compares (as the engine's layoutCharts does). */
export async function measureFile(path: string): Promise<ChartFit[]> {
  const tree = await treeOf(path);
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

if (import.meta.main) {
  const args = Bun.argv.slice(2);
  const list = args.includes("--list");
  const folders = args.filter((a) => !a.startsWith("--"));
  const files = (folders.length > 0 ? folders : ["test/corpus", "examples"]).flatMap(sourceFiles);
  const fits: ChartFit[] = [];
  for (const file of files) fits.push(...(await measureFile(file)));
  console.log(report(fits, list));
}

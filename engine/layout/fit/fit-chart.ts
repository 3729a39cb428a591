/**
 * The fit stage (issue 12), between planning and drawing: it decides how a function's chart sits on
 * the A4 sheet — the module a (choose-module.ts), which decisions are folded to keep within the
 * page width (fold-wide.ts), which constructs are laid out flat and where the chart is cut into
 * pages (flatten.ts, cut-pages.ts) — by planning candidates (chart.ts) and measuring their plans;
 * only the chosen one is drawn. Every candidate is one linear planning pass and there are a bounded
 * number of them, so layout stays linear in the size of the chart.
 */
import type { ChartFunction } from "../../tree/schema.ts";
import type { ResolvedOptions } from "../../options.ts";
import type { Box } from "../../geometry/types.ts";
import { PAGE_PART_HEIGHT, PAGE_PART_WIDTH } from "../../geometry/style.ts";
import { drawChart, planChart, type ChartPlan, type DrawnPart } from "../chart.ts";
import { NO_FOLD, type Folds, type Plan } from "../plan.ts";
import type { Module } from "../module.ts";
import { Sizer, type SizedTexts, type Wrapper } from "../size.ts";
import type { FontChoice } from "../../fonts.ts";
import { chooseModule } from "./choose-module.ts";
import { cutAs, cutPages, FLATTEN_TALLER, partWidths, type PagePlanning } from "./cut-pages.ts";
import { foldToWidth, type FoldStage } from "./fold-wide.ts";

export interface FittedChart {
  /** Each part drawn, its bounds, and the top-level plans it holds (what fit/torn.ts measures). */
  parts: { drawn: DrawnPart; box: Box; plans: readonly Plan[] }[];
  module: Module;
}

/** A planned candidate: the chart's plan, the groups of top-level plans its parts hold, their connector pairs and heights (cut-pages.ts). */
interface Candidate {
  plan: ChartPlan;
  groups: Plan[][];
  pairs: number;
  /** Constructs its cut tears (cut-pages.ts Cut.torn). */
  torn: number;
  heights: number[];
  widest: number;
  /** How it was planned for pages; null: planned as one part. */
  planning: PagePlanning | null;
  sizer: Sizer;
  fold: Folds;
}

/**
 * How a chart is laid out: as one sheet (false) or for pages, its first part no taller than
 * `firstPart` when given (a chart starting on the rest of a sheet, fit-document.ts).
 */
type Paged = false | { firstPart?: number };

/** The sizer of a module, with texts wrapped to the narrowest symbols or not (size.ts). */
export type SizerFor = (m: Module, narrow?: boolean) => Sizer;

/**
 * One Sizer per module and narrowness in `font`, made on first use: its measurements are kept for
 * every chart, and shared by the modules of one symbol height a (sizes do not depend on gaps); the
 * lexed texts by all of them.
 */
export function sizersIn(font: FontChoice): SizerFor {
  const sizers = new Map<string, Sizer>();
  const sized = new Map<string, SizedTexts>();
  const lexed = new Map<string, Wrapper>();
  return (m, narrow = false) => {
    const key = `${m.a}/${m.gap}/${m.lanePitch}/${narrow}`;
    let sizer = sizers.get(key);
    if (!sizer) {
      const shared = `${m.a}/${narrow}`;
      let texts = sized.get(shared);
      if (!texts) sized.set(shared, (texts = new Map()));
      sizers.set(key, (sizer = new Sizer(font, m, narrow, texts, lexed)));
    }
    return sizer;
  };
}

/**
 * Lays out one function. `paged`: the output has pages (docx, pdf, typst, or split on request), so
 * a chart taller than the usable page is cut into parts and may take a smaller module first.
 * `module`: the document's module (fit-document.ts) instead of the chart's own choice. `firstPart`
 * (with `paged` and `module`): the most the first part of a chart cut into parts may take.
 */
export function fitChart(
  fn: ChartFunction, options: ResolvedOptions, paged: boolean, prefix: string, sizerFor: SizerFor, module?: Module, firstPart?: number,
): FittedChart {
  const pages: Paged = paged && (firstPart === undefined ? {} : { firstPart });
  // The chart planned as one sheet at each module, unfolded: the first plan of each candidate and the
  // bound on the parts it can need (choose-module.ts), planned once.
  const sheets = new Map<Module, ChartPlan>();
  const sheetAt = (m: Module): ChartPlan => {
    let chart = sheets.get(m);
    if (!chart) sheets.set(m, (chart = planChart(fn, options, sizerFor(m), m.connector)));
    return chart;
  };
  const leastParts = (m: Module): number => Math.ceil(sheetAt(m).height / PAGE_PART_HEIGHT);
  const layoutAt = (m: Module): Candidate => planFitting(fn, options, pages, sizerFor, m, PAGE_PART_WIDTH, sheetAt(m));
  const choice = module
    ? { module, result: layoutAt(module) }
    : chooseModule(paged, layoutAt, (c) => c.groups.length, leastParts, (c) => c.planning?.chainsAsSwitch === true || c.planning?.casesAfterRows === true);
  let { result } = choice;
  // A plan's extents leave out a few drawn details (lanes of the tail, label overhangs): when the
  // drawing comes out wider than the page, the chart is fitted again, at its module, to a width that
  // much smaller.
  let target = PAGE_PART_WIDTH;
  for (let attempt = 0; ; attempt++) {
    const parts = draw(fn, options, pages, prefix, result);
    const over = Math.max(...parts.map((p) => p.box.w)) - PAGE_PART_WIDTH;
    // Only a plan that believed it fits is worth fitting again.
    if (over <= 0 || attempt === REFITS || widthAgainst(target, result) > target) return { parts, module: choice.module };
    target -= over;
    result = planFitting(fn, options, pages, sizerFor, choice.module, target, sheetAt(choice.module));
  }
}

/** How often a chart drawn wider than the page is fitted again. */
const REFITS = 2;

/** The chart drawn as one part at module `m`, fitted to the page width (for the page-fit report). */
export function unsplitAt(fn: ChartFunction, options: ResolvedOptions, sizerFor: SizerFor, m: Module): Box {
  return draw(fn, options, false, "u", planFitting(fn, options, false, sizerFor, m, PAGE_PART_WIDTH))[0]!.box;
}

/**
 * The candidate of module `m`, fitted to the page width in the order of fold-wide.ts: cascades and
 * switch rows; then texts wrapped to the narrowest symbols (T5), kept when that is narrower; only
 * then connector pairs.
 */
function planFitting(
  fn: ChartFunction, options: ResolvedOptions, paged: Paged, sizerFor: SizerFor, m: Module, target: number,
  unsplit = planChart(fn, options, sizerFor(m), m.connector),
): Candidate {
  const first = planFolded(fn, options, paged, sizerFor(m), m.connector, NO_FOLD, "quick", { unsplit });
  const shaped = plan(fn, options, paged, sizerFor(m), m.connector, target, ["shape"], NO_FOLD, first);
  const width = (c: Candidate): number => widthAgainst(target, c);
  if (width(shaped.candidate) <= target) return shaped.candidate;
  // Narrower texts are searched further only when they make the folded chart narrower at all.
  const narrowSizer = sizerFor(m, true);
  const narrowFirst = planFolded(fn, options, paged, narrowSizer, m.connector, shaped.fold, "quick", {});
  const narrow = width(narrowFirst) < width(shaped.candidate)
    ? plan(fn, options, paged, narrowSizer, m.connector, target, ["shape"], shaped.fold, narrowFirst)
    : shaped;
  const best = width(narrow.candidate) < width(shaped.candidate) ? narrow : shaped;
  if (width(best.candidate) <= target) return best.candidate;
  return plan(fn, options, paged, best.candidate.sizer, m.connector, target, ["connectors"], best.fold).candidate;
}

/**
 * Connector designations are given while drawing, in order of appearance (P2), and a long chart's
 * later ones (А1, Щ12 …) may not fit the module's circle: the chart is then planned and drawn again
 * with all its designation circles that much larger, so every connector of the chart has one size
 * and the plan's heights hold.
 */
function draw(fn: ChartFunction, options: ResolvedOptions, paged: Paged, prefix: string, planned: Candidate): FittedChart["parts"] {
  let candidate = planned;
  for (;;) {
    const { drawn, needed } = drawChart(fn, candidate.plan, candidate.groups, options, prefix, candidate.sizer);
    if (needed <= candidate.plan.connector) return drawn.map((d, k) => ({ drawn: d, box: partBounds(d), plans: candidate.groups[k] ?? [] }));
    // Cut into pages: planned again the way it was chosen, with the larger circles, and cut once.
    const { planning, sizer, fold } = candidate;
    candidate = planning
      ? { ...cutAs((p) => planChart(fn, options, sizer, needed, { forPages: true, ...p, fold }), planning), sizer, fold }
      : planFolded(fn, options, paged, sizer, needed, fold, "thorough", {});
  }
}

/**
 * Plans a candidate folded (fold-wide.ts) to `target` — as a whole or, cut into pages, in every part.
 * `first`: the quick cut of the `initial` folds when the caller has planned it already.
 */
function plan(
  fn: ChartFunction, options: ResolvedOptions, paged: Paged, sizer: Sizer, connector: number, target: number,
  stages: readonly FoldStage[], initial: Folds, first?: Candidate,
): { candidate: Candidate; fold: Folds } {
  // The folds are searched with quick cuts; the chosen folds are then cut every way cut-pages.ts
  // tries, starting from their quick cut. Folding makes a chart taller, never shorter: once it is
  // too tall for a page, every further pass is planned for pages straight away.
  let tall = first !== undefined && first.groups.length > 1;
  const quick = (f: Folds): Candidate => {
    const candidate = planFolded(fn, options, paged, sizer, connector, f, "quick", { tall });
    tall = candidate.groups.length > 1;
    return candidate;
  };
  const width = (c: Candidate): number => widthAgainst(target, c);
  const { result, fold } = foldToWidth(quick, width, (c) => c.plan.body.items, { target, stages, initial, first });
  if (result.groups.length <= 1) return { candidate: result, fold };
  // Other cuts group the plans differently: one whose parts go further over the target than the
  // quick cut's is not taken.
  const thorough = planFolded(fn, options, paged, sizer, connector, fold, "thorough", { tall: true, quick: result });
  return { candidate: width(thorough) <= Math.max(target, width(result)) ? thorough : result, fold };
}

/**
 * How a candidate too tall for a page is cut (cut-pages.ts): `quick` — one plan (only what cannot
 * fit a part laid out flat) cut as it comes, enough to measure its width while folds are searched;
 * `thorough` — every way cut-pages.ts tries, the fewest parts and then connector pairs winning.
 */
type Cutting = "quick" | "thorough";

/** What the caller of planFolded knows already. */
interface Known {
  /** The candidate is too tall for a page: it is planned for pages straight away. */
  tall?: boolean;
  /** Its quick cut. */
  quick?: Candidate;
  /** Its plan as one sheet. */
  unsplit?: ChartPlan;
}

/** A candidate with the given folds: planned, and cut into pages when paged and too tall. */
function planFolded(
  fn: ChartFunction, options: ResolvedOptions, paged: Paged, sizer: Sizer, connector: number, fold: Folds, cutting: Cutting,
  { tall = false, quick, unsplit }: Known,
): Candidate {
  let height = quick?.plan.height;
  let sheet: number | undefined; // the chart's height drawn as one sheet with these folds
  if (!tall) {
    const chart = unsplit ?? planChart(fn, options, sizer, connector, { fold });
    if (!paged || chart.height <= PAGE_PART_HEIGHT) {
      const groups = [chart.body.items];
      return { plan: chart, groups, pairs: 0, torn: 0, heights: [chart.height], widest: Math.max(...partWidths(chart, groups)), planning: null, sizer, fold };
    }
    height = sheet = chart.height;
  }
  const planFor = (planning: PagePlanning): ChartPlan => planChart(fn, options, sizer, connector, { forPages: true, ...planning, fold });
  // The unsplit height, or (planned for pages straight away) the quick cut's, which is at least it.
  const ideal = cutting === "quick" ? Infinity : Math.ceil((height ?? Infinity) / PAGE_PART_HEIGHT);
  const first = quick?.planning ? { ...quick, planning: quick.planning } : undefined;
  // The pages the chart drawn as one sheet with these folds fills: a menu's cut more than one part
  // over them is searched further (issue 12); the quick cut's plan, laid flat for pages, is taller.
  const least = (): number => Math.min(ideal, Math.ceil((sheet ?? planChart(fn, options, sizer, connector, { fold }).height) / PAGE_PART_HEIGHT));
  const thresholds = cutting === "quick" ? FLATTEN_TALLER.slice(0, 1) : FLATTEN_TALLER;
  return { ...cutPages(planFor, { ideal, least }, thresholds, first, paged === false ? undefined : paged.firstPart), sizer, fold };
}

/**
 * How wide a candidate is against `target`: its widest part when every part is within the target;
 * else the target plus how far its parts go over it together — so a fold that narrows one part too
 * wide counts even while another (a symbol with a comment wider than the page) stays the widest.
 */
function widthAgainst(target: number, candidate: Candidate): number {
  const widths = partWidths(candidate.plan, candidate.groups);
  const over = widths.reduce((sum, w) => sum + Math.max(0, w - target), 0);
  return over > 0 ? target + over : Math.max(...widths);
}

/** The bounding box of a drawn part: its shapes, lines and labels. */
function partBounds(part: DrawnPart): Box {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  const add = (x: number, y: number, w = 0, h = 0): void => {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x + w);
    maxY = Math.max(maxY, y + h);
  };
  for (const s of part.shapes) add(s.x, s.y, s.w, s.h);
  for (const e of part.edges) {
    for (const p of e.points) add(p.x, p.y);
    if (e.labelBox) add(e.labelBox.x, e.labelBox.y, e.labelBox.w, e.labelBox.h);
  }
  return { x: minX, y: minY, w: maxX - minX, h: maxY - minY };
}

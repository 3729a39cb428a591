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
import { LANE_CLEARANCE, PAGE_PART_HEIGHT, PAGE_PART_WIDTH } from "../../geometry/style.ts";
import { drawChart, planChart, type ChartPlan, type DrawnPart } from "../chart.ts";
import type { Folds, Plan } from "../plan.ts";
import type { Module } from "../module.ts";
import { Sizer } from "../size.ts";
import type { FontChoice } from "../../fonts.ts";
import { chooseModule } from "./choose-module.ts";
import { cutPages, FLATTEN_TALLER } from "./cut-pages.ts";
import { foldToWidth, type FoldStage } from "./fold-wide.ts";

export interface FittedChart {
  parts: { drawn: DrawnPart; box: Box }[];
  module: Module;
}

/** A planned candidate: the chart's plan and the groups of top-level plans its parts hold. */
interface Candidate {
  plan: ChartPlan;
  groups: Plan[][];
  sizer: Sizer;
  fold: Folds;
}

/** The sizer of a module, with texts wrapped to the narrowest symbols or not (size.ts). */
export type SizerFor = (m: Module, narrow?: boolean) => Sizer;

/** One Sizer per module and narrowness in `font`, made on first use: its measurements are kept for every chart. */
export function sizersIn(font: FontChoice): SizerFor {
  const sizers = new Map<string, Sizer>();
  return (m, narrow = false) => {
    const key = `${m.a}/${m.gap}/${narrow}`;
    let sizer = sizers.get(key);
    if (!sizer) sizers.set(key, (sizer = new Sizer(font, m, narrow)));
    return sizer;
  };
}

/**
 * Lays out one function. `paged`: the output has pages (docx, pdf, typst, or split on request), so
 * a chart taller than the usable page is cut into parts and may take a smaller module first.
 */
export function fitChart(
  fn: ChartFunction, options: ResolvedOptions, paged: boolean, prefix: string, sizerFor: SizerFor,
): FittedChart {
  // A plan's extents leave out a few drawn details (lanes of the tail, label overhangs): when the
  // drawing comes out wider than the page, the chart is fitted again to a width that much smaller.
  let target = PAGE_PART_WIDTH;
  for (let attempt = 0; ; attempt++) {
    const { module, result } = chooseModule(paged, (m) => planFitting(fn, options, paged, sizerFor, m, target), (c) => c.groups.length);
    const parts = draw(fn, options, paged, prefix, result);
    const over = Math.max(...parts.map((p) => p.box.w)) - PAGE_PART_WIDTH;
    // Only a plan that believed it fits is worth fitting again.
    if (over <= 0 || attempt === REFITS || planWidth(result.plan) > target) return { parts, module };
    target -= over;
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
function planFitting(fn: ChartFunction, options: ResolvedOptions, paged: boolean, sizerFor: SizerFor, m: Module, target: number): Candidate {
  const shaped = plan(fn, options, paged, sizerFor(m), m.connector, target, ["shape"], new Map());
  if (planWidth(shaped.candidate.plan) <= target) return shaped.candidate;
  // Narrower texts are searched further only when they make the folded chart narrower at all.
  const narrowSizer = sizerFor(m, true);
  const narrowFirst = planFolded(fn, options, paged, narrowSizer, m.connector, shaped.fold, FLATTEN_TALLER.slice(0, 1));
  const narrow = planWidth(narrowFirst.plan) < planWidth(shaped.candidate.plan)
    ? plan(fn, options, paged, narrowSizer, m.connector, target, ["shape"], shaped.fold, narrowFirst)
    : shaped;
  const best = planWidth(narrow.candidate.plan) < planWidth(shaped.candidate.plan) ? narrow : shaped;
  if (planWidth(best.candidate.plan) <= target) return best.candidate;
  return plan(fn, options, paged, best.candidate.sizer, m.connector, target, ["connectors"], best.fold).candidate;
}

/**
 * Connector designations are given while drawing, in order of appearance (P2), and a long chart's
 * later ones (А1, Щ12 …) may not fit the module's circle: the chart is then planned and drawn again
 * with all its designation circles that much larger, so every connector of the chart has one size
 * and the plan's heights hold.
 */
function draw(fn: ChartFunction, options: ResolvedOptions, paged: boolean, prefix: string, planned: Candidate): { drawn: DrawnPart; box: Box }[] {
  let candidate = planned;
  for (;;) {
    const { drawn, needed } = drawChart(fn, candidate.plan, candidate.groups, options, prefix, candidate.sizer);
    if (needed <= candidate.plan.connector) return drawn.map((d) => ({ drawn: d, box: partBounds(d) }));
    candidate = planFolded(fn, options, paged, candidate.sizer, needed, candidate.fold, FLATTEN_TALLER);
  }
}

/**
 * Plans a candidate folded (fold-wide.ts) to `target` — as a whole or, cut into pages, in every part.
 * `first`: the quick cut of the `initial` folds when the caller has planned it already.
 */
function plan(
  fn: ChartFunction, options: ResolvedOptions, paged: boolean, sizer: Sizer, connector: number, target: number,
  stages: readonly FoldStage[], initial: Folds, first?: Candidate,
): { candidate: Candidate; fold: Folds } {
  // The folds are searched with one way of cutting (only what cannot fit a part laid out flat);
  // the chosen folds are then cut every way cut-pages.ts tries.
  // Folding makes a chart taller, never shorter: once it is too tall for a page, every further
  // pass is planned for pages straight away.
  let tall = first !== undefined && first.groups.length > 1;
  const quick = (f: Folds): Candidate => {
    if (tall) return { ...cutPages((flattenTaller) => planChart(fn, options, sizer, connector, { forPages: true, flattenTaller, fold: f }), 1, FLATTEN_TALLER.slice(0, 1)), sizer, fold: f };
    const candidate = planFolded(fn, options, paged, sizer, connector, f, FLATTEN_TALLER.slice(0, 1));
    tall = candidate.groups.length > 1;
    return candidate;
  };
  const { result, fold } = foldToWidth(quick, (c) => planWidth(c.plan), (c) => c.plan.body.items, { target, stages, initial, first });
  if (result.groups.length <= 1) return { candidate: result, fold };
  // Cut the other ways too; the quick cut stands unless one of them needs fewer parts.
  const others = planFolded(fn, options, paged, sizer, connector, fold, FLATTEN_TALLER.slice(1));
  return { candidate: others.groups.length < result.groups.length ? others : result, fold };
}

/** A candidate with the given folds: planned, and cut into pages when paged and too tall. */
function planFolded(
  fn: ChartFunction, options: ResolvedOptions, paged: boolean, sizer: Sizer, connector: number, fold: Folds, thresholds: readonly number[],
): Candidate {
  const chart = planChart(fn, options, sizer, connector, { fold });
  if (!paged || chart.height <= PAGE_PART_HEIGHT) return { plan: chart, groups: [chart.body.items], sizer, fold };
  const ideal = Math.ceil(chart.height / PAGE_PART_HEIGHT);
  return { ...cutPages((flattenTaller) => planChart(fn, options, sizer, connector, { forPages: true, flattenTaller, fold }), ideal, thresholds), sizer, fold };
}

/** Width of a planned chart drawn as one part: the body around the spine, the terminators, the return lane. */
function planWidth(p: ChartPlan): number {
  const ends = Math.max(p.start.w, p.end.w) / 2;
  const lane = p.returns && p.returns.laneCount > 0 ? LANE_CLEARANCE : 0;
  return Math.max(p.body.left, ends) + Math.max(p.body.right, ends) + lane;
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

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
import type { Sizer } from "../size.ts";
import { chooseModule } from "./choose-module.ts";
import { cutPages } from "./cut-pages.ts";
import { foldToWidth } from "./fold-wide.ts";

export interface FittedChart {
  parts: { drawn: DrawnPart; box: Box }[];
  module: Module;
}

/** A planned candidate: the chart's plan and the groups of top-level plans its parts hold. */
interface Candidate {
  plan: ChartPlan;
  groups: Plan[][];
  sizer: Sizer;
}

/** The sizer of a module, with texts wrapped to the narrowest symbols or not (size.ts). */
export type SizerFor = (m: Module, narrow?: boolean) => Sizer;

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
    if (over <= 0 || attempt === REFITS) return { parts, module };
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
 * The candidate of module `m`: folded to the page width; when folding is not enough, planned again
 * with texts wrapped to the narrowest symbols (T5) and the narrower one kept.
 */
function planFitting(fn: ChartFunction, options: ResolvedOptions, paged: boolean, sizerFor: SizerFor, m: Module, target: number): Candidate {
  const normal = plan(fn, options, paged, sizerFor(m), m.connector, target);
  if (planWidth(normal.plan) <= target) return normal;
  const narrow = plan(fn, options, paged, sizerFor(m, true), m.connector, target);
  return planWidth(narrow.plan) < planWidth(normal.plan) ? narrow : normal;
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
    candidate = plan(fn, options, paged, candidate.sizer, needed, PAGE_PART_WIDTH);
  }
}

/** Plans a candidate folded to the page width (fold-wide.ts) — as a whole or, cut into pages, in every part. */
function plan(fn: ChartFunction, options: ResolvedOptions, paged: boolean, sizer: Sizer, connector: number, target: number): Candidate {
  return foldToWidth((fold) => planFolded(fn, options, paged, sizer, connector, fold), (c) => planWidth(c.plan), (c) => c.plan.body.items, target).result;
}

/** A candidate with the given folds: planned, and cut into pages when paged and too tall. */
function planFolded(fn: ChartFunction, options: ResolvedOptions, paged: boolean, sizer: Sizer, connector: number, fold: Folds): Candidate {
  const chart = planChart(fn, options, sizer, connector, { fold });
  if (!paged || chart.height <= PAGE_PART_HEIGHT) return { plan: chart, groups: [chart.body.items], sizer };
  const ideal = Math.ceil(chart.height / PAGE_PART_HEIGHT);
  return { ...cutPages((flattenTaller) => planChart(fn, options, sizer, connector, { forPages: true, flattenTaller, fold }), ideal), sizer };
}

/** Width of a planned chart drawn as one part: the body around the spine, the terminators, the return lane. */
function planWidth(p: ChartPlan): number {
  const ends = Math.max(p.start.w, p.end.w) / 2;
  const lane = p.returns && p.returns.laneCount > 0 ? LANE_CLEARANCE : 0;
  return Math.max(p.body.left, ends) + Math.max(p.body.right, ends) + lane;
}

/** The bounding box of a drawn part: its shapes, lines and labels. */
export function partBounds(part: DrawnPart): Box {
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

/**
 * One module for a whole document (issue 21; drawing-rules G3 across a report: teachers ask for
 * one block size in every figure). Without pages every chart keeps a = 20 mm anyway. On pages each
 * chart first chooses its own module (choose-module.ts: the largest one that needs its fewest
 * parts); the document then takes the most compact of those choices and draws every chart with it.
 * So no chart is split that its own choice kept on one page, and no chart gets a smaller module than
 * the document needs. Why not the module that minimises the sheets: a = 15 mm would then win almost
 * every document (smaller figures share sheets more often) although the figures' packing on sheets
 * (layout/sheets.ts) already saves most of them — and a = 20 mm is the standard's first choice.
 *
 * A chart split anyway (taller than a part) may start on the rest of the sheet the figures before it
 * leave (issue 21: a tall figure's parts fill their sheets): it is cut again with its first part no
 * taller than that room (its caption under it), and that cut is taken only where it is no worse — no
 * more torn constructs (torn.ts), a first part of at least LEAST_FIRST_PART — and the document's
 * sheets so far come out fewer, or as many with less of the last one used (so the figures after it
 * never need more sheets, sheets.ts placeNext). Its parts are no more than the plain cut's, or one
 * more (a connector pair more) only where that keeps a sheet from ending under LEAST_FILL and every
 * sheet it closes at least that full. At most FIRST_PART_CUTS extra cuts a chart: layout stays linear.
 */
import type { ChartTree } from "../../tree/schema.ts";
import type { ResolvedOptions } from "../../options.ts";
import type { FontSpec } from "../../geometry/types.ts";
import { CAPTION_FONT_SIZE, CAPTION_GAP, PAGE_PART_HEIGHT, STROKE } from "../../geometry/style.ts";
import type { FontChoice } from "../../fonts.ts";
import { captionText } from "../signature.ts";
import { captionHeight, captionLines, FIGURE_GAP, figureSize, fitsRest, LEAST_FILL, NO_SHEETS, placeNext, SHEET, type Filling } from "../sheets.ts";
import { MODULES, type Module } from "../module.ts";
import { fitChart, type FittedChart, type SizerFor } from "./fit-chart.ts";
import { tearsOf, wholeRoom } from "./torn.ts";

/** The most compact of the modules the charts chose (MODULES lists them from the largest). */
export function documentModule(chosen: readonly Module[]): Module {
  return chosen.reduce((most, m) => (MODULES.indexOf(m) > MODULES.indexOf(most) ? m : most), MODULES[0]!);
}

/** The captions under a document's figures (layout/index.ts draws them; the sheets' room counts them). */
export interface FigureCaptions {
  font: FontSpec;
  /** Chart i's caption, under the chart or its first part: «Рисунок 2 — Схема алгоритму …». */
  caption: (chart: number) => string;
  /** The caption under part `part` (≥ 1) of chart i: «Рисунок 2, аркуш 2». */
  continuation: (chart: number, part: number) => string;
}

/** The captions of the charts of `tree` in `font`. */
export function figureCaptions(tree: ChartTree, options: ResolvedOptions, font: FontChoice): FigureCaptions {
  return {
    font: { family: font.family, size: CAPTION_FONT_SIZE },
    caption: (i) => captionText(tree[i]!, options.figStart + i, options),
    continuation: (i, part) => `${options.texts.capWord} ${options.figStart + i}, ${options.texts.sheetWord} ${part + 1}`,
  };
}

/** The least room worth starting a split chart in, and the least first part taken: a quarter of a part. */
const LEAST_FIRST_PART = PAGE_PART_HEIGHT / 4;

/** How often a chart is cut again to start on the rest of a sheet (a second time when its drawn first part came out taller than planned). */
const FIRST_PART_CUTS = 2;

/** Fits every function of `tree` (chart i's ids prefixed `c{i+1}`) with one module when `paged`. */
export function fitDocument(
  tree: ChartTree, options: ResolvedOptions, paged: boolean, sizerFor: SizerFor, captions: FigureCaptions,
): FittedChart[] {
  const own = tree.map((fn, i) => fitChart(fn, options, paged, `c${i + 1}`, sizerFor));
  if (!paged || own.length === 0) return own;
  const shared = documentModule(own.map((f) => f.module));
  const fitted: FittedChart[] = [];
  let filling = NO_SHEETS;
  own.forEach((f, i) => {
    const plain = f.module === shared ? f : fitChart(tree[i]!, options, paged, `c${i + 1}`, sizerFor, shared);
    const chart = onTheRest(tree, i, plain, filling, options, sizerFor, captions) ?? plain;
    fitted.push(chart);
    filling = placeAll(filling, extents(chart, i, captions)).filling;
  });
  return fitted;
}

/** Chart i cut to start on the rest of the last sheet of `filling` (see the header), or null. */
function onTheRest(
  tree: ChartTree, i: number, plain: FittedChart, filling: Filling, options: ResolvedOptions, sizerFor: SizerFor, captions: FigureCaptions,
): FittedChart | null {
  if (plain.parts.length < 2 || fitsRest(filling, extents(plain, i, captions)[0]!)) return null;
  const captionLineCount = captionLines(captions.caption(i), null, captions.font).length;
  const below = CAPTION_GAP + captionHeight(captionLineCount, captions.font);
  // The drawing's room: the rest of the sheet less the gap above it, its caption and half a stroke around it.
  let room = SHEET.height - filling.used - FIGURE_GAP - below - STROKE;
  const plainPlaced = placeAll(filling, extents(plain, i, captions));
  const tornPlain = torn(plain);
  for (let attempt = 0; attempt < FIRST_PART_CUTS && room >= LEAST_FIRST_PART && room < PAGE_PART_HEIGHT; attempt++) {
    const cut = fitChart(tree[i]!, options, true, `c${i + 1}`, sizerFor, plain.module, room);
    const figures = extents(cut, i, captions);
    if (!fitsRest(filling, figures[0]!)) {
      // Drawn a little taller than planned (details a plan leaves out): once more, that much lower.
      room -= filling.used + FIGURE_GAP + figures[0]! - SHEET.height + 1e-3;
      continue;
    }
    if (cut.parts[0]!.box.h < LEAST_FIRST_PART || torn(cut) > tornPlain) return null;
    const placed = placeAll(filling, figures);
    const extra = cut.parts.length - plain.parts.length;
    if (extra <= 0) return fewer(placed.filling, plainPlaced.filling) ? cut : null;
    // One part more (one connector pair more) only where it keeps a sheet from ending under LEAST_FILL.
    const lifts = plainPlaced.least < LEAST_FILL && placed.least >= LEAST_FILL && !fewer(plainPlaced.filling, placed.filling);
    return extra === 1 && lifts ? cut : null;
  }
  return null;
}

/** `filling` with figures of `extents` placed next (placeNext), and the least fill of the sheets that closes (1: none). */
function placeAll(filling: Filling, extents: readonly number[]): { filling: Filling; least: number } {
  let least = 1;
  let at = filling;
  for (const extent of extents) {
    const next = placeNext(at, extent);
    if (next.sheets > at.sheets && at.sheets > 0) least = Math.min(least, at.used / SHEET.height);
    at = next;
  }
  return { filling: at, least };
}

/** The extents on paper of chart i's figures as layout/sheets.ts places them: the whole chart, or each part with its caption. */
function extents(chart: FittedChart, i: number, captions: FigureCaptions): number[] {
  return chart.parts.map(({ box }, k) => {
    const caption = k === 0 ? captions.caption(i) : captions.continuation(i, k);
    // The drawn region: the part's bounds and half a stroke around them (sheets.ts drawnRegion).
    const region = { w: box.w + STROKE, h: box.h + STROKE };
    return figureSize(region, STROKE, captionLines(caption, null, captions.font).length, captions.font).extent;
  });
}

/** The constructs a chart's cut tears, of every kind (torn.ts). */
function torn(chart: FittedChart): number {
  const { gap, connector } = chart.module;
  return Object.values(tearsOf(chart.parts.map((p) => p.plans), gap, wholeRoom(gap, connector))).reduce((sum, n) => sum + n, 0);
}

/** `a` leaves the figures after it better off than `b`: fewer sheets, or as many with less of the last one used. */
function fewer(a: Filling, b: Filling): boolean {
  return a.sheets < b.sheets || (a.sheets === b.sheets && a.used < b.used - 1e-6);
}

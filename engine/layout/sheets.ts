/**
 * A document laid out as a whole on A4 sheets (issue 21) — what the paged renderers (PDF, DOCX,
 * Typst) and the page-fit report share. The figures of a geometry follow one another down the usable area of 170 × 257 mm (drawing-rules P7): a figure — a chart,
 * or one part of a split chart — with its caption under it (ДСТУ 3008 style), FIGURE_GAP below the
 * one before; a figure that does not fit the rest of a sheet starts the next one (a chart split anyway
 * may have been cut so its first part fits that rest: fit/fit-document.ts). The first part of a chart is captioned with the chart's caption, a later part with its
 * continuation caption «Рисунок 2, аркуш 2» under it (Part.sheetCaption). The geometries of a
 * batch bundle are placed so one after another, each starting a sheet.
 *
 * With `pages` false (split not asked for) a figure is a whole chart, its parts side by side.
 * A figure larger than 170 × 230 mm is scaled down to fit, never up.
 */
import type { Box, ChartGeometry, FontSpec, Geometry, Part } from "../geometry/types.ts";
import { CAPTION_GAP, PAGE_PART_HEIGHT, PAGE_PART_WIDTH } from "../geometry/style.ts";
import { fontByFamily } from "../fonts.ts";
import { lineHeightMm, textWidthMm } from "../text/measure.ts";
import { wrapText } from "../text/wrap.ts";

/** The usable area of an A4 sheet (P7), mm. */
export const SHEET = { width: 170, height: 257 } as const;

/** Between a caption and the next figure on a sheet: P7's 5–10 mm, a blank line of the report's text. */
export const FIGURE_GAP = 10;

/** A sheet before a document's last filled less than this is nearly empty (issue 21: what the teacher deducts for). */
export const LEAST_FILL = 0.4;

export interface SheetFigure {
  geometry: Geometry;
  chart: ChartGeometry;
  /** The parts it draws: one part of a split chart, or every part of an unsplit one. */
  parts: Part[];
  /** Index of its first part in the chart (0: the chart's own caption; later: a continuation). */
  first: number;
  /** The drawn region in geometry mm (parts and everything drawn in them, half a stroke around). */
  region: Box;
  /** Scale from geometry mm to paper mm (≤ 1). */
  scale: number;
  /** The caption ("" for a continuation without one), its lines wrapped to the usable width, and its font. */
  captionText: string;
  caption: string[];
  captionFont: FontSpec;
  /** Top of the drawing on its sheet, mm below the top of the usable area. */
  top: number;
  /** Height of the drawing on paper, mm. */
  height: number;
  /** Drawing, caption gap and caption lines together, mm. */
  extent: number;
}

export interface Sheet {
  figures: SheetFigure[];
  /** How much of the usable height its figures and the gaps between them take, mm. */
  used: number;
}

/** The height of a caption of `lines` lines in `font`, mm. */
export function captionHeight(lines: number, font: FontSpec): number {
  return lines * lineHeightMm(font.size);
}

/** Caption lines that fit the usable width: the geometry's wrapping when it fits, else wrapped again. */
export function captionLines(text: string, lines: readonly string[] | null, font: FontSpec): string[] {
  const id = fontByFamily(font.family).id;
  if (lines && lines.every((l) => textWidthMm(l, font.size, id) <= SHEET.width)) return [...lines];
  return wrapText(text, SHEET.width, font.size, id);
}

function union(a: Box | null, b: Box): Box {
  if (!a) return { ...b };
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, w: Math.max(a.x + a.w, b.x + b.w) - x, h: Math.max(a.y + a.h, b.y + b.h) - y };
}

/** The parts' boxes joined with everything drawn in them, widened by half a stroke. */
export function drawnRegion(parts: readonly Part[], stroke: number): Box {
  let r: Box | null = null;
  for (const p of parts) {
    r = union(r, { x: p.x, y: p.y, w: p.width, h: p.height });
    for (const s of p.shapes) r = union(r, s);
    for (const e of p.edges) {
      for (const q of e.points) r = union(r, { x: q.x, y: q.y, w: 0, h: 0 });
      if (e.labelBox) r = union(r, e.labelBox);
    }
  }
  r ??= { x: 0, y: 0, w: 0, h: 0 };
  const m = stroke / 2;
  return { x: r.x - m, y: r.y - m, w: r.w + 2 * m, h: r.h + 2 * m };
}

/** One figure, not yet placed on a sheet. */
function figure(g: Geometry, chart: ChartGeometry, parts: Part[], first: number, captionText: string): SheetFigure {
  const caption = captionText === "" ? [] : captionLines(captionText, first === 0 ? chart.caption.lines : null, chart.caption.font);
  const region = drawnRegion(parts, g.stroke);
  const font = chart.caption.font;
  return { geometry: g, chart, parts, first, region, captionText, caption, captionFont: font, top: 0, ...figureSize(region, g.stroke, caption.length, font) };
}

/**
 * How large a figure is on paper: a drawn region of `region` (half a stroke of `stroke` around)
 * with a caption of `captionLines` lines in `font` under it — scaled down to fit, never up.
 */
export function figureSize(
  region: { w: number; h: number }, stroke: number, captionLines: number, font: FontSpec,
): Pick<SheetFigure, "scale" | "height" | "extent"> {
  const captionH = captionHeight(captionLines, font);
  const maxH = Math.max(1, Math.min(PAGE_PART_HEIGHT, SHEET.height - CAPTION_GAP - captionH));
  // The region includes half a stroke on each side; a part laid out to exactly 230 mm still fits at 1:1
  // (also when placing it on the canvas left a float's last bit on its height: 230.35000000000005).
  const fit = Math.min((PAGE_PART_WIDTH + stroke) / Math.max(region.w, 1e-9), (maxH + stroke) / Math.max(region.h, 1e-9));
  const scale = fit > 1 - 1e-9 ? 1 : fit;
  const height = region.h * scale;
  return { scale, height, extent: height + (captionLines > 0 ? CAPTION_GAP + captionH : 0) };
}

/** Figures placed in order so far: the sheets begun, and how much of the last one they use (mm). */
export interface Filling {
  sheets: number;
  used: number;
}

export const NO_SHEETS: Filling = { sheets: 0, used: 0 };

/** Whether a figure of `extent` mm fits the rest of the last sheet of `filling`. */
export function fitsRest(filling: Filling, extent: number): boolean {
  // The tolerance: a float's last bit (230.35000000000005 mm parts) must not push a figure on.
  return filling.sheets > 0 && filling.used + FIGURE_GAP + extent <= SHEET.height + 1e-6;
}

/**
 * `filling` with a figure of `extent` mm placed next: on the rest of the last sheet when it fits,
 * else on a new one. Placing so, each figure as early as it fits, takes the fewest sheets any
 * placement in order takes (placeInOrder's count); and a filling of fewer sheets, or as many with
 * less of the last one used, never needs more sheets for the figures that follow.
 */
export function placeNext(filling: Filling, extent: number): Filling {
  return fitsRest(filling, extent) ? { sheets: filling.sheets, used: filling.used + FIGURE_GAP + extent } : { sheets: filling.sheets + 1, used: extent };
}

/** The figures of the geometries in order (see the header for `pages`). */
export function figuresOf(geometries: readonly Geometry[], pages: boolean): SheetFigure[] {
  const out: SheetFigure[] = [];
  for (const g of geometries) {
    for (const chart of g.charts) {
      if (chart.parts.length === 0) continue;
      if (!pages || chart.parts.length === 1) {
        out.push(figure(g, chart, chart.parts, 0, chart.caption.text));
        continue;
      }
      chart.parts.forEach((part, i) => out.push(figure(g, chart, [part], i, i === 0 ? chart.caption.text : (part.sheetCaption ?? ""))));
    }
  }
  return out;
}

/**
 * The sheets the figures of `geometries` fill, in order (see the header). Of the ways to place them
 * in order on the fewest sheets, the one whose emptiest sheet before the last is the fullest: a
 * figure moves down to the sheet after when that keeps a sheet from ending nearly empty. Searched
 * from the last figure back; a sheet holds as many figures as fit, so the work is linear in them.
 */
export function planSheets(geometries: readonly Geometry[], pages: boolean): Sheet[] {
  // Each geometry (a batch bundle's item: its own program) starts a sheet of its own — interface.md
  // §4.2's "one page per item" — and its figures share sheets as one document's do.
  return geometries.flatMap((g) => placeInOrder(figuresOf([g], pages)));
}

function placeInOrder(figures: readonly SheetFigure[]): Sheet[] {
  const n = figures.length;
  // best[i]: the placement of figures i… — its sheet count, the least fill of its sheets but the
  // last, and where its first sheet ends.
  const best: { sheets: number; least: number; end: number }[] = new Array(n + 1);
  best[n] = { sheets: 0, least: Infinity, end: n };
  for (let i = n - 1; i >= 0; i--) {
    let used = -FIGURE_GAP;
    for (let j = i; j < n; j++) {
      if (j > i && !fitsRest({ sheets: 1, used }, figures[j]!.extent)) break;
      used += FIGURE_GAP + figures[j]!.extent;
      const rest = best[j + 1]!;
      const least = j + 1 === n ? Infinity : Math.min(used / SHEET.height, rest.least);
      const option = { sheets: rest.sheets + 1, least, end: j + 1 };
      const current = best[i];
      if (!current || option.sheets < current.sheets || (option.sheets === current.sheets && option.least > current.least + 1e-9)) best[i] = option;
    }
  }
  const sheets: Sheet[] = [];
  for (let i = 0; i < n; i = best[i]!.end) {
    const sheet: Sheet = { figures: [], used: 0 };
    for (let j = i; j < best[i]!.end; j++) {
      const top = sheet.figures.length > 0 ? sheet.used + FIGURE_GAP : 0;
      sheet.figures.push({ ...figures[j]!, top });
      sheet.used = top + figures[j]!.extent;
    }
    sheets.push(sheet);
  }
  return sheets;
}

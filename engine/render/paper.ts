/**
 * Figures on paper: where each figure of a document (engine/layout/sheets.ts) lands on an A4 page —
 * centred in the 170 mm usable width 30 mm from the left edge, 20 mm from the top, scaled down (never
 * up) to fit 170 × 230 mm, its caption CAPTION_GAP below it. The PDF draws these pages; the editable
 * formats (draw.io, Visio) make each of them a page of their own, so a page of theirs holds what a
 * PDF page holds. Without sheets the editable formats give every chart a page of its own size at 1:1
 * (`chartPages`). Pure: mm, y pointing down, no I/O.
 */
import type { Box, FontSpec, Geometry, Part, Point } from "../geometry/types.ts";
import { CANVAS_MARGIN, CAPTION_GAP, PAGE_PART_HEIGHT, PAGE_PART_WIDTH } from "../geometry/style.ts";
import { captionHeight, planSheets, type SheetFigure } from "../layout/sheets.ts";

/** The usable area of an A4 page in mm (P7). */
export const A4_PAGE = {
  width: 210,
  height: 297,
  left: 30,
  top: 20,
  usableWidth: 170,
  usableHeight: 257,
  /** Largest figure (chart part without caption). */
  figureWidth: PAGE_PART_WIDTH,
  figureHeight: PAGE_PART_HEIGHT,
} as const;

/** One figure on a page: where its drawing and caption land, mm from the page's top-left corner. */
export interface FigurePlan extends SheetFigure {
  /** Top-left corner of the placed drawing. */
  origin: Point;
  captionBox: Box;
}

/** One A4 page: the figures on it, top to bottom. */
export interface PagePlan {
  figures: FigurePlan[];
}

/** The pages a document of `geometries` becomes: its sheets (layout/sheets.ts) on paper. */
export function planA4Pages(geometries: readonly Geometry[], pages: boolean): PagePlan[] {
  return planSheets(geometries, pages).map((sheet) => ({
    figures: sheet.figures.map((f) => {
      const origin = { x: A4_PAGE.left + (A4_PAGE.usableWidth - f.region.w * f.scale) / 2, y: A4_PAGE.top + f.top };
      const captionH = captionHeight(f.caption.length, f.captionFont);
      const captionBox = { x: A4_PAGE.left, y: origin.y + f.height + CAPTION_GAP, w: A4_PAGE.usableWidth, h: captionH };
      return { ...f, origin, captionBox };
    }),
  }));
}

/** A page of an editable document: its size and what is drawn on it (a placed figure, geometry → page mm). */
export interface EditablePage {
  /** 1-based page number, as a reader counts. */
  number: number;
  width: number;
  height: number;
  figures: PlacedFigure[];
}

export interface PlacedFigure {
  /** Index of the chart in geometry.charts (ids are unique within a chart only). */
  chart: number;
  parts: Part[];
  /** Geometry mm → page mm. */
  toPage: (p: Point) => Point;
  scale: number;
  caption: string[];
  captionFont: FontSpec;
  captionBox: Box;
}

function placer(region: Box, origin: Point, scale: number): (p: Point) => Point {
  return (p) => ({ x: origin.x + (p.x - region.x) * scale, y: origin.y + (p.y - region.y) * scale });
}

/**
 * The pages of an editable document: with `pages` the A4 pages of planA4Pages; without, one page
 * per chart, the chart at 1:1 with CANVAS_MARGIN around it and its caption where the geometry has it;
 * an empty A4 page for a geometry without charts.
 */
export function editablePages(g: Geometry, pages: boolean): EditablePage[] {
  // A document has at least one page (a draw.io file or a Visio package without one does not open).
  if (g.charts.length === 0) return [{ number: 1, width: A4_PAGE.width, height: A4_PAGE.height, figures: [] }];
  if (pages) {
    return planA4Pages([g], true).map((page, i) => ({
      number: i + 1,
      width: A4_PAGE.width,
      height: A4_PAGE.height,
      figures: page.figures.map((f) => ({
        chart: g.charts.indexOf(f.chart),
        parts: f.parts,
        toPage: placer(f.region, f.origin, f.scale),
        scale: f.scale,
        caption: f.caption,
        captionFont: f.captionFont,
        captionBox: f.captionBox,
      })),
    }));
  }
  return g.charts.map((chart, i) => {
    const origin = { x: CANVAS_MARGIN, y: CANVAS_MARGIN };
    const toPage = placer({ x: chart.x, y: chart.y, w: chart.width, h: chart.height }, origin, 1);
    const c = chart.caption.box;
    return {
      number: i + 1,
      width: chart.width + 2 * CANVAS_MARGIN,
      height: chart.height + 2 * CANVAS_MARGIN,
      figures: [{
        chart: i,
        parts: chart.parts,
        toPage,
        scale: 1,
        caption: chart.caption.lines,
        captionFont: chart.caption.font,
        captionBox: { ...toPage(c), w: c.w, h: c.h },
      }],
    };
  });
}

/** A page's name in the editing app: «Сторінка N» on sheets, the chart's name for a page per chart. */
export function pageName(g: Geometry, page: EditablePage, pages: boolean): string {
  const chart = page.figures[0] === undefined ? undefined : g.charts[page.figures[0].chart];
  return pages || chart === undefined ? `Сторінка ${page.number}` : chart.name;
}

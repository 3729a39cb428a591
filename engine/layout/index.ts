/**
 * Layout entry point: chart tree → Geometry. Each function is laid out as its own chart (chart.ts);
 * here the charts are placed on one canvas — parts of a chart side by side, the caption centred
 * under them (F1, F2), the charts one under another.
 */
import type { ChartTree } from "../tree/schema.ts";
import type { Caption, ChartGeometry, Edge, Geometry, Part, Shape } from "../geometry/types.ts";
import type { ResolvedOptions } from "../options.ts";
import {
  CANVAS_MARGIN, CAPTION_FONT_SIZE, CAPTION_GAP, CHART_GAP, FONT_SIZE, PAGE_PART_WIDTH,
  PART_GAP, STROKE,
} from "../geometry/style.ts";
import { FONTS, type FontChoice } from "../fonts.ts";
import { lineHeightMm, type FontId } from "../text/measure.ts";
import { widestLineMm, wrapText } from "../text/wrap.ts";
import { sizersIn } from "./fit/fit-chart.ts";
import { figureCaptions, fitDocument } from "./fit/fit-document.ts";

function moveShape(s: Shape, dx: number, dy: number): Shape {
  return { ...s, x: s.x + dx, y: s.y + dy, textBox: { ...s.textBox, x: s.textBox.x + dx, y: s.textBox.y + dy } };
}

function moveEdge(e: Edge, dx: number, dy: number): Edge {
  const moved: Edge = { ...e, points: e.points.map((p) => ({ x: p.x + dx, y: p.y + dy })) };
  if (e.labelBox) moved.labelBox = { ...e.labelBox, x: e.labelBox.x + dx, y: e.labelBox.y + dy };
  return moved;
}

/**
 * Lays out every function of `tree` as a chart on one canvas; `split`: the output has pages (the
 * fit stage, fit/, chooses the document's one module, each chart's folds and cuts; the paged
 * renderers then place the figures on sheets, sheets.ts). Text is measured in `font` (default
 * Tinos, the metric twin of Times New Roman), which the geometry records for the renderers.
 */
export function layoutCharts(tree: ChartTree, options: ResolvedOptions, split: boolean, fontId: FontId = "tinos"): Geometry {
  const font: FontChoice = FONTS[fontId];
  const sizerFor = sizersIn(font);
  const captionPitch = lineHeightMm(CAPTION_FONT_SIZE);
  const captions = figureCaptions(tree, options, font);
  const fitted = fitDocument(tree, options, split, sizerFor, captions);
  const laidOut = tree.map((fn, i) => {
    const { parts, module } = fitted[i]!;
    const partsWidth = parts.reduce((sum, p) => sum + p.box.w, 0) + PART_GAP * (parts.length - 1);
    const partsHeight = Math.max(...parts.map((p) => p.box.h));
    const figure = options.figStart + i;
    const text = captions.caption(i);
    const lines = wrapText(text, Math.max(partsWidth, PAGE_PART_WIDTH), CAPTION_FONT_SIZE, font.id);
    const captionWidth = widestLineMm(lines, CAPTION_FONT_SIZE, font.id);
    const width = Math.max(partsWidth, captionWidth);
    const height = partsHeight + CAPTION_GAP + lines.length * captionPitch;
    return { fn, parts, module, partsWidth, partsHeight, figure, text, lines, captionWidth, width, height };
  });

  const canvasInner = Math.max(0, ...laidOut.map((c) => c.width));
  let top = CANVAS_MARGIN;
  const charts: ChartGeometry[] = laidOut.map((c, i) => {
    const centre = CANVAS_MARGIN + canvasInner / 2;
    let x = centre - c.partsWidth / 2;
    const parts: Part[] = c.parts.map((p, index) => {
      const dx = x - p.box.x;
      const dy = top - p.box.y;
      const part: Part = {
        index,
        x,
        y: top,
        width: p.box.w,
        height: p.box.h,
        shapes: p.drawn.shapes.map((s) => moveShape(s, dx, dy)),
        edges: p.drawn.edges.map((e) => moveEdge(e, dx, dy)),
      };
      if (index > 0) part.sheetCaption = captions.continuation(i, index);
      x += p.box.w + PART_GAP;
      return part;
    });
    const caption: Caption = {
      text: c.text,
      lines: c.lines,
      box: {
        x: centre - c.captionWidth / 2,
        y: top + c.partsHeight + CAPTION_GAP,
        w: c.captionWidth,
        h: c.lines.length * captionPitch,
      },
      font: { family: font.family, size: CAPTION_FONT_SIZE },
    };
    const chart: ChartGeometry = {
      name: c.fn.name,
      main: c.fn.main === true,
      figure: c.figure,
      module: c.module.a,
      caption,
      x: centre - c.width / 2,
      y: top,
      width: c.width,
      height: c.height,
      parts,
    };
    top += c.height + CHART_GAP;
    return chart;
  });
  const height = laidOut.length === 0 ? 2 * CANVAS_MARGIN : top - CHART_GAP + CANVAS_MARGIN;
  return {
    unit: "mm",
    width: canvasInner + 2 * CANVAS_MARGIN,
    height,
    stroke: STROKE,
    font: { family: font.family, size: FONT_SIZE },
    charts,
  };
}

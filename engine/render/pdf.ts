/**
 * PDF renderer: vector A4 portrait pages drawn with pdf-lib (no raster inside).
 *
 * Page layout (drawing-rules.md §P7, §9): the usable area is 170 × 257 mm at 30 mm from the left and
 * 20 mm from the top edge. The figure is top-aligned in it, centred horizontally, and scaled down —
 * never up — to fit 170 × 230 mm (less when the caption needs more than the reserved three lines).
 * The caption (14 pt, centred, wrapped to 170 mm) sits CAPTION_GAP below the figure. Line weight
 * stays geometry.stroke mm on paper whatever the figure's scale; arrowheads and text scale with it.
 *
 *  - `pages: true`: every part of every chart is a page; part 0 carries the chart caption, later parts
 *    their continuation caption (part.sheetCaption, "Рисунок 2, аркуш 2").
 *  - `pages: false`: every chart is one page, its parts side by side as the geometry places them.
 *  Several charts give consecutive pages; renderPdfDocument puts several geometries in one file.
 *
 * Drawing: shape outlines from outline()/outlinePath() (white fill, black stroke), lines from
 * strokedPoints() with filled arrowheads from arrowhead(), texts at the baselines placeText() gives —
 * the same positions as the SVG. Text is real text (selectable, `pdftotext`-extractable) in the
 * geometry's font (Tinos by default; engine/fonts.ts), embedded as a subset by pdf-lib from the font
 * read and subset in engine/render/pdf-font.ts; characters that font lacks
 * are drawn from DejaVu Sans, embedded only when needed (engine/render/fonts.ts splits the runs).
 *
 * Deterministic: no timestamps of the moment (creation and modification dates are fixed at
 * PDF_FIXED_DATE), subset font tags ("ABCDEF+Tinos-Regular") are a hash of the characters drawn, and
 * pdf-lib writes no /ID, so the same geometries give the same bytes.
 */
import {
  appendBezierCurve,
  beginText,
  closePath,
  concatTransformationMatrix,
  endText,
  fill,
  fillAndStroke,
  LineCapStyle,
  LineJoinStyle,
  lineTo,
  moveTo,
  PageSizes,
  PDFDocument,
  type PDFFont,
  type PDFName,
  type PDFOperator,
  type PDFPage,
  popGraphicsState,
  pushGraphicsState,
  setFillingGrayscaleColor,
  setFontAndSize,
  setLineCap,
  setDashPattern,
  setLineJoin,
  setLineWidth,
  setStrokingGrayscaleColor,
  setTextMatrix,
  showText,
  stroke,
} from "pdf-lib";
import type { Box, ChartGeometry, FontSpec, Geometry, Part, Point } from "../geometry/types.ts";
import { CAPTION_GAP, COMMENT_DASH, COMMENT_DASH_GAP, PAGE_PART_HEIGHT, PAGE_PART_WIDTH } from "../geometry/style.ts";
import {
  arrowhead,
  outline,
  outlinePath,
  placeText,
  shapeTextAlign,
  strokedPoints,
  type PathCommand,
  type TextAlign,
} from "../geometry/outline.ts";
import { lineHeightMm, textWidthMm } from "../text/measure.ts";
import { wrapText } from "../text/wrap.ts";
import { EngineError } from "../errors.ts";
import { DEFAULT_FONT, fontByFamily } from "../fonts.ts";
import { loadFonts, textRuns, type Fonts } from "./fonts.ts";
import { pdfFontkit, textWidth, trueTypeFont } from "./pdf-font.ts";
import type { RenderContext, Renderer } from "./types.ts";

/** The usable area of an A4 page in mm (P7). */
export const PDF_PAGE = {
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

/** Creation and modification date written into every PDF (deterministic output). */
export const PDF_FIXED_DATE = new Date(Date.UTC(2000, 0, 1));

const MM = 72 / 25.4; // pt per mm
const [PAGE_W_PT, PAGE_H_PT] = PageSizes.A4;

/** One page: which drawing goes where. Geometry coordinates in mm; `origin`/`scale` place it on the page. */
export interface PdfPagePlan {
  chart: ChartGeometry;
  parts: Part[];
  /** The drawn region of the geometry (parts and everything drawn in them). */
  region: Box;
  /** Scale factor (≤ 1) from geometry mm to paper mm. */
  scale: number;
  /** Top-left corner of the placed figure on the page, mm from the page's top-left corner. */
  origin: Point;
  /** Caption lines (already wrapped to the usable width) and their font. */
  caption: string[];
  captionFont: FontSpec;
  /** Caption box on the page (mm from the top-left corner). */
  captionBox: Box;
}

function union(a: Box | null, b: Box): Box {
  if (!a) return { ...b };
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, w: Math.max(a.x + a.w, b.x + b.w) - x, h: Math.max(a.y + a.h, b.y + b.h) - y };
}

/** The parts' boxes joined with everything drawn in them, widened by half a stroke. */
function drawnRegion(parts: readonly Part[], stroke: number): Box {
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

/** Caption lines that fit the usable width: the geometry's wrapping when it fits, else wrapped again. */
function captionLines(text: string, lines: readonly string[] | null, sizePt: number): string[] {
  const width = PDF_PAGE.usableWidth;
  if (lines && lines.every((l) => textWidthMm(l, sizePt) <= width)) return [...lines];
  return wrapText(text, width, sizePt);
}

function planPage(chart: ChartGeometry, parts: Part[], caption: string[], g: Geometry): PdfPagePlan {
  const region = drawnRegion(parts, g.stroke);
  const font = chart.caption.font;
  const captionH = caption.length * lineHeightMm(font.size);
  const maxH = Math.max(1, Math.min(PDF_PAGE.figureHeight, PDF_PAGE.usableHeight - CAPTION_GAP - captionH));
  // The region includes half a stroke on each side; a part laid out to exactly 230 mm still fits at 1:1
  // (also when placing it on the canvas left a float's last bit on its height: 230.35000000000005).
  const slack = g.stroke;
  const fit = Math.min((PDF_PAGE.figureWidth + slack) / Math.max(region.w, 1e-9), (maxH + slack) / Math.max(region.h, 1e-9));
  const scale = fit > 1 - 1e-9 ? 1 : fit;
  const origin = { x: PDF_PAGE.left + (PDF_PAGE.usableWidth - region.w * scale) / 2, y: PDF_PAGE.top };
  const captionBox = { x: PDF_PAGE.left, y: origin.y + region.h * scale + CAPTION_GAP, w: PDF_PAGE.usableWidth, h: captionH };
  return { chart, parts, region, scale, origin, caption, captionFont: font, captionBox };
}

/** The pages a geometry becomes (see the header for `pages`). */
export function planPdfPages(g: Geometry, pages: boolean): PdfPagePlan[] {
  const out: PdfPagePlan[] = [];
  for (const chart of g.charts) {
    const size = chart.caption.font.size;
    const main = captionLines(chart.caption.text, chart.caption.lines, size);
    if (!pages || chart.parts.length <= 1) {
      out.push(planPage(chart, chart.parts, main, g));
      continue;
    }
    chart.parts.forEach((part, i) => {
      const caption = i === 0 ? main : part.sheetCaption ? captionLines(part.sheetCaption, null, size) : [];
      out.push(planPage(chart, [part], caption, g));
    });
  }
  return out;
}

/** Rounds to 0.001 (µm in mm units, 1/1000 pt in pt): short content streams, no visible effect. */
const r3 = (n: number): number => Math.round(n * 1000) / 1000;

function pathOps(cmds: readonly PathCommand[]): PDFOperator[] {
  const ops: PDFOperator[] = [];
  for (const c of cmds) {
    switch (c.op) {
      case "M":
        ops.push(moveTo(r3(c.x), r3(c.y)));
        break;
      case "L":
        ops.push(lineTo(r3(c.x), r3(c.y)));
        break;
      case "C":
        ops.push(appendBezierCurve(r3(c.x1), r3(c.y1), r3(c.x2), r3(c.y2), r3(c.x), r3(c.y)));
        break;
      case "Z":
        ops.push(closePath());
        break;
    }
  }
  return ops;
}

function polylineOps(points: readonly Point[]): PDFOperator[] {
  return points.map((q, i) => (i === 0 ? moveTo(r3(q.x), r3(q.y)) : lineTo(r3(q.x), r3(q.y))));
}

/** Per-document font state: PDF fonts embedded on first use, resource names per page. */
class DocFonts {
  private readonly embedded = new Map<"main" | "fallback", PDFFont>();
  private readonly keys = new Map<PDFPage, Map<PDFFont, PDFName>>();

  private readonly doc: PDFDocument;
  readonly fonts: Fonts;

  constructor(doc: PDFDocument, fonts: Fonts) {
    this.doc = doc;
    this.fonts = fonts;
  }

  /** Embeds a face as a subset named `TAG+PostScriptName`, the tag derived from the text it draws. */
  async embed(which: "main" | "fallback", text: string): Promise<void> {
    if (this.embedded.has(which)) return;
    const face = this.fonts[which];
    const customName = `${subsetTag(text)}+${trueTypeFont(face).postscriptName}`;
    this.embedded.set(which, await this.doc.embedFont(face.bytes, { subset: true, customName }));
  }

  font(which: "main" | "fallback"): PDFFont {
    const f = this.embedded.get(which);
    if (!f) throw new Error(`font ${which} not embedded`);
    return f;
  }

  key(page: PDFPage, font: PDFFont): PDFName {
    let m = this.keys.get(page);
    if (!m) this.keys.set(page, (m = new Map()));
    let k = m.get(font);
    if (!k) m.set(font, (k = page.node.newFontDictionary(font.name, font.ref)));
    return k;
  }
}

/**
 * The six capital letters before "+" in a subset font's name (PDF 32000 §9.6.4): a hash of the
 * characters the subset holds, so the name is deterministic and differs between different subsets.
 */
function subsetTag(text: string): string {
  let h = 0x811c9dc5; // FNV-1a, 32 bit
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  let tag = "";
  for (let i = 0; i < 6; i++) {
    tag += String.fromCharCode(65 + (h % 26));
    h = Math.floor(h / 26);
  }
  return tag;
}

/** A text line to draw: anchor and baseline in paper mm (from the page's top-left), size in pt. */
interface PaperText {
  text: string;
  x: number;
  y: number;
  size: number;
  align: TextAlign;
}

function textOps(page: PDFPage, df: DocFonts, items: readonly PaperText[]): PDFOperator[] {
  const ops: PDFOperator[] = [beginText(), setFillingGrayscaleColor(0)];
  let current: PDFName | null = null;
  let currentSize = -1;
  for (const t of items) {
    const runs = textRuns(t.text, df.fonts);
    if (runs.length === 0) continue;
    const widthPt = runs.reduce((sum, r) => sum + textWidth(df.fonts[r.face], r.text) * t.size, 0);
    let x = t.x * MM - (t.align === "center" ? widthPt / 2 : 0);
    const y = PAGE_H_PT - t.y * MM;
    for (const r of runs) {
      const font = df.font(r.face);
      const key = df.key(page, font);
      if (key !== current || t.size !== currentSize) {
        ops.push(setFontAndSize(key, r3(t.size)));
        current = key;
        currentSize = t.size;
      }
      ops.push(setTextMatrix(1, 0, 0, 1, r3(x), r3(y)), showText(font.encodeText(r.text)));
      x += textWidth(df.fonts[r.face], r.text) * t.size;
    }
  }
  ops.push(endText());
  return ops;
}

function drawPage(page: PDFPage, df: DocFonts, g: Geometry, plan: PdfPagePlan): void {
  const { region, scale: s, origin } = plan;
  // Geometry mm → page pt, y flipped: X = k·x + e, Y = −k·y + f.
  const k = s * MM;
  const e = (origin.x - region.x * s) * MM;
  const f = PAGE_H_PT - (origin.y - region.y * s) * MM;
  const ops: PDFOperator[] = [
    pushGraphicsState(),
    concatTransformationMatrix(r3(k), 0, 0, r3(-k), r3(e), r3(f)),
    // The stroke keeps its paper width whatever the figure's scale.
    setLineWidth(r3(g.stroke / s)),
    setLineJoin(LineJoinStyle.Miter),
    setStrokingGrayscaleColor(0),
    setFillingGrayscaleColor(1),
    setLineCap(LineCapStyle.Butt),
  ];
  for (const part of plan.parts) {
    for (const shape of part.shapes) {
      const o = outline(shape);
      ops.push(...pathOps(outlinePath(o.outline)), o.outline.kind === "open" ? stroke() : fillAndStroke());
      for (const l of o.lines) ops.push(...polylineOps([l.a, l.b]), stroke());
    }
  }
  ops.push(setLineCap(LineCapStyle.Projecting));
  for (const part of plan.parts) {
    for (const edge of part.edges) {
      if (edge.points.length < 2) continue;
      // The comment link (S10, L8) is dashed; its paper dash lengths, like the stroke, ignore the scale.
      if (edge.dashed) ops.push(setLineCap(LineCapStyle.Butt), setDashPattern([r3(COMMENT_DASH / s), r3(COMMENT_DASH_GAP / s)], 0));
      ops.push(...polylineOps(strokedPoints(edge.points, edge.arrow)), stroke());
      if (edge.dashed) ops.push(setDashPattern([], 0), setLineCap(LineCapStyle.Projecting));
    }
  }
  ops.push(setFillingGrayscaleColor(0));
  for (const part of plan.parts) {
    for (const edge of part.edges) {
      const head = edge.arrow ? arrowhead(edge.points) : null;
      if (head) ops.push(...polylineOps(head), closePath(), fill());
    }
  }
  ops.push(popGraphicsState());

  // Texts, in paper mm.
  const texts: PaperText[] = [];
  const toPaper = (x: number, y: number) => ({ x: origin.x + (x - region.x) * s, y: origin.y + (y - region.y) * s });
  const add = (box: Box, lines: readonly string[], font: FontSpec, align: TextAlign) => {
    for (const l of placeText(box, lines, font.size, align)) {
      const q = toPaper(l.x, l.y);
      texts.push({ text: l.text, x: q.x, y: q.y, size: font.size * s, align });
    }
  };
  for (const part of plan.parts) {
    for (const shape of part.shapes) add(shape.textBox, shape.text, shape.font, shapeTextAlign(shape.kind));
    for (const edge of part.edges) {
      if (edge.label !== undefined && edge.label !== "" && edge.labelBox) add(edge.labelBox, [edge.label], g.font, "start");
    }
  }
  for (const l of placeText(plan.captionBox, plan.caption, plan.captionFont.size, "center")) {
    texts.push({ text: l.text, x: l.x, y: l.y, size: plan.captionFont.size, align: "center" });
  }
  ops.push(...textOps(page, df, texts));
  page.pushOperators(...ops);
}

/** Every text a page plan draws (to decide which fonts to embed). */
function* planTexts(plan: PdfPagePlan): Generator<string> {
  yield* plan.caption;
  for (const p of plan.parts) {
    for (const s of p.shapes) yield* s.text;
    for (const e of p.edges) if (e.label) yield e.label;
  }
}

export interface PdfContext {
  assets: RenderContext["assets"];
  pages: boolean;
}

/**
 * Several geometries in ONE PDF (batch bundles): their pages follow each other in order.
 * A geometry without charts contributes no page; a document without any page gets one blank page.
 */
export async function renderPdfDocument(geometries: readonly Geometry[], context: PdfContext): Promise<Uint8Array> {
  try {
    // One font per document: a batch renders all its charts in the request's font.
    const family = (geometries.find((g) => g.charts.length > 0) ?? geometries[0])?.font.family;
    const fonts = await loadFonts(context.assets, family === undefined ? DEFAULT_FONT : fontByFamily(family));
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.registerFontkit(pdfFontkit([fonts.main, fonts.fallback]) as unknown as Parameters<PDFDocument["registerFontkit"]>[0]);
    const plans = geometries.map((g) => ({ g, pages: planPdfPages(g, context.pages) }));

    // Which faces draw which characters: embed only the faces used, tag each subset by its characters.
    const used = { main: new Set<number>(), fallback: new Set<number>() };
    for (const { pages } of plans) {
      for (const plan of pages) {
        for (const t of planTexts(plan)) {
          for (const r of textRuns(t, fonts)) for (const ch of r.text) used[r.face].add(ch.codePointAt(0)!);
        }
      }
    }
    const df = new DocFonts(doc, fonts);
    for (const face of ["main", "fallback"] as const) {
      if (used[face].size > 0) await df.embed(face, String.fromCodePoint(...[...used[face]].sort((a, b) => a - b)));
    }

    for (const { g, pages } of plans) {
      for (const plan of pages) drawPage(doc.addPage(PageSizes.A4), df, g, plan);
    }
    if (doc.getPageCount() === 0) doc.addPage(PageSizes.A4);

    const first = geometries.find((g) => g.charts.length > 0)?.charts[0];
    if (first) doc.setTitle(first.caption.text);
    doc.setLanguage("uk");
    doc.setCreator("Skhema");
    doc.setProducer("Skhema (pdf-lib)");
    doc.setCreationDate(PDF_FIXED_DATE);
    doc.setModificationDate(PDF_FIXED_DATE);
    return await doc.save({ addDefaultPage: false });
  } catch (e) {
    if (e instanceof EngineError) throw e;
    throw new EngineError("render_failed", `PDF rendering failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}

export const renderPdf: Renderer = (geometry, context) => renderPdfDocument([geometry], context);

/** Page size in pt (A4), for callers that place further content. */
export const PDF_PAGE_PT = { width: PAGE_W_PT, height: PAGE_H_PT } as const;

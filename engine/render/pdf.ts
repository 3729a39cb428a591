/**
 * PDF renderer: vector A4 portrait pages drawn with pdf-lib (no raster inside).
 *
 * Page layout (drawing-rules.md §P7, §9): the usable area is 170 × 257 mm at 30 mm from the left and
 * 20 mm from the top edge. The figures sit on the pages as engine/layout/sheets.ts places them —
 * one after another, several to a page when they fit, each centred horizontally and scaled down —
 * never up — to fit 170 × 230 mm. A caption (14 pt, centred, wrapped to 170 mm) sits CAPTION_GAP
 * below its figure. Line weight stays geometry.stroke mm on paper whatever the figure's scale;
 * arrowheads and text scale with it.
 *
 *  - `pages: true`: every part of every chart is a figure; part 0 carries the chart caption, later
 *    parts their continuation caption (part.sheetCaption, "Рисунок 2, аркуш 2").
 *  - `pages: false`: every chart is one figure, its parts side by side as the geometry places them.
 *  renderPdfDocument lays several geometries (a batch bundle) out as one document.
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
  PDFFlateStream,
  PDFName,
  PDFRawStream,
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
import type { Box, FontSpec, Geometry, Point } from "../geometry/types.ts";
import { COMMENT_DASH, COMMENT_DASH_GAP } from "../geometry/style.ts";
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
import { A4_PAGE, planA4Pages, type FigurePlan, type PagePlan } from "./paper.ts";
import { EngineError } from "../errors.ts";
// @ts-expect-error pako 1 (pdf-lib's own deflate) ships no type declarations; the one call used is typed below.
import pakoModule from "pako";
import { DEFAULT_FONT, fontByFamily } from "../fonts.ts";
import { loadFonts, textRuns, type Fonts } from "./fonts.ts";
import { pdfFontkit, textWidth, trueTypeFont } from "./pdf-font.ts";
import type { RenderContext, Renderer } from "./types.ts";

/** The A4 page the figures are placed on (paper.ts). */
export const PDF_PAGE = A4_PAGE;

/** Creation and modification date written into every PDF (deterministic output). */
export const PDF_FIXED_DATE = new Date(Date.UTC(2000, 0, 1));

export const MM = 72 / 25.4; // pt per mm
const [PAGE_W_PT, PAGE_H_PT] = PageSizes.A4;

export type PdfFigurePlan = FigurePlan;
export type PdfPagePlan = PagePlan;
/** The pages a document of `geometries` becomes: its sheets (layout/sheets.ts) on paper. */
export const planPdfPages = planA4Pages;

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
export class DocFonts {
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
export function subsetTag(text: string): string {
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

export function drawFigure(page: PDFPage, df: DocFonts, plan: PdfFigurePlan): void {
  const { region, scale: s, origin, geometry: g } = plan;
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

/** Every text a figure draws (to decide which fonts to embed). */
export function* figureTexts(plan: PdfFigurePlan): Generator<string> {
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
    const pages = planPdfPages(geometries, context.pages);

    // Which faces draw which characters: embed only the faces used, tag each subset by its characters.
    const used = { main: new Set<number>(), fallback: new Set<number>() };
    for (const page of pages) {
      for (const figure of page.figures) {
        for (const t of figureTexts(figure)) {
          for (const r of textRuns(t, fonts)) for (const ch of r.text) used[r.face].add(ch.codePointAt(0)!);
        }
      }
    }
    const df = new DocFonts(doc, fonts);
    for (const face of ["main", "fallback"] as const) {
      if (used[face].size > 0) await df.embed(face, String.fromCodePoint(...[...used[face]].sort((a, b) => a - b)));
    }

    for (const plan of pages) {
      const page = doc.addPage(PageSizes.A4);
      for (const figure of plan.figures) drawFigure(page, df, figure);
    }
    if (doc.getPageCount() === 0) doc.addPage(PageSizes.A4);

    return await savePdf(doc, { title: geometries.find((g) => g.charts.length > 0)?.charts[0]?.caption.text });
  } catch (e) {
    throw pdfFailure(e);
  }
}

/** Saves a document with fixed metadata (no clock), so the same input gives the same bytes. */
export async function savePdf(doc: PDFDocument, meta: { title?: string | undefined; author?: string | undefined }): Promise<Uint8Array> {
  if (meta.title) doc.setTitle(meta.title);
  if (meta.author) doc.setAuthor(meta.author);
  doc.setLanguage("uk");
  doc.setCreator("Skhema");
  doc.setProducer("Skhema (pdf-lib)");
  doc.setCreationDate(PDF_FIXED_DATE);
  doc.setModificationDate(PDF_FIXED_DATE);
  await compressStreams(doc);
  return await doc.save({ addDefaultPage: false });
}

/** The part of pako 1 this uses: one-shot zlib deflate with its window and hash sizes. */
const pako = pakoModule as { deflate(data: Uint8Array, options: { level: number; windowBits: number; memLevel: number }): Uint8Array };

/**
 * How the pages' content streams are deflated: pdf-lib calls pako with zlib's defaults, whose 32 KB
 * window and 64 K-entry hash tables are allocated and cleared again for every stream — most of the
 * work for streams of a few KB (a 100-item batch bundle has ~800 of them). An 8 KB window and smaller
 * tables at the same level give the same size (±0.01 %) in about 70 % of the time. Pure JavaScript,
 * so every host writes the same bytes (native zlib through CompressionStream would take a quarter
 * of the time, but its output differs between hosts).
 */
const STREAM_DEFLATE = { level: 6, windowBits: 13, memLevel: 5 };

/**
 * The pages' content streams deflated with STREAM_DEFLATE before pdf-lib saves them: each is
 * replaced by a raw stream of the same dictionary (its /Filter is FlateDecode already) holding the
 * deflated bytes. Fonts are embedded (and deflated by pdf-lib) at the flush.
 */
async function compressStreams(doc: PDFDocument): Promise<void> {
  await doc.flush();
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFFlateStream) || object.dict.get(PDFName.of("Filter")) !== PDFName.of("FlateDecode")) continue;
    doc.context.assign(ref, PDFRawStream.of(object.dict, pako.deflate(object.getUnencodedContents(), STREAM_DEFLATE)));
  }
}

/** A failure while writing a PDF as the engine's error (its own errors pass through). */
export function pdfFailure(e: unknown): EngineError {
  return e instanceof EngineError ? e : new EngineError("render_failed", `PDF rendering failed: ${e instanceof Error ? e.message : String(e)}`);
}

export const renderPdf: Renderer = (geometry, context) => renderPdfDocument([geometry], context);

/** Page size in pt (A4), for callers that place further content. */
export const PDF_PAGE_PT = { width: PAGE_W_PT, height: PAGE_H_PT } as const;

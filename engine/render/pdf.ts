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
import { PageSizes, PDFDocument, type PDFFont, PDFFlateStream, PDFName, PDFPage, PDFRawStream } from "pdf-lib";
import type { Box, FontSpec, Geometry } from "../geometry/types.ts";
import { COMMENT_DASH, COMMENT_DASH_GAP } from "../geometry/style.ts";
import {
  arrowhead,
  outline,
  outlinePath,
  placeText,
  shapeTextAlign,
  strokedPoints,
  type TextAlign,
} from "../geometry/outline.ts";
import { A4_PAGE, planA4Pages, type FigurePlan, type PagePlan } from "./paper.ts";
import { EngineError } from "../errors.ts";
import { deflateStream, num, PdfContent } from "./pdf-content.ts";
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

/** Line join and cap styles (PDF 32000 §8.4.3.3–4). */
const LINE_JOIN_MITER = 0;
const LINE_CAP_BUTT = 0;
const LINE_CAP_PROJECTING = 2;

export type PdfFigurePlan = FigurePlan;
export type PdfPagePlan = PagePlan;
/** The pages a document of `geometries` becomes: its sheets (layout/sheets.ts) on paper. */
export const planPdfPages = planA4Pages;

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

function writeTexts(content: PdfContent, page: PDFPage, df: DocFonts, items: readonly PaperText[]): void {
  content.op("BT").op("g", 0);
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
        content.op("Tf", key.toString(), t.size);
        current = key;
        currentSize = t.size;
      }
      content.op("Tm", 1, 0, 0, 1, x, y).op("Tj", font.encodeText(r.text).toString());
      x += textWidth(df.fonts[r.face], r.text) * t.size;
    }
  }
  content.op("ET");
}

export function drawFigure(page: PDFPage, df: DocFonts, plan: PdfFigurePlan): void {
  const { region, scale: s, origin, geometry: g } = plan;
  // Geometry mm → page pt, y flipped: X = k·x + e, Y = −k·y + f.
  const k = s * MM;
  const e = (origin.x - region.x * s) * MM;
  const f = PAGE_H_PT - (origin.y - region.y * s) * MM;
  const content = new PdfContent()
    .op("q")
    .op("cm", k, 0, 0, -k, e, f)
    // The stroke keeps its paper width whatever the figure's scale.
    .op("w", g.stroke / s)
    .op("j", LINE_JOIN_MITER)
    .op("G", 0)
    .op("g", 1)
    .op("J", LINE_CAP_BUTT);
  for (const part of plan.parts) {
    for (const shape of part.shapes) {
      const o = outline(shape);
      content.path(outlinePath(o.outline)).op(o.outline.kind === "open" ? "S" : "B");
      for (const l of o.lines) content.polyline([l.a, l.b]).op("S");
    }
  }
  content.op("J", LINE_CAP_PROJECTING);
  for (const part of plan.parts) {
    for (const edge of part.edges) {
      if (edge.points.length < 2) continue;
      // The comment link (S10, L8) is dashed; its paper dash lengths, like the stroke, ignore the scale.
      if (edge.dashed) content.op("J", LINE_CAP_BUTT).op("d", `[${num(COMMENT_DASH / s)} ${num(COMMENT_DASH_GAP / s)}]`, 0);
      content.polyline(strokedPoints(edge.points, edge.arrow)).op("S");
      if (edge.dashed) content.op("d", "[]", 0).op("J", LINE_CAP_PROJECTING);
    }
  }
  content.op("g", 0);
  for (const part of plan.parts) {
    for (const edge of part.edges) {
      const head = edge.arrow ? arrowhead(edge.points) : null;
      if (head) content.polyline(head).op("h").op("f");
    }
  }
  content.op("Q");

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
  writeTexts(content, page, df, texts);
  content.addTo(page);
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

    addPagesInOrder(doc, pages.length).forEach((page, i) => {
      for (const figure of pages[i]!.figures) drawFigure(page, df, figure);
    });
    if (doc.getPageCount() === 0) doc.addPage(PageSizes.A4);

    return await savePdf(doc, { title: geometries.find((g) => g.charts.length > 0)?.charts[0]?.caption.text });
  } catch (e) {
    throw pdfFailure(e);
  }
}

/**
 * `count` A4 pages appended to `doc`, in order. pdf-lib finds a new page's place in the page tree by
 * walking every page before it, so appending pages one by one costs time quadratic in them (a
 * 1 200-page batch bundle: a few hundred ms); inserted from the last to the first at the front of
 * the new ones, each walk stops at once.
 */
export function addPagesInOrder(doc: PDFDocument, count: number): PDFPage[] {
  const at = doc.getPageCount();
  const made = Array.from({ length: count }, () => {
    const page = PDFPage.create(doc);
    page.setSize(PAGE_W_PT, PAGE_H_PT);
    return page;
  });
  for (let i = made.length - 1; i >= 0; i--) doc.insertPage(at, made[i]!);
  return made;
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

/**
 * The content streams pdf-lib itself writes (the report's text, drawn with its operators) deflated
 * as the figures' own are (pdf-content.ts STREAM_DEFLATE) before it saves: each is replaced by a raw
 * stream of the same dictionary (its /Filter is FlateDecode already). Fonts are embedded (and
 * deflated by pdf-lib) at the flush.
 */
async function compressStreams(doc: PDFDocument): Promise<void> {
  await doc.flush();
  for (const [ref, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFFlateStream) || object.dict.get(PDFName.of("Filter")) !== PDFName.of("FlateDecode")) continue;
    doc.context.assign(ref, PDFRawStream.of(object.dict, deflateStream(object.getUnencodedContents())));
  }
}

/** A failure while writing a PDF as the engine's error (its own errors pass through). */
export function pdfFailure(e: unknown): EngineError {
  return e instanceof EngineError ? e : new EngineError("render_failed", `PDF rendering failed: ${e instanceof Error ? e.message : String(e)}`);
}

export const renderPdf: Renderer = (geometry, context) => renderPdfDocument([geometry], context);

/** Page size in pt (A4), for callers that place further content. */
export const PDF_PAGE_PT = { width: PAGE_W_PT, height: PAGE_H_PT } as const;

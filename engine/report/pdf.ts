/**
 * The report as a PDF: the pages paginate.ts plans, the figures drawn by the PDF renderer's own
 * drawFigure (render/pdf.ts: vector shapes, real text), the report's text in Tinos (regular and bold:
 * the metric twin of Times New Roman) and the listings in DejaVu Sans Mono, each embedded as a subset;
 * the page number at the top right. Deterministic like render/pdf.ts: fixed dates, subset tags from
 * the characters drawn.
 */
import {
  beginText,
  endText,
  PageSizes,
  PDFDocument,
  type PDFFont,
  type PDFOperator,
  type PDFPage,
  setFillingGrayscaleColor,
  setFontAndSize,
  setTextMatrix,
  showText,
} from "pdf-lib";
import type { AssetLoader, FontAssetName } from "../assets.ts";
import type { FontId } from "../text/measure.ts";
import { DocFonts, drawFigure, figureTexts, MM, pdfFailure, savePdf, subsetTag, type PdfFigurePlan } from "../render/pdf.ts";
import { Face, loadFonts, textRuns } from "../render/fonts.ts";
import { pdfFontkit, textWidth, trueTypeFont } from "../render/pdf-font.ts";
import type { ReportDocument } from "./document.ts";
import { paginate, type Face as TextFace, type PlacedFigure, type PlacedText } from "./paginate.ts";
import { PAGE_NUMBER_BASELINE, REPORT_PAGE, TEXT_SIZE, USABLE } from "./page.ts";

const [, PAGE_H_PT] = PageSizes.A4;
const r3 = (n: number): number => Math.round(n * 1000) / 1000;

/** The report's own faces; `coverage` only names the glyph table Face carries (the runs are not split here). */
const FACES: Record<TextFace, { asset: FontAssetName; coverage: FontId; name: string }> = {
  text: { asset: "Tinos-Regular.ttf", coverage: "tinos", name: "Tinos" },
  bold: { asset: "Tinos-Bold.ttf", coverage: "tinos", name: "Tinos Bold" },
  mono: { asset: "DejaVuSansMono.ttf", coverage: "dejavu-sans", name: "DejaVu Sans Mono" },
};

/** A figure placed by paginate.ts as render/pdf.ts draws it: its caption is drawn here, in the report's font. */
function figurePlan(p: PlacedFigure): PdfFigurePlan {
  const f = p.figure;
  const origin = { x: REPORT_PAGE.left + p.x, y: REPORT_PAGE.top + p.y };
  return {
    geometry: f.geometry, chart: f.chart, parts: f.parts, first: 0, region: f.region, scale: f.scale,
    captionText: "", caption: [], captionFont: f.chart.caption.font, top: p.y, height: f.height, extent: f.height,
    origin, captionBox: { x: origin.x, y: origin.y + f.height, w: 0, h: 0 },
  };
}

export async function reportPdf(report: ReportDocument, assets: AssetLoader): Promise<Uint8Array> {
  try {
    const pages = paginate(report.blocks);
    const chartFonts = await loadFonts(assets, report.font);
    const faces = Object.fromEntries(
      await Promise.all(
        (Object.keys(FACES) as TextFace[]).map(async (k) => [k, new Face(FACES[k].coverage, FACES[k].name, await assets.load(FACES[k].asset))] as const),
      ),
    ) as Record<TextFace, Face>;

    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.registerFontkit(pdfFontkit([chartFonts.main, chartFonts.fallback, ...Object.values(faces)]) as unknown as Parameters<PDFDocument["registerFontkit"]>[0]);

    // The characters each face draws: a subset each, named after them; a face never used is not embedded.
    const used: Record<TextFace, Set<number>> = { text: new Set(), bold: new Set(), mono: new Set() };
    // The page number, top right in the top margin.
    const pageNumber = (i: number): PlacedText => ({
      kind: "text", text: String(i + 1), face: "text", size: TEXT_SIZE, x: USABLE.width, baseline: PAGE_NUMBER_BASELINE - REPORT_PAGE.top, align: "end",
    });
    pages.forEach((items, i) => {
      for (const it of [...items, pageNumber(i)]) if (it.kind === "text") for (const ch of it.text) used[it.face].add(ch.codePointAt(0)!);
    });
    const embedded = new Map<TextFace, PDFFont>();
    for (const k of Object.keys(FACES) as TextFace[]) {
      if (used[k].size === 0) continue;
      const chars = String.fromCodePoint(...[...used[k]].sort((a, b) => a - b));
      embedded.set(k, await doc.embedFont(faces[k].bytes, { subset: true, customName: `${subsetTag(chars)}+${trueTypeFont(faces[k]).postscriptName}` }));
    }

    // The charts' own font (and its fallback) for the texts inside the figures, as render/pdf.ts embeds them.
    const df = new DocFonts(doc, chartFonts);
    const chartUsed = { main: "", fallback: "" };
    for (const items of pages) {
      for (const it of items) {
        if (it.kind !== "figure") continue;
        for (const t of figureTexts(figurePlan(it))) for (const r of textRuns(t, chartFonts)) chartUsed[r.face] += r.text;
      }
    }
    for (const k of ["main", "fallback"] as const) {
      if (chartUsed[k] !== "") await df.embed(k, String.fromCodePoint(...[...new Set([...chartUsed[k]].map((c) => c.codePointAt(0)!))].sort((a, b) => a - b)));
    }

    pages.forEach((items, i) => {
      const page = doc.addPage(PageSizes.A4);
      for (const it of items) if (it.kind === "figure") drawFigure(page, df, figurePlan(it));
      page.pushOperators(...textOps(page, df, faces, embedded, [...items.filter((it): it is PlacedText => it.kind === "text"), pageNumber(i)]));
    });

    return await savePdf(doc, { title: report.options.title, author: report.options.student });
  } catch (e) {
    throw pdfFailure(e);
  }
}

/** The page's text lines, positions from the usable area's corner (paginate.ts) to PDF points. */
function textOps(page: PDFPage, df: DocFonts, faces: Record<TextFace, Face>, fonts: Map<TextFace, PDFFont>, items: readonly PlacedText[]): PDFOperator[] {
  const ops: PDFOperator[] = [beginText(), setFillingGrayscaleColor(0)];
  for (const t of items) {
    const font = fonts.get(t.face);
    if (!font || t.text === "") continue;
    const width = textWidth(faces[t.face], t.text) * t.size;
    const left = (REPORT_PAGE.left + t.x) * MM - (t.align === "center" ? width / 2 : t.align === "end" ? width : 0);
    const baseline = (REPORT_PAGE.top + t.baseline) * MM;
    ops.push(setFontAndSize(df.key(page, font), t.size), setTextMatrix(1, 0, 0, 1, r3(left), r3(PAGE_H_PT - baseline)), showText(font.encodeText(t.text)));
  }
  ops.push(endText());
  return ops;
}


/**
 * The report's blocks on pages, for the PDF (Word and Typst paginate themselves, by the same rules):
 * an appendix starts a page; a heading or caption is never the last thing on a page (it moves on
 * with the two lines after it); a listing breaks between lines; a figure is never cut — it moves to
 * the next page when the rest of this one cannot hold it with its caption — and a continuation
 * starts a page under its «Продовження рисунка …». Space before something is dropped at a page's
 * top. Positions are mm from the usable area's top-left corner. Linear in the blocks' lines.
 */
import { CAPTION_GAP } from "../geometry/style.ts";
import { lineHeightMm } from "../text/measure.ts";
import { wrapText } from "../text/wrap.ts";
import type { ReportBlock, ReportFigure } from "./document.ts";
import { LISTING_PITCH, LISTING_SIZE, TEXT_PITCH, TEXT_SIZE, USABLE } from "./page.ts";

export type Face = "text" | "bold" | "mono";

/** A line of text: `x` its anchor (its left edge, centre or right edge by `align`), `baseline` its baseline. */
export interface PlacedText {
  kind: "text";
  text: string;
  face: Face;
  size: number;
  x: number;
  baseline: number;
  align: "start" | "center" | "end";
}

export interface PlacedFigure {
  kind: "figure";
  figure: ReportFigure;
  /** Top-left corner of the drawing. */
  x: number;
  y: number;
}

export type Placed = PlacedText | PlacedFigure;

/** First-line indent of body text (1.25 cm). */
export const INDENT = 12.5;
/** Where a line's baseline sits in its pitch: the extra spacing of 1.5 lines goes above the text. */
const BASELINE = 0.78;
const CAPTION_PITCH = lineHeightMm(TEXT_SIZE);

export function paginate(blocks: readonly ReportBlock[]): Placed[][] {
  const pages: Placed[][] = [[]];
  let y = 0;
  const page = () => pages[pages.length - 1]!;
  const newPage = () => {
    if (page().length > 0) pages.push([]);
    y = 0;
  };
  /** Space before: none at a page's top. */
  const space = (mm: number) => {
    if (y > 0) y += mm;
  };
  /** Starts a page unless `mm` more still fit on this one. */
  const room = (mm: number) => {
    if (y > 0 && y + mm > USABLE.height + 1e-6) newPage();
  };
  const line = (text: string, face: Face, size: number, pitch: number, align: "start" | "center", indent = 0) => {
    room(pitch);
    const x = align === "center" ? USABLE.width / 2 : indent;
    page().push({ kind: "text", text, face, size, x, baseline: y + pitch * BASELINE, align });
    y += pitch;
  };

  for (const b of blocks) {
    switch (b.kind) {
      case "appendix":
        newPage();
        line(b.heading, "bold", TEXT_SIZE, TEXT_PITCH, "center");
        line(b.title, "bold", TEXT_SIZE, TEXT_PITCH, "center");
        y += TEXT_PITCH;
        break;
      case "title":
        for (const [i, l] of b.lines.entries()) line(l, i === 0 ? "bold" : "text", TEXT_SIZE, TEXT_PITCH, "center");
        y += TEXT_PITCH;
        break;
      case "section":
        space(TEXT_PITCH);
        room(2 * TEXT_PITCH + 2 * LISTING_PITCH);
        line(b.text, "bold", TEXT_SIZE, TEXT_PITCH, "start", INDENT);
        y += TEXT_PITCH / 2;
        break;
      case "listingCaption":
        space(TEXT_PITCH / 2);
        room(TEXT_PITCH + 2 * LISTING_PITCH);
        line(b.text, "text", TEXT_SIZE, TEXT_PITCH, "start");
        break;
      case "listing":
        for (const l of b.lines) line(l, "mono", LISTING_SIZE, LISTING_PITCH, "start");
        y += TEXT_PITCH / 2;
        break;
      case "note":
        space(TEXT_PITCH / 2);
        for (const [i, l] of wrapText(b.text, USABLE.width - INDENT, TEXT_SIZE).entries()) line(l, "text", TEXT_SIZE, TEXT_PITCH, "start", i === 0 ? INDENT : 0);
        break;
      case "figure":
        placeFigure(b.figure);
        break;
    }
  }
  return pages;

  function placeFigure(f: ReportFigure): void {
    if (f.above) {
      newPage();
      line(f.above, "text", TEXT_SIZE, TEXT_PITCH, "center");
    } else {
      space(TEXT_PITCH / 2);
      room(f.height + (f.below.length > 0 ? CAPTION_GAP + f.below.length * CAPTION_PITCH : 0));
    }
    page().push({ kind: "figure", figure: f, x: (USABLE.width - f.region.w * f.scale) / 2, y });
    y += f.height;
    if (f.below.length > 0) {
      y += CAPTION_GAP;
      for (const l of f.below) line(l, "text", TEXT_SIZE, CAPTION_PITCH, "center");
    }
    y += TEXT_PITCH / 2;
  }
}

/**
 * A page's content stream written as text (PDF 32000 §8.2, one operator a line), deflated once and
 * added to the page as its own stream. pdf-lib builds an object per operator and per number and
 * formats them at save: for a 100-item batch's ~1 200 pages that was half the bundle's time
 * (issue 22). Numbers are rounded to 0.001 (µm in mm units, 1/1000 pt in pt: no visible effect, short
 * streams), which String() never writes in exponent form.
 */
import { type PDFPage, PDFRawStream } from "pdf-lib";
// @ts-expect-error pako 1 (pdf-lib's own deflate) ships no type declarations; the one call used is typed below.
import pakoModule from "pako";
import type { Point } from "../geometry/types.ts";
import type { PathCommand } from "../geometry/outline.ts";

/** The part of pako 1 this uses: one-shot zlib deflate with its window and hash sizes. */
const pako = pakoModule as { deflate(data: Uint8Array, options: { level: number; windowBits: number; memLevel: number }): Uint8Array };

/**
 * How content streams are deflated: zlib's defaults (pdf-lib's) allocate and clear a 32 KB window and
 * 64 K-entry hash tables for every stream — most of the work for streams of a few KB. An 8 KB window
 * and smaller tables at the same level give the same size in about 70 % of the time. Pure
 * JavaScript, so every host writes the same bytes (native zlib through CompressionStream would be
 * faster, but its output differs between hosts: test/hosts.test.ts).
 */
export const STREAM_DEFLATE = { level: 6, windowBits: 13, memLevel: 5 };

/** Deflates `bytes` as STREAM_DEFLATE says. */
export function deflateStream(bytes: Uint8Array): Uint8Array {
  return pako.deflate(bytes, STREAM_DEFLATE);
}

/** A number as a content stream writes it: rounded to 0.001, never "-0". */
export function num(n: number): string {
  const r = Math.round(n * 1000) / 1000;
  return r === 0 ? "0" : String(r);
}

export class PdfContent {
  private text = "";

  /** One operator with its operands (numbers are written by num(), strings as given). */
  op(name: string, ...operands: readonly (number | string)[]): this {
    for (const o of operands) this.text += `${typeof o === "number" ? num(o) : o} `;
    this.text += `${name}\n`;
    return this;
  }

  path(cmds: readonly PathCommand[]): this {
    for (const c of cmds) {
      if (c.op === "M") this.op("m", c.x, c.y);
      else if (c.op === "L") this.op("l", c.x, c.y);
      else if (c.op === "C") this.op("c", c.x1, c.y1, c.x2, c.y2, c.x, c.y);
      else this.op("h");
    }
    return this;
  }

  polyline(points: readonly Point[]): this {
    points.forEach((q, i) => this.op(i === 0 ? "m" : "l", q.x, q.y));
    return this;
  }

  /** Adds the content to `page` as a stream of its own, deflated, after the page's other content. */
  addTo(page: PDFPage): void {
    const bytes = new Uint8Array(this.text.length);
    // Content streams hold ASCII only here: operators, numbers, names and hex strings.
    for (let i = 0; i < this.text.length; i++) bytes[i] = this.text.charCodeAt(i);
    const { context } = page.doc;
    const stream = PDFRawStream.of(context.obj({ Filter: "FlateDecode" }), deflateStream(bytes));
    page.node.addContentStream(context.register(stream));
  }
}

/**
 * The PDF renderer's TrueType reader and subsetter (formats-notes.md §5): what pdf-lib's subset
 * embedder asks of a "fontkit" font, read straight from the font file.
 *
 * Why not fontkit: a cold PDF command spent ≈ 8–10 ms loading fontkit's modules and ≈ 10–15 ms in its
 * table decoding and subsetting (restructure's generic codecs, each glyph outline decoded only to
 * find a composite's components), against a first PDF render of ≈ 30 ms (issue 14). What pdf-lib
 * needs is small: code point → glyph (the cmap), advance widths (hmtx), a few header values for the
 * font descriptor, and a subset font of the glyphs drawn. The subset is built exactly as fontkit 2's
 * TTFSubset builds it — same tables (head, hhea, loca, maxp, cvt, prep, glyf, hmtx, fpgm), order,
 * directory and glyph numbering — so the PDFs are byte-identical to those made with fontkit;
 * test/pdf-font.test.ts holds that against fontkit (a dev dependency now) for every allowlisted font.
 *
 * Each font file (a Face of engine/render/fonts.ts) is read once per process: the tables are located
 * and the few header values read when first asked for; glyph lookups are cached per code point.
 * Only TrueType outlines (glyf) and the cmap formats 4 and 12 are read: every allowlisted font has
 * them (the test checks).
 */
import type { Face } from "./fonts.ts";

/** A glyph as pdf-lib uses it: its id, advance (font units) and code points (for the ToUnicode map). */
export interface PdfGlyph {
  id: number;
  advanceWidth: number;
  codePoints: number[];
}

interface Table {
  offset: number;
  length: number;
}

/** The fontkit-shaped members pdf-lib's CustomFontSubsetEmbedder and deriveFontFlags read. */
export class TrueTypeFont {
  readonly bytes: Uint8Array;
  readonly unitsPerEm: number;
  readonly postscriptName: string;
  readonly bbox: { minX: number; minY: number; maxX: number; maxY: number };
  readonly ascent: number;
  readonly descent: number;
  readonly capHeight: number;
  readonly xHeight: number;
  readonly italicAngle: number;
  readonly head: { macStyle: { italic: boolean } };
  readonly post: { isFixedPitch: boolean };
  readonly "OS/2": { sFamilyClass: number } | undefined;

  private readonly view: DataView;
  private readonly tables = new Map<string, Table>();
  private readonly numberOfMetrics: number;
  readonly numGlyphs: number;
  /** loca format: 0 = 16-bit offsets (halved), 1 = 32-bit. */
  readonly locaFormat: number;
  private readonly cmap: { format: 4 | 12; offset: number };
  private readonly glyphs = new Map<number, PdfGlyph>();

  constructor(bytes: Uint8Array) {
    this.bytes = bytes;
    const v = (this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    const numTables = v.getUint16(4);
    for (let i = 0; i < numTables; i++) {
      const at = 12 + 16 * i;
      const tag = String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
      this.tables.set(tag, { offset: v.getUint32(at + 8), length: v.getUint32(at + 12) });
    }
    if (!this.tables.has("glyf")) throw new Error("only TrueType (glyf) fonts are supported");
    const head = this.table("head").offset;
    const hhea = this.table("hhea").offset;
    const post = this.table("post").offset;
    this.unitsPerEm = v.getUint16(head + 18);
    this.bbox = { minX: v.getInt16(head + 36), minY: v.getInt16(head + 38), maxX: v.getInt16(head + 40), maxY: v.getInt16(head + 42) };
    this.head = { macStyle: { italic: (v.getUint16(head + 44) & 2) !== 0 } };
    this.locaFormat = v.getInt16(head + 50);
    this.ascent = v.getInt16(hhea + 4);
    this.descent = v.getInt16(hhea + 6);
    this.numberOfMetrics = v.getUint16(hhea + 34);
    this.numGlyphs = v.getUint16(this.table("maxp").offset + 4);
    this.italicAngle = v.getInt32(post + 4) / 65536;
    this.post = { isFixedPitch: v.getUint32(post + 12) !== 0 };
    const os2 = this.tables.get("OS/2");
    // OS/2 versions 2 and later carry sxHeight and sCapHeight; fontkit reads them as 0 / the ascent otherwise.
    const os2Version = os2 ? v.getUint16(os2.offset) : -1;
    this["OS/2"] = os2 ? { sFamilyClass: v.getInt16(os2.offset + 30) } : undefined;
    this.xHeight = os2 && os2Version >= 2 ? v.getInt16(os2.offset + 86) : 0;
    this.capHeight = os2 && os2Version >= 2 ? v.getInt16(os2.offset + 88) : this.ascent;
    this.postscriptName = this.readPostscriptName();
    this.cmap = this.findCmap();
  }

  /** A table's location; throws when the font lacks it. */
  table(tag: string): Table {
    const t = this.tables.get(tag);
    if (!t) throw new Error(`font has no ${tag} table`);
    return t;
  }

  /** A table's bytes, or null when the font lacks it. */
  tableBytes(tag: string): Uint8Array | null {
    const t = this.tables.get(tag);
    return t ? this.bytes.subarray(t.offset, t.offset + t.length) : null;
  }

  /** Name ID 6 (PostScript name): the Windows record (UTF-16BE) if any, else the Macintosh one (Roman). */
  private readPostscriptName(): string {
    const v = this.view;
    const name = this.table("name").offset;
    const count = v.getUint16(name + 2);
    const strings = name + v.getUint16(name + 4);
    let mac = "";
    for (let i = 0; i < count; i++) {
      const at = name + 6 + 12 * i;
      if (v.getUint16(at + 6) !== 6) continue;
      const platform = v.getUint16(at);
      const length = v.getUint16(at + 8);
      const start = strings + v.getUint16(at + 10);
      if (platform === 3) {
        let s = "";
        for (let k = 0; k + 1 < length; k += 2) s += String.fromCharCode(v.getUint16(start + k));
        return s;
      }
      if (platform === 1 && mac === "") mac = String.fromCharCode(...this.bytes.subarray(start, start + length));
    }
    return mac;
  }

  /** The Unicode cmap subtable fontkit would pick (its order of preference), if it is format 4 or 12. */
  private findCmap(): { format: 4 | 12; offset: number } {
    const v = this.view;
    const cmap = this.table("cmap").offset;
    const count = v.getUint16(cmap + 2);
    for (const [platform, encoding] of [[3, 10], [0, 6], [0, 4], [3, 1], [0, 3], [0, 2], [0, 1], [0, 0]] as const) {
      for (let i = 0; i < count; i++) {
        const at = cmap + 4 + 8 * i;
        if (v.getUint16(at) !== platform || v.getUint16(at + 2) !== encoding) continue;
        const offset = cmap + v.getUint32(at + 4);
        const format = v.getUint16(offset);
        if (format === 4 || format === 12) return { format, offset };
        throw new Error(`cmap format ${format} is not supported`);
      }
    }
    throw new Error("font has no Unicode cmap");
  }

  /** The glyph id of a code point (0, .notdef, when the font has none). */
  glyphId(cp: number): number {
    const v = this.view;
    const t = this.cmap.offset;
    if (this.cmap.format === 12) {
      let lo = 0;
      let hi = v.getUint32(t + 12) - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        const g = t + 16 + 12 * mid;
        if (cp < v.getUint32(g)) hi = mid - 1;
        else if (cp > v.getUint32(g + 4)) lo = mid + 1;
        else return v.getUint32(g + 8) + (cp - v.getUint32(g));
      }
      return 0;
    }
    const segCount = v.getUint16(t + 6) >> 1;
    const ends = t + 14;
    const starts = ends + 2 * segCount + 2;
    const deltas = starts + 2 * segCount;
    const rangeOffsets = deltas + 2 * segCount;
    let lo = 0;
    let hi = segCount - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const start = v.getUint16(starts + 2 * mid);
      if (cp < start) hi = mid - 1;
      else if (cp > v.getUint16(ends + 2 * mid)) lo = mid + 1;
      else {
        const delta = v.getInt16(deltas + 2 * mid);
        const rangeOffset = v.getUint16(rangeOffsets + 2 * mid);
        if (rangeOffset === 0) return (cp + delta) & 0xffff;
        // idRangeOffset counts bytes from its own slot to the glyph id.
        const g = v.getUint16(rangeOffsets + 2 * mid + rangeOffset + 2 * (cp - start));
        return g === 0 ? 0 : (g + delta) & 0xffff;
      }
    }
    return 0;
  }

  /** Advance width and left side bearing (font units) of a glyph, from hmtx. */
  metrics(gid: number): { advance: number; bearing: number } {
    const v = this.view;
    const hmtx = this.table("hmtx").offset;
    const n = this.numberOfMetrics;
    if (gid < n) return { advance: v.getUint16(hmtx + 4 * gid), bearing: v.getInt16(hmtx + 4 * gid + 2) };
    const extra = hmtx + 4 * n + 2 * (gid - n);
    return {
      advance: n > 0 ? v.getUint16(hmtx + 4 * (n - 1)) : 0,
      bearing: extra + 2 <= hmtx + this.table("hmtx").length ? v.getInt16(extra) : 0,
    };
  }

  /** The glyph of a code point, one record per code point (so the ToUnicode map names it). */
  glyphFor(cp: number): PdfGlyph {
    let g = this.glyphs.get(cp);
    if (!g) {
      const id = this.glyphId(cp);
      this.glyphs.set(cp, (g = { id, advanceWidth: this.metrics(id).advance, codePoints: [cp] }));
    }
    return g;
  }

  /** Glyphs per code point, without OpenType shaping: PDF `Tj` draws glyphs at their advances anyway. */
  layout(text: string): { glyphs: PdfGlyph[] } {
    const glyphs: PdfGlyph[] = [];
    for (const ch of text) glyphs.push(this.glyphFor(ch.codePointAt(0)!));
    return { glyphs };
  }

  /** A glyph's outline data (glyf), empty for a glyph without contours. */
  glyphData(gid: number): Uint8Array {
    const v = this.view;
    const loca = this.table("loca").offset;
    const at = (i: number) => (this.locaFormat === 0 ? v.getUint16(loca + 2 * i) * 2 : v.getUint32(loca + 4 * i));
    const glyf = this.table("glyf").offset;
    return this.bytes.subarray(glyf + at(gid), glyf + at(gid + 1));
  }

  createSubset(): TrueTypeSubset {
    return new TrueTypeSubset(this);
  }
}

/** Composite glyph flags (OpenType glyf). */
const ARG_1_AND_2_ARE_WORDS = 1 << 0;
const WE_HAVE_A_SCALE = 1 << 3;
const MORE_COMPONENTS = 1 << 5;
const WE_HAVE_AN_X_AND_Y_SCALE = 1 << 6;
const WE_HAVE_A_TWO_BY_TWO = 1 << 7;

/** Byte offsets of the component glyph ids in a composite glyph's data. */
function componentIdOffsets(data: Uint8Array): number[] {
  const v = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const out: number[] = [];
  let p = 10; // after the glyph header
  let flags = MORE_COMPONENTS;
  while (flags & MORE_COMPONENTS) {
    flags = v.getUint16(p);
    out.push(p + 2);
    p += 4 + (flags & ARG_1_AND_2_ARE_WORDS ? 4 : 2);
    if (flags & WE_HAVE_A_SCALE) p += 2;
    else if (flags & WE_HAVE_AN_X_AND_Y_SCALE) p += 4;
    else if (flags & WE_HAVE_A_TWO_BY_TWO) p += 8;
  }
  return out;
}

/**
 * A subset font as fontkit 2's TTFSubset makes it: glyph 0 first, then the glyphs in the order they
 * were included, each composite's components appended (and renumbered) as they are met; tables
 * head, hhea, loca, maxp, cvt, prep, glyf, hmtx, fpgm in that order, back to back, with the
 * directory's checksums left 0 and its version tag "true".
 */
export class TrueTypeSubset {
  private readonly font: TrueTypeFont;
  private readonly glyphs: number[] = [];
  private readonly mapping = new Map<number, number>();

  constructor(font: TrueTypeFont) {
    this.font = font;
    this.includeGlyph(0);
  }

  /** The glyph's id in the subset (included now if new). */
  includeGlyph(glyph: number | { id: number }): number {
    const gid = typeof glyph === "number" ? glyph : glyph.id;
    let id = this.mapping.get(gid);
    if (id === undefined) {
      id = this.glyphs.push(gid) - 1;
      this.mapping.set(gid, id);
    }
    return id;
  }

  encode(): Uint8Array {
    const font = this.font;
    const parts: Uint8Array[] = [];
    const metrics: { advance: number; bearing: number }[] = [];
    const offsets: number[] = [];
    let offset = 0;
    for (let i = 0; i < this.glyphs.length; i++) {
      const gid = this.glyphs[i]!;
      let data = font.glyphData(gid);
      if (data.length >= 10 && ((data[0]! << 8) | data[1]!) & 0x8000) {
        data = data.slice();
        const v = new DataView(data.buffer);
        for (const at of componentIdOffsets(data)) v.setUint16(at, this.includeGlyph(v.getUint16(at)));
      }
      parts.push(data);
      offsets.push(offset);
      metrics.push(font.metrics(gid));
      offset += data.length;
    }
    offsets.push(offset);

    const n = this.glyphs.length;
    const head = copy(font.tableBytes("head")!, 54);
    new DataView(head.buffer).setInt16(50, font.locaFormat);
    const hhea = copy(font.tableBytes("hhea")!, 36);
    hhea.fill(0, 24, 32); // four reserved int16, written as 0
    new DataView(hhea.buffer).setUint16(34, n);
    const maxp = copy(font.tableBytes("maxp")!, 32);
    new DataView(maxp.buffer).setUint16(4, n);
    const loca = new Uint8Array(offsets.length * (font.locaFormat === 0 ? 2 : 4));
    const lv = new DataView(loca.buffer);
    offsets.forEach((o, i) => (font.locaFormat === 0 ? lv.setUint16(2 * i, o >>> 1) : lv.setUint32(4 * i, o)));
    const glyf = new Uint8Array(offset);
    let at = 0;
    for (const p of parts) {
      glyf.set(p, at);
      at += p.length;
    }
    const hmtx = new Uint8Array(4 * n);
    const hv = new DataView(hmtx.buffer);
    metrics.forEach((m, i) => {
      hv.setUint16(4 * i, m.advance);
      hv.setInt16(4 * i + 2, m.bearing);
    });
    const tables: [string, Uint8Array | null][] = [
      ["head", head],
      ["hhea", hhea],
      ["loca", loca],
      ["maxp", maxp],
      ["cvt ", evenLength(font.tableBytes("cvt "))],
      ["prep", font.tableBytes("prep")],
      ["glyf", glyf],
      ["hmtx", hmtx],
      ["fpgm", font.tableBytes("fpgm")],
    ];
    return sfnt(tables.filter((t): t is [string, Uint8Array] => t[1] !== null));
  }

  /** pdf-lib's subset embedder reads the font as a Node-style stream: one "data" event, then "end". */
  encodeStream() {
    type Handler = (arg?: unknown) => void;
    const handlers: Record<string, Handler> = {};
    const api = {
      on: (event: string, fn: Handler) => {
        handlers[event] = fn;
        return api;
      },
    };
    queueMicrotask(() => {
      try {
        handlers.data?.(this.encode());
        handlers.end?.();
      } catch (e) {
        handlers.error?.(e);
      }
    });
    return api;
  }
}

/** A fixed-size table's bytes copied (zero-padded when the font's table is shorter). */
function copy(bytes: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(size);
  out.set(bytes.subarray(0, size));
  return out;
}

/** fontkit reads cvt as int16 values and writes them back: an odd last byte is dropped. */
function evenLength(bytes: Uint8Array | null): Uint8Array | null {
  return bytes && bytes.subarray(0, bytes.length & ~1);
}

/** An sfnt file of the tables, in order, back to back after the directory ("true", checksums 0). */
function sfnt(tables: readonly [string, Uint8Array][]): Uint8Array {
  const n = tables.length;
  const dirSize = 12 + 16 * n;
  const out = new Uint8Array(dirSize + tables.reduce((s, [, b]) => s + b.length, 0));
  const v = new DataView(out.buffer);
  const tag = (at: number, t: string) => {
    for (let i = 0; i < 4; i++) out[at + i] = t.charCodeAt(i);
  };
  const pow = 2 ** Math.floor(Math.log2(n));
  tag(0, "true");
  v.setUint16(4, n);
  v.setUint16(6, pow * 16);
  v.setUint16(8, Math.log2(pow));
  v.setUint16(10, n * 16 - pow * 16);
  let offset = dirSize;
  tables.forEach(([t, bytes], i) => {
    const at = 12 + 16 * i;
    tag(at, t);
    v.setUint32(at + 8, offset);
    v.setUint32(at + 12, bytes.length);
    out.set(bytes, offset);
    offset += bytes.length;
  });
  return out;
}

const parsed = new WeakMap<Uint8Array, TrueTypeFont>();

/** The face's font (read once per font file). */
export function trueTypeFont(face: Face): TrueTypeFont {
  let f = parsed.get(face.bytes);
  if (!f) parsed.set(face.bytes, (f = new TrueTypeFont(face.bytes)));
  return f;
}

/** Width of a run in em (no kerning: PDF `Tj` does not kern either; .notdef's advance for a missing glyph). */
export function textWidth(face: Face, text: string): number {
  const font = trueTypeFont(face);
  let w = 0;
  // Summed per glyph in em, as the widths always were (the same sums, to the last bit).
  for (const ch of text) w += font.glyphFor(ch.codePointAt(0)!).advanceWidth / font.unitsPerEm;
  return w;
}

/** The object to pass to `PDFDocument.registerFontkit`: fonts of known faces are read once per process. */
export function pdfFontkit(known: readonly Face[] = []) {
  return {
    create(bytes: Uint8Array | ArrayBuffer): TrueTypeFont {
      const face = known.find((f) => f.bytes === bytes);
      return face ? trueTypeFont(face) : new TrueTypeFont(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes));
    },
  };
}

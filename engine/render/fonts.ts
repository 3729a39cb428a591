/**
 * Fonts for the binary renderers (PNG, PDF): the bytes of the chart's font (engine/fonts.ts; by
 * default Tinos, the metric twin of Times New Roman) and DejaVu Sans (fallback for glyphs the main
 * font lacks: ∈ ∉ ∧ ∨, emoji, …), each file loaded once per process and asset loader, plus glyph
 * coverage and advance widths read with upstream fontkit 2.
 *
 * Text is split into runs by glyph availability: a code point goes to the main font when it has it,
 * to DejaVu Sans when only DejaVu has it, and stays in the main font (drawn as .notdef) when neither
 * has it.
 * Control characters, lone surrogates and default-ignorable code points (variation selectors, ZWJ, …)
 * that neither font has are dropped: they have no visible form. A tab becomes a space.
 */
import type { AssetLoader, FontAssetName } from "../assets.ts";
import { DEFAULT_FONT, FONTS, type FontChoice } from "../fonts.ts";
// @ts-ignore fontkit 2 ships no type declarations; the few members used are typed below.
import * as fontkitModule from "fontkit";

/** The members of a fontkit 2 font this module and the pdf-lib adapter use. */
export interface FontkitGlyph {
  id: number;
  advanceWidth: number;
}
export interface FontkitFont {
  unitsPerEm: number;
  postscriptName: string;
  hasGlyphForCodePoint(cp: number): boolean;
  glyphForCodePoint(cp: number): FontkitGlyph;
  createSubset(): unknown;
}
export const fontkit = fontkitModule as unknown as { create(bytes: Uint8Array, postscriptName?: string): FontkitFont };

/** One font face: its file and cached coverage and advance widths (in em). */
export class Face {
  readonly font: FontkitFont;
  private readonly coverage = new Map<number, boolean>();
  private readonly advances = new Map<number, number>();
  private readonly upm: number;
  readonly name: string;
  readonly bytes: Uint8Array;

  constructor(name: string, bytes: Uint8Array) {
    this.name = name;
    this.bytes = bytes;
    this.font = fontkit.create(bytes);
    this.upm = this.font.unitsPerEm;
  }

  has(cp: number): boolean {
    let v = this.coverage.get(cp);
    if (v === undefined) {
      v = this.font.hasGlyphForCodePoint(cp);
      this.coverage.set(cp, v);
    }
    return v;
  }

  /** Advance width of the code point's glyph in em (the .notdef advance when the font lacks it). */
  advance(cp: number): number {
    let v = this.advances.get(cp);
    if (v === undefined) {
      v = this.font.glyphForCodePoint(cp).advanceWidth / this.upm;
      this.advances.set(cp, v);
    }
    return v;
  }

  /** Width of a run in em (no kerning: PDF `Tj` does not kern either). */
  width(text: string): number {
    let w = 0;
    for (const ch of text) w += this.advance(ch.codePointAt(0)!);
    return w;
  }
}

export interface Fonts {
  /** The chart's font (Tinos by default). */
  main: Face;
  /** DejaVu Sans: glyphs the main font lacks. */
  fallback: Face;
}

const cache = new WeakMap<AssetLoader, Map<FontAssetName, Promise<Face>>>();

/** One font file from the host's assets, parsed once per loader (so once per process for a host). */
function loadFace(assets: AssetLoader, asset: FontAssetName, name: string): Promise<Face> {
  let faces = cache.get(assets);
  if (!faces) cache.set(assets, (faces = new Map()));
  let p = faces.get(asset);
  if (!p) {
    p = assets.load(asset).then((bytes) => new Face(name, bytes));
    faces.set(asset, p);
    // A failed load is not cached: the next render tries again.
    p.catch(() => faces.delete(asset));
  }
  return p;
}

/** The chart's font (default Tinos) and DejaVu Sans from the host's assets. */
export async function loadFonts(assets: AssetLoader, font: FontChoice = DEFAULT_FONT): Promise<Fonts> {
  const dejavu = FONTS["dejavu-sans"];
  const [main, fallback] = await Promise.all([
    loadFace(assets, font.asset, font.family),
    loadFace(assets, dejavu.asset, dejavu.family),
  ]);
  return { main, fallback };
}

export interface TextRun {
  face: "main" | "fallback";
  text: string;
}

/** Code points with no visible form that may be dropped when no font has a glyph for them. */
function invisible(cp: number): boolean {
  return (
    cp < 0x20 ||
    (cp >= 0x7f && cp <= 0x9f) ||
    (cp >= 0xd800 && cp <= 0xdfff) ||
    cp === 0xad ||
    cp === 0x034f ||
    (cp >= 0x200b && cp <= 0x200f) ||
    (cp >= 0x202a && cp <= 0x202e) ||
    (cp >= 0x2060 && cp <= 0x206f) ||
    (cp >= 0xfe00 && cp <= 0xfe0f) ||
    cp === 0xfeff ||
    cp === 0xfffe ||
    cp === 0xffff ||
    (cp >= 0xe0000 && cp <= 0xe0fff)
  );
}

/** Splits a line into runs of the face that draws them (see the header). Never returns empty runs. */
export function textRuns(text: string, fonts: Fonts): TextRun[] {
  const runs: TextRun[] = [];
  let face: TextRun["face"] | null = null;
  let buf = "";
  for (let ch of text) {
    let cp = ch.codePointAt(0)!;
    if (cp === 0x09) {
      ch = " ";
      cp = 0x20;
    }
    let f: TextRun["face"];
    if (fonts.main.has(cp)) f = "main";
    else if (fonts.fallback.has(cp)) f = "fallback";
    else if (invisible(cp)) continue;
    else f = "main";
    if (f !== face) {
      if (face !== null && buf !== "") runs.push({ face, text: buf });
      face = f;
      buf = "";
    }
    buf += ch;
  }
  if (face !== null && buf !== "") runs.push({ face, text: buf });
  return runs;
}

/** True when some character of the texts needs the fallback face. */
export function needsFallback(texts: Iterable<string>, fonts: Fonts): boolean {
  for (const t of texts) {
    for (const ch of t) {
      const cp = ch.codePointAt(0)!;
      if (!fonts.main.has(cp) && fonts.fallback.has(cp)) return true;
    }
  }
  return false;
}

/**
 * Fonts for the binary renderers (PNG, PDF): the bytes of the chart's font (engine/fonts.ts; by
 * default Tinos, the metric twin of Times New Roman) and DejaVu Sans (fallback for glyphs the main
 * font lacks: ∈ ∉ ∧ ∨, emoji, …), each file loaded once per process and asset loader, and which code
 * points each has a glyph for — from the generated table engine/render/glyph-coverage.ts, so no font
 * is parsed here (the PNG renderer never reads a font's tables; the PDF renderer reads the cmap,
 * advance widths and outlines it embeds in engine/render/pdf-font.ts).
 *
 * Text is split into runs by glyph availability: a code point goes to the main font when it has it,
 * to DejaVu Sans when only DejaVu has it, and stays in the main font (drawn as .notdef) when neither
 * has it.
 * Control characters, lone surrogates and default-ignorable code points (variation selectors, ZWJ, …)
 * that neither font has are dropped: they have no visible form. A tab becomes a space.
 */
import type { AssetLoader, FontAssetName } from "../assets.ts";
import { EngineError } from "../errors.ts";
import { DEFAULT_FONT, FONTS, type FontChoice } from "../fonts.ts";
import type { FontId } from "../text/measure.ts";
import { GLYPH_COVERAGE } from "./glyph-coverage.ts";
import { inRanges } from "../text/drawable.ts";

/** One font face: its file and which code points it has a glyph for. */
export class Face {
  readonly id: FontId;
  readonly name: string;
  readonly bytes: Uint8Array;
  private readonly ranges: readonly number[];

  constructor(id: FontId, name: string, bytes: Uint8Array) {
    this.id = id;
    this.name = name;
    this.bytes = bytes;
    this.ranges = GLYPH_COVERAGE[id];
  }

  /** True when the font has a glyph for the code point (binary search over [first, last] pairs). */
  has(cp: number): boolean {
    return inRanges(this.ranges, cp);
  }
}

export interface Fonts {
  /** The chart's font (Tinos by default). */
  main: Face;
  /** DejaVu Sans: glyphs the main font lacks. */
  fallback: Face;
}

const cache = new WeakMap<AssetLoader, Map<FontAssetName, Promise<Face>>>();

/** One font file from the host's assets, read once per loader (so once per process for a host). */
function loadFace(assets: AssetLoader, font: FontChoice): Promise<Face> {
  let faces = cache.get(assets);
  if (!faces) cache.set(assets, (faces = new Map()));
  const asset = font.asset;
  let p = faces.get(asset);
  if (!p) {
    p = assets.load(asset).then(
      (bytes) => new Face(font.id, font.family, bytes),
      (e: unknown) => {
        throw new EngineError("render_failed", `font ${asset} could not be loaded: ${e instanceof Error ? e.message : String(e)}`);
      },
    );
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
    loadFace(assets, font),
    loadFace(assets, dejavu),
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

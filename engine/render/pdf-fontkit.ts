/**
 * pdf-lib ↔ upstream fontkit 2 adapter (formats-notes.md §5). pdf-lib documents @pdf-lib/fontkit,
 * whose subsetter corrupts Tinos' Cyrillic glyphs; upstream fontkit 2.0.4 subsets correctly but only
 * offers `subset.encode(): Uint8Array`, while pdf-lib's subset embedder calls the Node-stream style
 * `subset.encodeStream().on("data" | "end" | "error")`. This shim adds that method.
 *
 * Each font file (a Face of engine/render/fonts.ts) is parsed once per process and reused by every
 * document; fontkit font objects are read-only apart from their glyph caches, and pdf-lib creates a
 * fresh subset per embedding, so sharing them between documents is safe (see wrap() for the one
 * cache detail that matters: glyph code points). Also the advance widths the PDF places text with.
 * Only the PDF renderer imports this module: fontkit costs ≈ 50 ms of module loading.
 */
// @ts-ignore fontkit 2 ships no type declarations; the few members used are typed below.
import * as fontkitModule from "fontkit";
import type { Face } from "./fonts.ts";

/** The members of a fontkit 2 font this module and pdf-lib use. */
interface FontkitGlyph {
  id: number;
  advanceWidth: number;
}
export interface FontkitFont {
  unitsPerEm: number;
  postscriptName: string;
  glyphForCodePoint(cp: number): FontkitGlyph;
  createSubset(): unknown;
}
const fontkit = fontkitModule as unknown as { create(bytes: Uint8Array): FontkitFont };

/** A face parsed by fontkit, with its advance widths cached per code point (in em). */
interface ParsedFace {
  font: FontkitFont;
  advances: Map<number, number>;
}
const parsed = new WeakMap<Uint8Array, ParsedFace>();

function parse(face: Face): ParsedFace {
  let p = parsed.get(face.bytes);
  if (!p) parsed.set(face.bytes, (p = { font: fontkit.create(face.bytes), advances: new Map() }));
  return p;
}

/** The face's fontkit font (parsed once per font file). */
export function fontkitFont(face: Face): FontkitFont {
  return parse(face).font;
}

/** Width of a run in em (no kerning: PDF `Tj` does not kern either; .notdef's advance for a missing glyph). */
export function textWidth(face: Face, text: string): number {
  const { font, advances } = parse(face);
  let w = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    let v = advances.get(cp);
    if (v === undefined) {
      v = font.glyphForCodePoint(cp).advanceWidth / font.unitsPerEm;
      advances.set(cp, v);
    }
    w += v;
  }
  return w;
}

interface Subset {
  encode(): Uint8Array;
  encodeStream?: () => unknown;
}

type Handler = (arg?: unknown) => void;

function patchSubset(s: Subset): Subset {
  s.encodeStream ??= () => {
    const handlers: Record<string, Handler> = {};
    const api = {
      on(event: string, fn: Handler) {
        handlers[event] = fn;
        return api;
      },
    };
    queueMicrotask(() => {
      try {
        handlers.data?.(s.encode());
        handlers.end?.();
      } catch (e) {
        handlers.error?.(e);
      }
    });
    return api;
  };
  return s;
}

/** What pdf-lib reads from a glyph: its id, advance (font units) and code points (for ToUnicode). */
interface GlyphLike {
  id: number;
  advanceWidth: number;
  codePoints: number[];
}

const wrappers = new WeakMap<FontkitFont, FontkitFont>();

/**
 * The font as pdf-lib sees it: the parsed fontkit font underneath (shared, via the prototype), with
 *  - `createSubset()` returning subsets that have `encodeStream()`;
 *  - `layout(text)` mapping each code point through the cmap, without OpenType shaping. PDF `Tj`
 *    draws glyphs at their advance widths anyway (no kerning), the block fonts need no ligatures or
 *    contextual forms for Latin and Cyrillic, and fontkit's GSUB/GPOS pass was ~40 % of a PDF render.
 *    The glyph objects are fresh records carrying their own code point, so the ToUnicode map stays
 *    right even when fontkit's shared glyph cache created a glyph first as a composite's component
 *    (without code points).
 */
function wrap(font: FontkitFont): FontkitFont {
  let w = wrappers.get(font);
  if (w) return w;
  const glyphs = new Map<number, GlyphLike>();
  const glyphFor = (cp: number): GlyphLike => {
    let g = glyphs.get(cp);
    if (!g) {
      const real = font.glyphForCodePoint(cp);
      g = { id: real.id, advanceWidth: real.advanceWidth, codePoints: [cp] };
      glyphs.set(cp, g);
    }
    return g;
  };
  const created = Object.create(font) as FontkitFont & { layout(text: string): { glyphs: GlyphLike[] } };
  created.layout = (text: string) => {
    const out: GlyphLike[] = [];
    for (const ch of text) out.push(glyphFor(ch.codePointAt(0)!));
    return { glyphs: out };
  };
  created.createSubset = () => patchSubset(font.createSubset.call(created) as Subset);
  wrappers.set(font, created);
  return created;
}

/** The object to pass to `PDFDocument.registerFontkit`. */
export function pdfFontkit(known: readonly Face[] = []) {
  return {
    create(bytes: Uint8Array | ArrayBuffer): FontkitFont {
      const face = known.find((f) => f.bytes === bytes);
      return wrap(face ? fontkitFont(face) : fontkit.create(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)));
    },
  };
}

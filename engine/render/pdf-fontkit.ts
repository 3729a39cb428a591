/**
 * pdf-lib ↔ upstream fontkit 2 adapter (formats-notes.md §5). pdf-lib documents @pdf-lib/fontkit,
 * whose subsetter corrupts Tinos' Cyrillic glyphs; upstream fontkit 2.0.4 subsets correctly but only
 * offers `subset.encode(): Uint8Array`, while pdf-lib's subset embedder calls the Node-stream style
 * `subset.encodeStream().on("data" | "end" | "error")`. This shim adds that method.
 *
 * Fonts already parsed by engine/render/fonts.ts (same byte array) are reused instead of parsed again
 * for every document; fontkit font objects are read-only apart from their glyph caches, and pdf-lib
 * creates a fresh subset per embedding, so sharing them between documents is safe (see wrap() for
 * the one cache detail that matters: glyph code points).
 */
import { fontkit, type Face, type FontkitFont } from "./fonts.ts";

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
      return wrap(face ? face.font : fontkit.create(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)));
    },
  };
}

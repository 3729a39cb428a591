/**
 * Text measurement without a DOM or a font parser (formats-notes.md §7): advance widths come from
 * precomputed tables — Tinos (metric twin of Times New Roman, T3) by default, or another font of the
 * allowlist (engine/fonts.ts). No kerning or shaping — the
 * difference is about 0.3 % for Cyrillic labels. Portable: no runtime-specific imports.
 *
 * Unknown code points (no glyph in the table: CJK, emoji, anything on the astral planes, C0/C1
 * controls) count as 1 em, a safe over-estimate. The text is iterated by code point, so a
 * surrogate pair is one unknown character, not two.
 */
import { LINE_SPACING, PT } from "../geometry/style.ts";
import { ARIMO, ARIMO_ADVANCES, ARIMO_EXTRA_ADVANCES } from "./metrics/arimo.ts";
import { DEJAVU_SANS, DEJAVU_SANS_ADVANCES, DEJAVU_SANS_EXTRA_ADVANCES } from "./metrics/dejavu-sans.ts";
import { PT_SANS, PT_SANS_ADVANCES, PT_SANS_EXTRA_ADVANCES } from "./metrics/pt-sans.ts";
import { PT_SERIF, PT_SERIF_ADVANCES, PT_SERIF_EXTRA_ADVANCES } from "./metrics/pt-serif.ts";
import { TINOS, TINOS_ADVANCES, TINOS_EXTRA_ADVANCES } from "./metrics/tinos.ts";

/** The fonts text can be measured in (the allowlist of engine/fonts.ts); Tinos is the default. */
export type FontId = "tinos" | "arimo" | "pt-serif" | "pt-sans" | "dejavu-sans";

interface FontMetrics {
  readonly family: string;
  readonly unitsPerEm: number;
  readonly ascent: number;
  readonly descent: number;
  readonly capHeight: number;
  readonly xHeight: number;
  readonly first: number;
}

type MetricSource = readonly [FontMetrics, readonly number[], readonly (readonly [number, number])[]];

const SOURCES: Record<FontId, MetricSource> = {
  tinos: [TINOS, TINOS_ADVANCES, TINOS_EXTRA_ADVANCES],
  arimo: [ARIMO, ARIMO_ADVANCES, ARIMO_EXTRA_ADVANCES],
  "pt-serif": [PT_SERIF, PT_SERIF_ADVANCES, PT_SERIF_EXTRA_ADVANCES],
  "pt-sans": [PT_SANS, PT_SANS_ADVANCES, PT_SANS_EXTRA_ADVANCES],
  "dejavu-sans": [DEJAVU_SANS, DEJAVU_SANS_ADVANCES, DEJAVU_SANS_EXTRA_ADVANCES],
};

/** Dense tables: every code point below TABLE_SIZE → advance in font units (unknown = 1 em). */
const TABLE_SIZE = 0x2300; // covers Latin, Cyrillic, general punctuation, arrows, math operators

function denseTable([m, advances, extras]: MetricSource): Uint16Array {
  const adv = new Uint16Array(TABLE_SIZE).fill(m.unitsPerEm);
  for (let i = 0; i < advances.length; i++) {
    const a = advances[i]!;
    if (a >= 0) adv[m.first + i] = a;
  }
  for (const [cp, a] of extras) if (a >= 0 && cp < TABLE_SIZE) adv[cp] = a;
  adv[0x09] = adv[0x20]!; // a tab renders as one collapsed space
  return adv;
}

/** Tinos (the default) is built eagerly; the others on first use. */
const UPM = TINOS.unitsPerEm;
const ADV = denseTable(SOURCES.tinos);
const tables = new Map<FontId, Uint16Array>([["tinos", ADV]]);

function tableOf(font: FontId): Uint16Array {
  let t = tables.get(font);
  if (!t) {
    const source = SOURCES[font];
    if (!source) throw new Error(`no metrics for font ${String(font)}`);
    t = denseTable(source);
    tables.set(font, t);
  }
  return t;
}

/**
 * Whether `font` has a glyph for `codePoint` according to its metric table (which covers Latin,
 * Cyrillic and the punctuation and math signs the engine writes; anything beyond counts as missing).
 * Read from the tables directly: no per-font set to build first (a fresh process's first SVG paid
 * ≈ 0.4 ms for Tinos's).
 */
export function hasGlyph(codePoint: number, font: FontId = "tinos"): boolean {
  const source = SOURCES[font];
  const advances = source[1];
  const i = codePoint - source[0].first;
  if (i >= 0 && i < advances.length && advances[i]! >= 0) return true;
  for (const [cp, a] of source[2]) if (cp === codePoint && a >= 0) return true;
  return false;
}

/** mm per font unit at 1 pt. */
const MM_PER_UNIT_PT = PT / UPM;

function sumUnits(text: string, adv: Uint16Array, upm: number): number {
  let units = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < TABLE_SIZE) {
      units += adv[c]!;
    } else {
      // High surrogate followed by a low one: one astral code point.
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
        const d = text.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) i++;
      }
      units += upm;
    }
  }
  return units;
}

/**
 * Sum of the advances of `text` in font units of `font` (an exact integer). Widths are additive: the
 * width of a + b is units(a) + units(b), which the wrapper relies on.
 */
export function textUnits(text: string, font: FontId = "tinos"): number {
  if (font !== "tinos") return sumUnits(text, tableOf(font), SOURCES[font][0].unitsPerEm);
  // Tinos, the default: the same loop over module constants (the hot path of every layout).
  let units = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < TABLE_SIZE) {
      units += ADV[c]!;
    } else {
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
        const d = text.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) i++;
      }
      units += UPM;
    }
  }
  return units;
}

/** Converts font units of `font` to millimetres at `sizePt`. The one formula every width goes through. */
export function unitsToMm(units: number, sizePt: number, font: FontId = "tinos"): number {
  if (font === "tinos") return units * sizePt * MM_PER_UNIT_PT;
  return units * sizePt * (PT / SOURCES[font][0].unitsPerEm);
}

/**
 * Width of a single line of text in mm, set in `font` (default Tinos/Times New Roman) at `sizePt`
 * points. A "\n" is not a line break here (wrap first); it counts as an unknown character.
 */
export function textWidthMm(text: string, sizePt: number, font: FontId = "tinos"): number {
  return unitsToMm(textUnits(text, font), sizePt, font);
}

/** Line pitch (baseline to baseline) in mm for `sizePt`: LINE_SPACING × size. */
export function lineHeightMm(sizePt: number): number {
  return LINE_SPACING * sizePt * PT;
}

/** Font metrics in mm at `sizePt` (positive ascent above, positive descent below the baseline). */
export function fontMetricsMm(
  sizePt: number,
  font: FontId = "tinos",
): { ascent: number; descent: number; capHeight: number } {
  const m = SOURCES[font][0];
  const k = sizePt * (PT / m.unitsPerEm);
  return { ascent: m.ascent * k, descent: -m.descent * k, capHeight: m.capHeight * k };
}

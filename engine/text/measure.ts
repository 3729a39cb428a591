/**
 * Text measurement without a DOM or a font parser (formats-notes.md §7): advance widths come from
 * the precomputed Tinos table (metric twin of Times New Roman, T3). No kerning or shaping — the
 * difference is about 0.3 % for Cyrillic labels. Portable: no runtime-specific imports.
 *
 * Unknown code points (no glyph in the table: CJK, emoji, anything on the astral planes, C0/C1
 * controls) count as 1 em, a safe over-estimate. The text is iterated by code point, so a
 * surrogate pair is one unknown character, not two.
 */
import { LINE_SPACING, PT } from "../geometry/style.ts";
import { TINOS, TINOS_ADVANCES, TINOS_EXTRA_ADVANCES } from "./metrics/tinos.ts";

const UPM = TINOS.unitsPerEm;

/** Dense table: every code point below TABLE_SIZE → advance in font units (unknown = 1 em). */
const TABLE_SIZE = 0x2300; // covers Latin, Cyrillic, general punctuation, arrows, math operators
const ADV = new Uint16Array(TABLE_SIZE).fill(UPM);
for (let i = 0; i < TINOS_ADVANCES.length; i++) {
  const a = TINOS_ADVANCES[i]!;
  if (a >= 0) ADV[TINOS.first + i] = a;
}
for (const [cp, a] of TINOS_EXTRA_ADVANCES) if (a >= 0 && cp < TABLE_SIZE) ADV[cp] = a;
ADV[0x09] = ADV[0x20]!; // a tab renders as one collapsed space

/** mm per font unit at 1 pt. */
const MM_PER_UNIT_PT = PT / UPM;

/**
 * Sum of the advances of `text` in font units (an exact integer). Widths are additive: the width of
 * a + b is units(a) + units(b), which the wrapper relies on.
 */
export function textUnits(text: string): number {
  let units = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c < TABLE_SIZE) {
      units += ADV[c]!;
    } else {
      // High surrogate followed by a low one: one astral code point.
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
        const d = text.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) i++;
      }
      units += UPM;
    }
  }
  return units;
}

/** Converts font units to millimetres at `sizePt`. The one formula every width goes through. */
export function unitsToMm(units: number, sizePt: number): number {
  return units * sizePt * MM_PER_UNIT_PT;
}

/**
 * Width of a single line of text in mm, set in Tinos/Times New Roman at `sizePt` points.
 * A "\n" is not a line break here (wrap first); it counts as an unknown character.
 */
export function textWidthMm(text: string, sizePt: number): number {
  return unitsToMm(textUnits(text), sizePt);
}

/** Line pitch (baseline to baseline) in mm for `sizePt`: LINE_SPACING × size. */
export function lineHeightMm(sizePt: number): number {
  return LINE_SPACING * sizePt * PT;
}

/** Font metrics in mm at `sizePt` (positive ascent above, positive descent below the baseline). */
export function fontMetricsMm(sizePt: number): { ascent: number; descent: number; capHeight: number } {
  const k = sizePt * MM_PER_UNIT_PT;
  return { ascent: TINOS.ascent * k, descent: -TINOS.descent * k, capHeight: TINOS.capHeight * k };
}

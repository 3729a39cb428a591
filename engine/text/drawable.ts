/**
 * Characters no chart font can draw — emoji above all (`print("Готово ✅🎉")`) — would come out as
 * empty boxes (tofu) in PNG and PDF and as whatever the viewer's fonts make of them in SVG and
 * DOCX (issue 20). They are dropped from every text of the chart tree before layout, so every
 * format shows the same text and the symbols are sized for it: a character stays when the chart's
 * font or the fallback DejaVu Sans has a glyph for it (engine/render/glyph-coverage.ts, exact); a
 * space left doubled by a dropped character goes with it.
 */
import type { ChartTree } from "../tree/schema.ts";
import { mapTexts } from "../tree/blocks.ts";
import { hasGlyph, type FontId } from "./measure.ts";

const FALLBACK: FontId = "dejavu-sans";

/** True when the sorted flat [first, last] pairs of `ranges` hold `cp` (binary search). */
export function inRanges(ranges: readonly number[], cp: number): boolean {
  let lo = 0;
  let hi = (ranges.length >> 1) - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (cp < ranges[mid * 2]!) hi = mid - 1;
    else if (cp > ranges[mid * 2 + 1]!) lo = mid + 1;
    else return true;
  }
  return false;
}

type Coverage = Readonly<Record<FontId, readonly number[]>>;

/** Whether some character of `text` is outside the metric tables (only then is the exact coverage needed). */
function anyRare(text: string, font: FontId): boolean {
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x7f) continue;
    if (!hasGlyph(cp, font) && !hasGlyph(cp, FALLBACK)) return true;
  }
  return false;
}

/** `text` without the characters neither `font` nor the fallback font has (control characters stay). */
export function drawableText(text: string, font: FontId, coverage: Coverage): string {
  let out = "";
  let dropped = false;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    // The joiners and variation selectors of a dropped emoji sequence (👨‍👩‍👧, ❤️) go with it.
    if (dropped && (cp === 0x200d || (cp >= 0xfe00 && cp <= 0xfe0f))) continue;
    if (cp < 0x20 || inRanges(coverage[font], cp) || inRanges(coverage[FALLBACK], cp)) {
      // A space after a dropped character that followed a space: one space is enough.
      if (!(dropped && ch === " " && (out.endsWith(" ") || out === ""))) out += ch;
      dropped = false;
    } else {
      dropped = true;
    }
  }
  return out;
}

/** Drops the undrawable characters from every text of `tree` (in place); loads the coverage table only when needed. */
export async function dropUndrawable(tree: ChartTree, font: FontId): Promise<void> {
  let rare = false;
  for (const chart of tree) mapTexts(chart.block, (text) => {
    rare ||= anyRare(text, font);
    return text;
  });
  if (!rare) return;
  const { GLYPH_COVERAGE } = await import("../render/glyph-coverage.ts");
  for (const chart of tree) mapTexts(chart.block, (text) => (anyRare(text, font) ? drawableText(text, font, GLYPH_COVERAGE) : text));
}

/**
 * The font allowlist (interface.md §2.1 `font`): open fonts with full Ukrainian Cyrillic, each with
 * precomputed metrics (engine/text/metrics/) so measurement, SVG, PNG, PDF and Typst use the same
 * face. DOCX names the Microsoft original where the font is its metric twin (Tinos → Times New
 * Roman, Arimo → Arial). Portable: no runtime-specific imports.
 */
import type { FontAssetName } from "./assets.ts";
import { EngineError } from "./errors.ts";
import type { FontId } from "./text/measure.ts";

export type { FontId } from "./text/measure.ts";

export interface FontChoice {
  id: FontId;
  /** Family as written into the geometry and the SVG/Typst/PDF output. */
  family: string;
  /** The regular TTF the binary renderers (PNG, PDF) draw with. */
  asset: FontAssetName;
  /** The font Word is told to use (and Typst tries first). */
  word: string;
  /** CSS fallbacks written after the family in SVG. */
  css: string;
}

export const FONTS: Readonly<Record<FontId, FontChoice>> = {
  tinos: { id: "tinos", family: "Tinos", asset: "Tinos-Regular.ttf", word: "Times New Roman", css: "'Times New Roman', serif" },
  arimo: { id: "arimo", family: "Arimo", asset: "Arimo-Regular.ttf", word: "Arial", css: "Arial, sans-serif" },
  "pt-serif": { id: "pt-serif", family: "PT Serif", asset: "PTSerif-Regular.ttf", word: "PT Serif", css: "serif" },
  "pt-sans": { id: "pt-sans", family: "PT Sans", asset: "PTSans-Regular.ttf", word: "PT Sans", css: "sans-serif" },
  "dejavu-sans": { id: "dejavu-sans", family: "DejaVu Sans", asset: "DejaVuSans.ttf", word: "DejaVu Sans", css: "sans-serif" },
};

/** The default font: Tinos, the metric twin of Times New Roman (T3). */
export const DEFAULT_FONT: FontChoice = FONTS.tinos;

/** Request names (as documented) → font. Matching ignores case and repeated/outer spaces. */
const NAMES: readonly (readonly [string, FontId])[] = [
  ["Times New Roman", "tinos"],
  ["Tinos", "tinos"],
  ["Arial", "arimo"],
  ["Arimo", "arimo"],
  ["PT Serif", "pt-serif"],
  ["PT Sans", "pt-sans"],
  ["DejaVu Sans", "dejavu-sans"],
];

/** The names a request may use, for messages and documentation. */
export const FONT_NAMES: readonly string[] = NAMES.map(([name]) => name);

const normalize = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase();
/** Built on the first named font: most requests name none, and every fresh process paid for it. */
let byName: Map<string, FontId> | undefined;

/** The font of a request's `font` field (undefined → the default); unknown names are a bad_request. */
export function parseFont(name: unknown): FontChoice {
  if (name === undefined || name === null) return DEFAULT_FONT;
  byName ??= new Map(NAMES.map(([known, id]) => [normalize(known), id]));
  const id = typeof name === "string" ? byName.get(normalize(name)) : undefined;
  if (id === undefined) {
    const shown = typeof name === "string" ? `"${name.slice(0, 60)}"` : `of type ${typeof name}`;
    throw new EngineError("bad_request", `font ${shown} is not available; allowed: ${FONT_NAMES.join(", ")}`);
  }
  return FONTS[id];
}

const FONT_LIST: readonly FontChoice[] = Object.values(FONTS);

/** The allowlisted font whose geometry family is `family`, if any. */
export function findFontByFamily(family: string): FontChoice | undefined {
  for (const f of FONT_LIST) if (f.family === family) return f;
  return undefined;
}

/** The font whose geometry family is `family` (a geometry built by the layout); Tinos otherwise. */
export function fontByFamily(family: string): FontChoice {
  return findFontByFamily(family) ?? DEFAULT_FONT;
}

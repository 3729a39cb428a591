/**
 * Sizing of symbols around their text (drawing-rules G2, T4, T5; issue 20): every symbol starts at
 * b × a (or its own proportion), text is wrapped to the symbol's text area with the real font
 * metrics; a text that does not fit widens the symbol to 2a for one line (a condition to 80 mm),
 * to 60 mm at height a, and then grows it downwards in whole lines at the narrowest width that keeps
 * it no taller than half its width (sizeShape). Text never leaves its area; only a text no symbol
 * holds is shortened, with the whole text in a comment.
 */
import type { Box, ShapeKind } from "../geometry/types.ts";
import {
  A, CALL_INSET, COMMENT_GAP, COMMENT_TEXT_WIDTH, COMMENT_TICK, FONT_SIZE, HEXAGON_TIP, IO_SKEW, LOOP_CHAMFER, MAX_SHAPE_WIDTH,
  PAGE_PART_HEIGHT, PAGE_PART_WIDTH, TEXT_PADDING, WIDEN_STEP,
} from "../geometry/style.ts";
import { STANDARD, type Module } from "./module.ts";
import type { FontChoice } from "../fonts.ts";
import { lineHeightMm, textWidthMm, type FontId } from "../text/measure.ts";
import { prepareWrap, widestLineMm } from "../text/wrap.ts";

export interface SizedText {
  w: number;
  h: number;
  lines: string[];
  /** Text area relative to the symbol's top-left corner. */
  textBox: Box;
  /**
   * The full text in a comment symbol (S10) when it does not fit the symbol even at its widest:
   * the symbol then holds a short form ending in "…" (T2, T5) at height a.
   */
  comment?: SizedText;
}

/** Symbols whose text may move to a comment (those drawn on the spine with one line in and out). */
const COMMENTABLE: ReadonlySet<ShapeKind> = new Set(["process", "io", "call"]);

const PITCH = lineHeightMm(FONT_SIZE);

/** Widths tried in order: b, 2a, then 5 mm steps up to `widest`. */
function widthsOf(m: Module, widest: number): number[] {
  return [m.b, m.bWide, ...widthsBeyond(m.bWide, widest)];
}

/** Widths in 5 mm steps after `from` up to `to`. */
function widthsBeyond(from: number, to: number): number[] {
  const list: number[] = [];
  for (let w = from + WIDEN_STEP; w <= to + 1e-9; w += WIDEN_STEP) list.push(w);
  return list;
}

/** The text area (T4) of a symbol of kind `kind` and size w × h, relative to its corner. */
export function textArea(kind: ShapeKind, w: number, h: number): Box {
  const p = TEXT_PADDING;
  switch (kind) {
    case "process":
    case "comment":
      return { x: p, y: p, w: w - 2 * p, h: h - 2 * p };
    case "call":
      return { x: CALL_INSET + p, y: p, w: w - 2 * (CALL_INSET + p), h: h - 2 * p };
    case "io":
      return { x: IO_SKEW + p, y: p, w: w - 2 * (IO_SKEW + p), h: h - 2 * p };
    case "decision":
      return { x: w / 4, y: h / 4, w: w / 2, h: h / 2 };
    case "hexagon":
      return { x: HEXAGON_TIP + p, y: p, w: w - 2 * (HEXAGON_TIP + p), h: h - 2 * p };
    case "loop_begin":
    case "loop_end":
      return { x: LOOP_CHAMFER, y: p, w: w - 2 * LOOP_CHAMFER, h: h - 2 * p };
    case "terminator":
      return { x: h / 2, y: p / 2, w: w - h, h: h - p };
    case "connector": {
      const side = w / Math.SQRT2;
      return { x: (w - side) / 2, y: (h - side) / 2, w: side, h: side };
    }
  }
}

function baseHeight(kind: ShapeKind, m: Module): number {
  return kind === "terminator" ? m.terminator : kind === "connector" ? m.connector : m.a;
}

export type Wrapper = ReturnType<typeof prepareWrap>;

function attempt(kind: ShapeKind, wrap: Wrapper, w: number, h: number, font: FontId): SizedText | null {
  const area = textArea(kind, w, h);
  const lines = wrap(area.w, FONT_SIZE);
  if (widestLineMm(lines, FONT_SIZE, font) > area.w || lines.length * PITCH > area.h) return null;
  return { w, h, lines, textBox: area };
}

/** A connector: a circle of at least `diameter` that grows as a whole until its label fits. */
function sizeConnector(text: string, font: FontId, diameter: number): SizedText {
  const wrap = prepareWrap(text, font);
  const d = firstStep(diameter, (d) => attempt("connector", wrap, d, d, font) !== null);
  return attempt("connector", wrap, d, d, font)!;
}

/**
 * The smallest `start + k·WIDEN_STEP` (k ≥ 0) at which `fits` holds, for a `fits` that stays true
 * once true (a wider or taller symbol holds whatever a smaller one does). Doubling, then bisecting:
 * O(log k) tries, each a wrap of the whole text — a step-by-step walk made a long text quadratic
 * (a 200 KB string literal took a minute to size).
 */
function firstStep(start: number, fits: (value: number) => boolean): number {
  if (fits(start)) return start;
  let lo = 0; // fits(start + lo·step) is false
  let hi = 1;
  while (!fits(start + hi * WIDEN_STEP)) {
    lo = hi;
    hi *= 2;
  }
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    if (fits(start + mid * WIDEN_STEP)) hi = mid;
    else lo = mid;
  }
  return start + hi * WIDEN_STEP;
}

/**
 * What `fit` gives at the first of `widths` (ascending) where it gives anything, for a `fit` that
 * keeps giving once it does (a wider symbol holds whatever a narrower one does): galloping (the
 * 1st, 2nd, 4th, 8th … width), then bisecting the last step, so a symbol is sized with O(log k)
 * wraps of its text for the k-th width, not one wrap per width tried — and most texts, which fit
 * the first or second width, with one or two.
 */
function firstFitting(widths: readonly number[], fit: (w: number) => SizedText | null): SizedText | null {
  const n = widths.length;
  let lo = -1; // fit(widths[lo]) gives nothing (-1: before the first)
  let hi = 0;
  let found: SizedText | null = null;
  for (;;) {
    if (hi >= n) {
      if (lo === n - 1) return null;
      hi = n - 1;
    }
    found = fit(widths[hi]!);
    if (found) break;
    if (hi === n - 1) return null;
    lo = hi;
    hi = 2 * hi + 1;
  }
  while (hi - lo > 1) {
    const mid = (lo + hi) >>> 1;
    const at = fit(widths[mid]!);
    if (at) {
      hi = mid;
      found = at;
    } else {
      lo = mid;
    }
  }
  return found;
}

/** A forced line break of wrap.ts (a break at either end of a text is dropped there). */
const LINE_BREAK = /[\n\r\u2028\u2029]/;

/**
 * Sizes a symbol for its text (G2, G3, T5; issue 20). A symbol is b × a, or 2a wide for a text
 * that then fits on one line (a condition or loop header up to 80 mm: a rhombus's text area is half
 * its width; a terminator up to half a page), or up to 60 mm wide for the lines height a holds. A
 * longer text grows the symbol downwards in whole lines (5 mm steps, one line of
 * 12 pt each) within a bounded width: it takes the narrowest width of b, 2a, 2a + 5 mm … half a
 * page at which its lines fit a symbol no taller than half its width — the proportion the
 * standard's b ≥ 1.5a keeps, so a long output becomes a 60 × 30 block, not a 165 × 20 strip, and a
 * long condition a rhombus of more lines, not a flat one. Past half a page (a decision or hexagon:
 * the page), only taller, up to half the page's height; only a text longer than that block holds
 * becomes a short form ending in "…" with the whole text in a comment symbol.
 */
function sizeShape(kind: ShapeKind, text: string, wrap: Wrapper, font: FontId, minWidth: number, m: Module, narrow: boolean): SizedText {
  if (kind === "connector") return sizeConnector(text, font, m.connector);
  const h0 = baseHeight(kind, m);
  // The widest a symbol gets is the page's; a decision or hexagon leaves room on each side for a
  // branch that leaves its vertex for a connector (a stub and a connector), so its chart fits too.
  const pageWidest = kind === "decision" || kind === "hexagon" ? PAGE_PART_WIDTH - 2 * (m.stub + m.connector) : PAGE_PART_WIDTH;
  const widest = kind === "decision" || kind === "hexagon" ? pageWidest : MAX_SHAPE_WIDTH;
  const widths = widthsOf(m, widest).filter((w) => w >= minWidth);
  if (widths.length === 0) widths.push(minWidth);
  // The lines at each text-area width and the widest of them, wrapped and measured once (only a
  // terminator's area narrows as the symbol grows taller).
  const wrapped = new Map<number, { lines: string[]; widest: number }>();
  const linesAt = (areaWidth: number) => {
    let at = wrapped.get(areaWidth);
    if (!at) {
      const lines = wrap(areaWidth, FONT_SIZE);
      wrapped.set(areaWidth, (at = { lines, widest: widestLineMm(lines, FONT_SIZE, font) }));
    }
    return at;
  };
  const fitAt = (w: number, h: number): SizedText | null => {
    const area = textArea(kind, w, h);
    const { lines, widest } = linesAt(area.w);
    if (widest > area.w || lines.length * PITCH > area.h) return null;
    return { w, h, lines, textBox: area };
  };
  /** At width w, the lowest symbol from h0 up to `tallest` in 5 mm steps that holds the text. */
  const lowest = (w: number, tallest: number): SizedText | null => {
    for (let h = h0; h <= tallest + 1e-9; h += WIDEN_STEP) {
      const fit = fitAt(w, h);
      if (fit) return fit;
      // Any other symbol's line too wide for its area stays too wide as it grows taller.
      const area = textArea(kind, w, h);
      if (kind !== "terminator" && linesAt(area.w).widest > area.w) return null;
    }
    return null;
  };
  // One line, on a symbol up to 2a wide (a condition or loop header up to 3a; a terminator, which
  // carries one line, up to half a page). A chart too wide for the page (`narrow`) wraps every text
  // to the narrowest symbol; a text with a line break (a loop limit's name and condition) never
  // reads on one line.
  // (4a of the standard module, 80 mm, at a = 15 too: a condition that reads on one line at a = 20
  // does at a = 15, or the smaller module would make the chart taller.)
  const oneLineWidest = kind === "decision" || kind === "hexagon" ? 4 * A : kind === "terminator" ? MAX_SHAPE_WIDTH : m.bWide;
  const oneLineWidths = narrow || LINE_BREAK.test(text.trim()) ? [] : widths.filter((w) => w <= oneLineWidest);
  const oneLine = firstFitting(oneLineWidths, (w) => {
    const fit = fitAt(w, h0);
    return fit && fit.lines.length === 1 ? fit : null;
  });
  if (oneLine) return oneLine;
  // Several lines at height a, up to 60 mm (3a of the standard module, at a = 15 too) wide (T5:
  // wrap, then widen); then whole lines downwards, at the narrowest width whose symbol stays no
  // taller than half its width.
  const atA = firstFitting(widths.filter((w) => w <= 3 * A), (w) => fitAt(w, h0));
  if (atA) return atA;
  const proportioned = firstFitting(widths, (w) => lowest(w, Math.max(h0, w / 2)));
  if (proportioned) return proportioned;
  // Longer still: the widest symbol, taller, up to half the page's height — at the narrowest width
  // (up to the page's) where the widest unbreakable piece (wrapping at width 0 puts each on a line
  // of its own) fits.
  const widestAtom = widestLineMm(wrap(0, FONT_SIZE), FONT_SIZE, font);
  const tallest = PAGE_PART_HEIGHT / 2;
  const atomWidths = [...widths, ...widthsBeyond(widths[widths.length - 1]!, pageWidest)];
  const base = atomWidths.find((w) => w >= widest && textArea(kind, w, tallest).w >= widestAtom);
  if (base !== undefined) {
    const tall = lowest(base, tallest);
    if (tall) return tall;
  }
  // Longer than any symbol holds, or with a token wider than the page (T5's last remedy, T2): a
  // short form in the symbol, the full text in a comment (which alone may cut a token). The symbol itself keeps a modest width (2a, or the chart's common width): its
  // short form fits any width, and symbol, gap and comment must fit the page side by side.
  if (COMMENTABLE.has(kind)) return withComment(kind, wrap, text, Math.max(m.bWide, minWidth), h0, font, narrow);
  // A symbol with no comment (a decision's endless condition), or a token wider than the page's
  // symbol: the widest symbol grows as tall as its text needs, and a token wider than its text
  // area alone is cut between characters, as in a comment. No symbol, and no chart for its sake,
  // is wider than the page (issue 12).
  const w = base ?? pageWidest;
  const cut: Wrapper = (width, size) => wrap(width, size).flatMap((line) => cutToWidth(line, width, font));
  const h = firstStep(h0 + WIDEN_STEP, (h) => attempt(kind, cut, w, h, font) !== null);
  return attempt(kind, cut, w, h, font)!;
}

/**
 * A symbol of width `w` holding as many lines of its text as fit at height `h`, the last one ending
 * in "…", and the whole text in a comment beside it. The comment may take the page beside the
 * symbol; in a chart too wide for the page (`narrow`) only the right half-page beside a symbol on
 * the page's middle, as a spine pushed there by a page-wide decision puts it.
 */
function withComment(kind: ShapeKind, wrap: Wrapper, text: string, w: number, h: number, font: FontId, narrow: boolean): SizedText {
  const area = textArea(kind, w, h);
  const rows = Math.max(1, Math.floor(area.h / PITCH));
  // The lines that fit, up to the first one holding a piece wider than the symbol (a huge literal).
  const lines: string[] = [];
  for (const line of wrap(area.w, FONT_SIZE)) {
    if (lines.length === rows || textWidthMm(line, FONT_SIZE, font) > area.w) break;
    lines.push(line);
  }
  let last = lines.pop() ?? "";
  while (last !== "" && textWidthMm(`${last} …`, FONT_SIZE, font) > area.w) last = last.replace(/\s*\S+$/, "");
  lines.push(last === "" ? "…" : `${last} …`);
  const beside = narrow ? (PAGE_PART_WIDTH - w) / 2 - COMMENT_GAP : PAGE_PART_WIDTH - w - COMMENT_GAP;
  return { w, h, lines, textBox: area, comment: sizeComment(text, font, beside) };
}

/**
 * A comment symbol (S10) around `text`, `room` wide at most (the page beside its symbol and the
 * dashed link, so the two fit the page together): wrapped at COMMENT_TEXT_WIDTH, left-aligned,
 * wider for one long token up to the room. A token wider than that (a long literal) is the one
 * thing broken, here in the comment only: at its inner spaces, else between characters.
 */
function sizeComment(text: string, font: FontId, room: number): SizedText {
  const limit = room - 2 * TEXT_PADDING;
  const lines = prepareWrap(text, font)(Math.min(COMMENT_TEXT_WIDTH, limit), FONT_SIZE).flatMap((line) => cutToWidth(line, limit, font));
  const w = Math.max(COMMENT_TICK, widestLineMm(lines, FONT_SIZE, font)) + 2 * TEXT_PADDING;
  const h = lines.length * PITCH + 2 * TEXT_PADDING;
  return { w, h, lines, textBox: textArea("comment", w, h) };
}

/**
 * `line` in pieces no wider than `limit` (widths are additive): each piece ends at its last space
 * that leaves it within the limit (the space goes, as at any line break), else between code points.
 */
function cutToWidth(line: string, limit: number, font: FontId): string[] {
  if (textWidthMm(line, FONT_SIZE, font) <= limit) return [line];
  const out: string[] = [];
  let current = "";
  let width = 0;
  for (const ch of line) {
    const w = textWidthMm(ch, FONT_SIZE, font);
    if (current !== "" && width + w > limit) {
      const space = current.lastIndexOf(" ");
      if (space > 0) {
        out.push(current.slice(0, space));
        current = current.slice(space + 1);
      } else {
        out.push(current);
        current = "";
      }
      width = textWidthMm(current, FONT_SIZE, font);
    }
    current += ch;
    width += w;
  }
  if (current !== "") out.push(current);
  return out;
}

/** Sized symbols by kind, minimum width (or connector diameter) and text. */
export type SizedTexts = Map<ShapeKind, Map<number, Map<string, SizedText>>>;

/**
 * Sizes symbols and labels of one layout in its font and module (measurement and the family
 * recorded in the geometry both come from here); the module's gaps travel with it, so every stage
 * that sizes or places something reads one Module.
 */
export class Sizer {
  /**
   * One layout sizes every text many times (the common-width pass, then every candidate the fit
   * stage plans): remember them, by kind, minimum width and text — nested maps, so a lookup hashes
   * no new string (a text taken from the tree is the same string every time).
   */
  private readonly sized: SizedTexts;

  readonly font: FontChoice;
  readonly module: Module;
  /** Wrap texts to the narrowest symbol T5 allows instead of widening for one line (fit/fit-chart.ts). */
  readonly narrow: boolean;

  /**
   * Texts lexed for wrapping (wrap.ts prepareWrap), by text: lexing depends on the text and the font
   * only, so the sizers of every module and narrowness in one font share it — a text sized at
   * several modules and minimum widths is lexed once (on a cold start, interpreted).
   */
  private readonly lexed: Map<string, Wrapper>;

  /**
   * `sized`: the sizes already known in the same font, symbol height a and narrowness — shared by
   * modules that differ only in their gaps, which size nothing. `lexed`: the texts already lexed in
   * the same font.
   */
  constructor(font: FontChoice, module: Module = STANDARD, narrow = false, sized: SizedTexts = new Map(), lexed: Map<string, Wrapper> = new Map()) {
    this.font = font;
    this.module = module;
    this.narrow = narrow;
    this.sized = sized;
    this.lexed = lexed;
  }

  private wrapperOf(text: string): Wrapper {
    let wrap = this.lexed.get(text);
    if (!wrap) this.lexed.set(text, (wrap = prepareWrap(text, this.font.id)));
    return wrap;
  }

  /** A symbol of `kind` around `text`, at least `minWidth` wide (connectors grow as circles). */
  shape(kind: ShapeKind, text: string, minWidth = this.module.b): SizedText {
    const texts = this.textsOf(kind, minWidth);
    let result = texts.get(text);
    if (!result) {
      result = sizeShape(kind, text, this.wrapperOf(text), this.font.id, minWidth, this.module, this.narrow);
      texts.set(text, result);
    }
    return result;
  }

  /** A connector circle of at least `diameter` around `label`. */
  connector(label: string, diameter: number): SizedText {
    const texts = this.textsOf("connector", diameter);
    let result = texts.get(label);
    if (!result) {
      result = sizeConnector(label, this.font.id, diameter);
      texts.set(label, result);
    }
    return result;
  }

  private textsOf(kind: ShapeKind, width: number): Map<string, SizedText> {
    let byWidth = this.sized.get(kind);
    if (!byWidth) this.sized.set(kind, (byWidth = new Map()));
    let texts = byWidth.get(width);
    if (!texts) byWidth.set(width, (texts = new Map()));
    return texts;
  }

  /** Width and height of a one-line branch label. */
  label(text: string): { w: number; h: number } {
    return { w: textWidthMm(text, FONT_SIZE, this.font.id), h: PITCH };
  }
}

/**
 * SVG renderer: Geometry → a standalone SVG 1.1 document in millimetres.
 * Black on white, one stroke width, filled arrowheads as polygons (no markers, for resvg/Chromium/Word
 * parity). Shape outlines and text placement come from engine/geometry/outline.ts.
 * Output is deterministic: numbers rounded to 0.01 mm, fixed element and attribute order.
 */
import type { Box, ChartGeometry, Edge, FontSpec, Geometry, Part, Point, Shape } from "../geometry/types.ts";
import { DEFAULT_FONT, findFontByFamily } from "../fonts.ts";
import { hasGlyph, textWidthMm, type FontId } from "../text/measure.ts";
import { COMMENT_DASH, COMMENT_DASH_GAP, PT } from "../geometry/style.ts";
import {
  arrowhead,
  outline,
  placeText,
  type PlacedLine,
  shapeTextAlign,
  strokedPoints,
  type Outline,
  type TextAlign,
} from "../geometry/outline.ts";

/** A number rounded to 0.01 without trailing zeros or "-0". */
export function num(n: number): string {
  // Same value as String(round2(n)) of geometry/outline.ts, built from integers: number-to-string is the hot spot here.
  if (!Number.isFinite(n)) throw new RangeError(`non-finite coordinate: ${n}`);
  let r = Math.round(n * 100);
  if (r === 0) return "0";
  const sign = r < 0 ? "-" : "";
  if (r < 0) r = -r;
  const whole = Math.floor(r / 100);
  const cents = r - whole * 100;
  if (cents === 0) return sign + whole;
  if (cents % 10 === 0) return `${sign}${whole}.${cents / 10}`;
  return `${sign}${whole}.${cents < 10 ? "0" : ""}${cents}`;
}

/**
 * Removes characters that XML 1.0 does not allow (C0 controls except tab/LF/CR, lone surrogates,
 * U+FFFE, U+FFFF). Valid surrogate pairs (emoji, rare CJK) pass unchanged.
 */
export function stripInvalidXml(s: string): string {
  let out = "";
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    const ok =
      c === 0x9 ||
      c === 0xa ||
      c === 0xd ||
      (c >= 0x20 && c <= 0xd7ff) ||
      (c >= 0xe000 && c <= 0xfffd) ||
      (c >= 0x10000 && c <= 0x10ffff);
    if (ok) out += ch;
  }
  return out;
}

/** Escapes text for element content and attribute values (all five XML specials). */
export function escapeXml(s: string): string {
  // Most strings need neither: one test for both (each a native call from the interpreter, where a
  // fresh process draws).
  if (!NEEDS_ANY.test(s)) return s;
  const clean = NEEDS_STRIP.test(s) ? stripInvalidXml(s) : s;
  if (!SPECIALS.test(clean)) return clean;
  // Five plain replaces (`&` first), not one with a callback: calling back into JavaScript for each
  // match cost a fresh process ≈ 100 µs for the 36 quoted texts of a 57-block chart, these ≈ 30 µs.
  return clean.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&apos;");
}

/** Characters that may be illegal in XML (surrogates included: pairs are checked one by one). */
const NEEDS_STRIP = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;
const SPECIALS = /[&<>"']/;
const NEEDS_ANY = /[&<>"'\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;

const ESC: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** A CSS font-family entry: bare when it is a plain identifier, single-quoted otherwise. */
function cssFamily(name: string): string {
  if (/^[A-Za-z][A-Za-z0-9-]*$/.test(name)) return name;
  return `'${name.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
}

/** `Tinos, 'Times New Roman', serif` (the fallbacks depend on the font), escaped for a double-quoted attribute (single quotes kept as is). */
function familyAttr(family: string): string {
  const value = `${cssFamily(family)}, ${(findFontByFamily(family) ?? DEFAULT_FONT).css}`;
  return stripInvalidXml(value).replace(/[&<>"]/g, (c) => ESC[c]!);
}

function pts(points: readonly Point[]): string {
  // A loop, not map + join: a fresh process draws in the interpreter, where each callback costs.
  let out = "";
  for (let i = 0; i < points.length; i++) out += `${i === 0 ? "" : " "}${num(points[i]!.x)},${num(points[i]!.y)}`;
  return out;
}

function outlineElement(o: Outline): string {
  switch (o.kind) {
    case "rect":
      return `<rect x="${num(o.x)}" y="${num(o.y)}" width="${num(o.w)}" height="${num(o.h)}"/>`;
    case "stadium":
      return `<rect x="${num(o.x)}" y="${num(o.y)}" width="${num(o.w)}" height="${num(o.h)}" rx="${num(o.r)}" ry="${num(o.r)}"/>`;
    case "circle":
      return `<circle cx="${num(o.cx)}" cy="${num(o.cy)}" r="${num(o.r)}"/>`;
    case "polygon":
      return `<polygon points="${pts(o.points)}"/>`;
    case "open":
      return `<polyline points="${pts(o.points)}" fill="none"/>`;
  }
}

interface Ctx {
  /** Paint the canvas and the shapes white (see SvgOptions.paper). */
  paper: boolean;
  /** Root font family; a text element repeats font-family only when its own differs. */
  family: string;
  /** With SvgOptions.band: the canvas y range whose elements are written (the band and a margin). */
  keep: { top: number; bottom: number } | null;
}

/**
 * How far outside a band an element is still written: more than any stroke, arrowhead or glyph
 * overhang reaches, so a band's pixels are exactly those of the whole drawing.
 */
const BAND_MARGIN = 10;

/** True when an element spanning canvas y top … bottom can paint inside the band. */
function kept(ctx: Ctx, top: number, bottom: number): boolean {
  return !ctx.keep || (bottom >= ctx.keep.top && top <= ctx.keep.bottom);
}

function pointsKept(ctx: Ctx, points: readonly Point[]): boolean {
  if (!ctx.keep) return true;
  let top = Infinity;
  let bottom = -Infinity;
  for (const p of points) {
    top = Math.min(top, p.y);
    bottom = Math.max(bottom, p.y);
  }
  return kept(ctx, top, bottom);
}

function textElement(ctx: Ctx, box: Box, lines: readonly string[], font: FontSpec, align: TextAlign, attrs = ""): string {
  const placed = placeText(box, lines, font.size, align, ctx.keep ?? undefined);
  if (placed.length === 0) return "";
  const anchor = align === "center" ? "middle" : "start";
  const fam = font.family !== ctx.family ? ` font-family="${familyAttr(font.family)}"` : "";
  const fontId = findFontByFamily(font.family)?.id ?? DEFAULT_FONT.id;
  let spans = "";
  for (const line of placed) spans += lineSpans(line, fontId, font.size, align);
  return `<text${attrs}${fam} font-size="${num(font.size * PT)}" text-anchor="${anchor}" xml:space="preserve">${spans}</text>`;
}

const FALLBACK: FontId = "dejavu-sans";
const FALLBACK_FAMILY = "DejaVu Sans";

/** A character `font` lacks and the fallback font has. */
function needsFallback(cp: number, font: FontId): boolean {
  return !hasGlyph(cp, font) && hasGlyph(cp, FALLBACK);
}

/** Whether some character of `text` is set in the fallback font rather than in `font`. */
function anyFallback(text: string, font: FontId): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // Printable ASCII is in every font of the allowlist (test/text.test.ts): most characters
    // of a chart skip the table look-up, which a fresh process runs in the interpreter.
    if (c >= 0x20 && c < 0x7f) continue;
    if (needsFallback(text.codePointAt(i)!, font)) return true;
  }
  return false;
}

/**
 * One placed line as tspans. Characters the font lacks (∈ ∉ ∧ ∨ in Tinos) go into runs of their own
 * set in DejaVu Sans, each run positioned explicitly: a renderer that falls back per text chunk
 * (resvg) would otherwise set the whole line in the fallback font.
 */
function lineSpans(line: PlacedLine, font: FontId, sizePt: number, align: TextAlign): string {
  // Almost every line is all in the font: one span, without splitting it into runs.
  if (!anyFallback(line.text, font)) return `<tspan x="${num(line.x)}" y="${num(line.y)}">${escapeXml(line.text)}</tspan>`;
  const runs: { text: string; fallback: boolean }[] = [];
  for (const ch of line.text) {
    const fallback = needsFallback(ch.codePointAt(0)!, font);
    const last = runs[runs.length - 1];
    if (last && last.fallback === fallback) last.text += ch;
    else runs.push({ text: ch, fallback });
  }
  const widths = runs.map((r) => textWidthMm(r.text, sizePt, r.fallback ? FALLBACK : font));
  const total = widths.reduce((a, b) => a + b, 0);
  let x = align === "center" ? line.x - total / 2 : line.x;
  return runs
    .map((r, i) => {
      const fam = r.fallback ? ` font-family="${familyAttr(FALLBACK_FAMILY)}"` : "";
      const span = `<tspan x="${num(x)}" y="${num(line.y)}" text-anchor="start"${fam}>${escapeXml(r.text)}</tspan>`;
      x += widths[i]!;
      return span;
    })
    .join("");
}

function shapeElement(ctx: Ctx, s: Shape): string {
  const o = outline(s);
  const parts = [outlineElement(o.outline)];
  for (const l of o.lines) {
    parts.push(`<line x1="${num(l.a.x)}" y1="${num(l.a.y)}" x2="${num(l.b.x)}" y2="${num(l.b.y)}"/>`);
  }
  const text = textElement(ctx, s.textBox, s.text, s.font, shapeTextAlign(s.kind), ` fill="#000" stroke="none"`);
  if (text) parts.push(text);
  const src = s.source !== undefined ? ` data-source="${num(s.source)}"` : "";
  return `<g data-id="${escapeXml(s.id)}" data-kind="${s.kind}"${src}>${parts.join("")}</g>`;
}

/** The comment link (S10, L8): dashed, with butt ends so the dashes keep their length. */
const DASHED = ` stroke-dasharray="${num(COMMENT_DASH)} ${num(COMMENT_DASH_GAP)}" stroke-linecap="butt"`;

function edgeElements(e: Edge): { line: string; arrow: string } {
  const line =
    e.points.length >= 2
      ? `<polyline data-id="${escapeXml(e.id)}" points="${pts(strokedPoints(e.points, e.arrow))}"${e.dashed ? DASHED : ""}/>`
      : "";
  const head = e.arrow ? arrowhead(e.points) : null;
  const arrow = head ? `<polygon data-id="${escapeXml(e.id)}" points="${pts(head)}"/>` : "";
  return { line, arrow };
}

function partElement(ctx: Ctx, g: Geometry, chartId: string, part: Part): string {
  const out: string[] = [];
  out.push(`<g id="${chartId}-part-${num(part.index)}">`);
  out.push(
    `<g class="shapes" fill="${ctx.paper ? "#fff" : "none"}" stroke="#000" stroke-width="${num(g.stroke)}" stroke-linejoin="miter" stroke-linecap="butt">`,
  );
  for (const s of part.shapes) if (kept(ctx, s.y, s.y + s.h)) out.push(shapeElement(ctx, s));
  out.push(`</g>`);
  const lines: string[] = [];
  const arrows: string[] = [];
  for (const e of part.edges) {
    if (!pointsKept(ctx, e.points)) continue;
    const { line, arrow } = edgeElements(e);
    if (line) lines.push(line);
    if (arrow) arrows.push(arrow);
  }
  out.push(
    `<g class="edges" fill="none" stroke="#000" stroke-width="${num(g.stroke)}" stroke-linejoin="miter" stroke-linecap="square">`,
    ...lines,
    `</g>`,
  );
  out.push(`<g class="arrows" fill="#000" stroke="none">`, ...arrows, `</g>`);
  const labels: string[] = [];
  for (const e of part.edges) {
    if (e.label === undefined || e.label === "" || !e.labelBox || !kept(ctx, e.labelBox.y, e.labelBox.y + e.labelBox.h)) continue;
    labels.push(textElement(ctx, e.labelBox, [e.label], g.font, "start", ` data-id="${escapeXml(e.id)}"`));
  }
  out.push(`<g class="labels" fill="#000" stroke="none">`, ...labels, `</g>`);
  out.push(`</g>`);
  return out.join("\n");
}

function chartElement(ctx: Ctx, g: Geometry, chart: ChartGeometry, i: number): string {
  const id = `chart-${i + 1}`;
  const out: string[] = [];
  out.push(
    `<g id="${id}" data-name="${escapeXml(chart.name)}" data-figure="${num(chart.figure)}" data-main="${chart.main}">`,
  );
  for (const part of chart.parts) out.push(partElement(ctx, g, id, part));
  const c = chart.caption;
  out.push(`<g class="caption" fill="#000" stroke="none">`);
  const cap = kept(ctx, c.box.y, c.box.y + c.box.h) ? textElement(ctx, c.box, c.lines, c.font, "center") : "";
  if (cap) out.push(cap);
  out.push(`</g>`);
  out.push(`</g>`);
  return out.join("\n");
}

export interface SvgOptions {
  /**
   * Paint the canvas and the shapes white (default). The PNG renderer turns it off: it composites
   * over white itself, and painting 8 MB of pixmap white twice costs resvg ≈ 7 ms a page. The
   * shapes' fill hides nothing — shapes never overlap each other or the lines (geometry checker).
   */
  paper?: boolean;
  /**
   * Show only a horizontal band of the canvas (the PNG renderer's strips): canvas y `y` to
   * `y + height` on a document `paperHeight` mm tall, stretched to it exactly
   * (preserveAspectRatio="none"), so the rasteriser's vertical scale is paperHeight / height. The
   * band is written at full precision: strips must meet without a gap or overlap. Elements that
   * cannot reach into the band are left out (the rasteriser then parses a strip's share only).
   */
  band?: { y: number; height: number; paperHeight: number };
}

/** Renders the geometry as a standalone SVG 1.1 document (UTF-8, width/height and viewBox in mm). */
export function renderSvg(g: Geometry, options: SvgOptions = {}): string {
  const band = options.band;
  const keep = band ? { top: band.y - BAND_MARGIN, bottom: band.y + band.height + BAND_MARGIN } : null;
  const ctx: Ctx = { family: g.font.family, paper: options.paper ?? true, keep };
  const w = num(g.width);
  const h = num(g.height);
  const frame = band
    ? `height="${band.paperHeight}mm" viewBox="0 ${band.y} ${w} ${band.height}" preserveAspectRatio="none"`
    : `height="${h}mm" viewBox="0 0 ${w} ${h}"`;
  const out: string[] = [];
  out.push(`<?xml version="1.0" encoding="UTF-8"?>`);
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="${w}mm" ${frame} font-family="${familyAttr(g.font.family)}" font-size="${num(g.font.size * PT)}">`,
  );
  if (ctx.paper) out.push(`<rect x="0" y="0" width="${w}" height="${h}" fill="#fff" stroke="none"/>`);
  for (let i = 0; i < g.charts.length; i++) out.push(chartElement(ctx, g, g.charts[i]!, i));
  out.push(`</svg>`);
  return out.join("\n") + "\n";
}

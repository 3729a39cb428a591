/**
 * Typst renderer: Geometry → Typst source drawing each chart part with CeTZ 0.5.2.
 *
 * Default output is a complete A4 document (P7 margins, Times New Roman / Tinos unless the request chose another font, lang uk): one
 * `cetz.canvas` per chart part, the caption written verbatim under it (chart caption under part 0,
 * `sheetCaption` under later parts; no Typst figure numbering, which would clash with ours). Parts wider
 * than the usable 170 mm are scaled down as a whole (`scale(…, reflow: true)`, text included).
 * The figures share pages as engine/layout/sheets.ts places them (with `context.pages` a figure per
 * part, else per chart). With `context.fragment` only the canvases are
 * written (one `#cetz.canvas(…)` per part, unscaled), for pasting into a document that imports CeTZ.
 *
 * Only a small subset of CeTZ is used: `set-style`, `line` (open, or `close: true` with fill),
 * `rect` (with `radius` for the terminator), `circle` and `content` (anchor "south" / "south-west", i.e.
 * the text baseline at the point, as Typst text boxes end at the baseline). Coordinates are in mm
 * relative to the part's top-left corner, y negated (CeTZ y points up). Shape outlines, arrowheads and
 * baselines come from engine/geometry/outline.ts, so the drawing matches the SVG.
 * Output is deterministic.
 */
import { findFontByFamily } from "../fonts.ts";
import type { ChartGeometry, Geometry, Part, Point, Shape } from "../geometry/types.ts";
import { arrowhead, outline, placeText, shapeTextAlign, strokedPoints, type Outline, type TextAlign } from "../geometry/outline.ts";
import { PAGE_PART_WIDTH, CAPTION_GAP, COMMENT_DASH, COMMENT_DASH_GAP } from "../geometry/style.ts";
import type { Renderer, RenderContext } from "./types.ts";
import { num } from "./svg.ts";
import { FIGURE_GAP, planSheets } from "../layout/sheets.ts";

export const CETZ_IMPORT = `#import "@preview/cetz:0.5.2"`;

/** Page setup of the full document (drawing-rules.md §P7). */
export const PAGE_SETUP = `#set page(paper: "a4", margin: (left: 30mm, right: 10mm, top: 20mm, bottom: 20mm))`;

/**
 * The `font:` value of the document: the Microsoft original first when the chart's font is its metric
 * twin (Times New Roman / Tinos, Arial / Arimo), then the family the chart was measured with.
 */
function typstFonts(family: string): string {
  const word = findFontByFamily(family)?.word ?? family;
  return word === family ? `(${typstString(family)},)` : `(${typstString(word)}, ${typstString(family)})`;
}

/**
 * A Typst string literal. Control characters (which JSON would write as `\uXXXX`, a form Typst does not
 * accept) are dropped except tab/newline/CR; `\` and `"` are escaped. Inside a string nothing is markup,
 * so `#`, `$`, `*`, `_`, `` ` ``, `<`, `@`, `[`, `]` need no escaping.
 */
export function typstString(s: string): string {
  let out = '"';
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (ch === "\\") out += "\\\\";
    else if (ch === '"') out += '\\"';
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (c < 0x20 || c === 0x7f || (c >= 0xd800 && c <= 0xdfff)) continue;
    else out += ch;
  }
  return out + '"';
}

interface Origin {
  x: number;
  y: number;
}

/** A point in canvas coordinates: mm from the part's top-left corner, y up. */
const pt = (o: Origin, q: Point): string => `(${num(q.x - o.x)}, ${num(o.y - q.y)})`;

const ptList = (o: Origin, points: readonly Point[]): string => points.map((q) => pt(o, q)).join(", ");

function outlineCall(o: Origin, ol: Outline): string {
  switch (ol.kind) {
    case "rect":
      return `rect(${pt(o, { x: ol.x, y: ol.y })}, ${pt(o, { x: ol.x + ol.w, y: ol.y + ol.h })}, fill: white)`;
    case "stadium":
      return `rect(${pt(o, { x: ol.x, y: ol.y })}, ${pt(o, { x: ol.x + ol.w, y: ol.y + ol.h })}, radius: ${num(ol.r)}, fill: white)`;
    case "circle":
      return `circle(${pt(o, { x: ol.cx, y: ol.cy })}, radius: ${num(ol.r)}, fill: white)`;
    case "polygon":
      return `line(${ptList(o, ol.points)}, close: true, fill: white)`;
    case "open":
      return `line(${ptList(o, ol.points)})`;
  }
}

function textCalls(o: Origin, box: Shape["textBox"], lines: readonly string[], sizePt: number, align: TextAlign): string[] {
  const anchor = align === "center" ? "south" : "south-west";
  return placeText(box, lines, sizePt, align).map(
    (l) => `content(${pt(o, l)}, text(size: ${num(sizePt)}pt, ${typstString(l.text)}), anchor: "${anchor}")`,
  );
}

/** The draw calls of one part, one per line (no indentation). */
export function partCalls(g: Geometry, part: Part): string[] {
  const o: Origin = { x: part.x, y: part.y };
  const out: string[] = [];
  for (const s of part.shapes) {
    const ol = outline(s);
    out.push(outlineCall(o, ol.outline));
    for (const l of ol.lines) out.push(`line(${pt(o, l.a)}, ${pt(o, l.b)})`);
    out.push(...textCalls(o, s.textBox, s.text, s.font.size, shapeTextAlign(s.kind)));
  }
  for (const e of part.edges) {
    // The comment link (S10, L8) is dashed: 3 mm dashes, 1.5 mm gaps, flat ends.
    const dash = e.dashed ? `, stroke: (paint: black, thickness: ${num(g.stroke)}mm, cap: "butt", dash: (${num(COMMENT_DASH)}mm, ${num(COMMENT_DASH_GAP)}mm))` : "";
    if (e.points.length >= 2) out.push(`line(${ptList(o, strokedPoints(e.points, e.arrow))}${dash})`);
    const head = e.arrow ? arrowhead(e.points) : null;
    if (head) out.push(`line(${ptList(o, head)}, close: true, fill: black, stroke: none)`);
  }
  for (const e of part.edges) {
    if (e.label === undefined || e.label === "" || !e.labelBox) continue;
    out.push(...textCalls(o, e.labelBox, [e.label], g.font.size, "start"));
  }
  return out;
}

/** `cetz.canvas(length: 1mm, { … })` for one part, every line prefixed with `indent`. */
export function canvas(g: Geometry, part: Part, indent: string): string {
  const inner = indent + "  ";
  const lines = [
    `cetz.canvas(length: 1mm, {`,
    `${inner}import cetz.draw: *`,
    `${inner}set-style(stroke: (paint: black, thickness: ${num(g.stroke)}mm, cap: "square", join: "miter"), content: (padding: 0))`,
    ...partCalls(g, part).map((c) => inner + c),
    `${indent}})`,
  ];
  return lines.join("\n");
}

function captionOf(chart: ChartGeometry, part: Part, i: number): string | undefined {
  if (i === 0) return chart.caption.text;
  return part.sheetCaption;
}

function partBlock(g: Geometry, chart: ChartGeometry, part: Part, i: number): string {
  const items: string[] = [];
  const scale = part.width > PAGE_PART_WIDTH + 1e-9 ? PAGE_PART_WIDTH / part.width : 1;
  const c = canvas(g, part, "  ");
  items.push(scale < 1 ? `  scale(${num(scale * 100)}%, reflow: true, ${c})` : `  ${c}`);
  const caption = captionOf(chart, part, i);
  if (caption !== undefined && caption !== "") {
    items.push(`  text(size: ${num(chart.caption.font.size)}pt, ${typstString(caption)})`);
  }
  return `#block(width: 100%, breakable: false, align(center, stack(dir: ttb, spacing: ${num(CAPTION_GAP)}mm,\n${items.join(",\n")},\n)))`;
}

/** Renders the geometry as Typst source (a full document, or only the canvases with `fragment`). */
export function renderTypstText(g: Geometry, context: Pick<RenderContext, "fragment" | "pages">): string {
  if (context.fragment) {
    const out: string[] = [];
    for (const chart of g.charts) for (const part of chart.parts) out.push("#" + canvas(g, part, ""));
    return out.join("\n\n") + "\n";
  }
  const out: string[] = [
    `// Skhema flowchart (ДСТУ 19.701-90), CeTZ 0.5.2`,
    PAGE_SETUP,
    `#set text(font: ${typstFonts(g.font.family)}, size: ${num(g.font.size)}pt, lang: "uk")`,
    `#set par(justify: false)`,
    CETZ_IMPORT,
  ];
  // The document's sheets (layout/sheets.ts): a page break where a sheet starts, FIGURE_GAP between
  // the figures of one sheet. Figures are unbreakable blocks, so should Typst's caption lines run
  // taller than the plan's, a figure moves to the next page rather than being cut.
  planSheets([g], context.pages).forEach((sheet, page) => {
    sheet.figures.forEach((figure, i) => {
      out.push("");
      if (i === 0 && page > 0) out.push(`#pagebreak(weak: true)`);
      else if (i > 0) out.push(`#v(${num(FIGURE_GAP)}mm, weak: true)`);
      figure.parts.forEach((part, k) => out.push(partBlock(g, figure.chart, part, figure.first + k)));
    });
  });
  return out.join("\n") + "\n";
}

export const renderTypst: Renderer = async (geometry, context) => renderTypstText(geometry, context);

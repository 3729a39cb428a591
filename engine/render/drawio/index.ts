/**
 * draw.io renderer: Geometry → an uncompressed `.drawio` file (mxfile; editable-formats-notes.md).
 *
 * One `<diagram>` per page of paper.ts: with sheets (split) the A4 pages the PDF has, 827 × 1169
 * units, the figures where the PDF puts them; without, one page per chart at 1:1. Every symbol is a
 * vertex in draw.io's own shape for it (styles.ts), its text inside, Times New Roman (the chosen
 * font) at the geometry's size, black on white. Every line is an orthogonal edge: attached to its
 * source and target vertices (`source`/`target`, the exact exit and entry points as exitX/entryX
 * fractions with the perimeter off), our route as its waypoints, an arrowhead where ours is, its
 * «Так»/«Ні»/case label the edge's own label, placed where the layout put it (offset from the
 * edge's start), so moving a block in draw.io drags its lines and their labels.
 *
 * A line that ends on (or starts from) another line — a join, `to`/`from` null — is an edge with a
 * free end at that point (`targetPoint`/`sourcePoint`): draw.io cannot attach an edge to a point
 * of another edge, and an invisible helper vertex there would be an object the student can select,
 * move and delete without seeing it. Moving the line it joins leaves the free end where it was, as
 * in Word.
 *
 * Off-page connector pairs (connector-pairs.ts) carry the other page: `link="data:page/id,…"`
 * (a click in draw.io jumps there) and a tooltip. Ids derive from the geometry's ids; nothing else
 * varies, so the same geometry gives byte-identical files.
 */
import type { Edge, FontSpec, Geometry, Point, Shape } from "../../geometry/types.ts";
import { shapeTextAlign } from "../../geometry/outline.ts";
import { ARROW_LENGTH, COMMENT_DASH, COMMENT_DASH_GAP } from "../../geometry/style.ts";
import { connectorKey, offPageLinks, offPageTooltip, type OffPageLink } from "../connector-pairs.ts";
import { wordFamily } from "../font-names.ts";
import { editablePages, pageName, type EditablePage, type PlacedFigure } from "../paper.ts";
import { escapeXml } from "../svg.ts";
import type { RenderContext, Renderer } from "../types.ts";
import { shapeStyle, style, u, UNITS_PER_PT, vertexBox } from "./styles.ts";

export const DRAWIO_TYPE = "application/vnd.jgraph.mxfile";

/** An attribute value: XML-escaped, new lines kept as character references. */
const attr = (s: string): string => escapeXml(s).replaceAll("\n", "&#xa;");

const r4 = (n: number): number => {
  const r = Math.round(n * 10000) / 10000;
  return r === 0 ? 0 : r;
};

/** A page's diagram id (the target of off-page links). */
const pageId = (n: number): string => `page-${n}`;

function fontStyle(font: FontSpec, scale: number): [string, string | number][] {
  return [["fontFamily", wordFamily(font.family)], ["fontSize", Math.round(font.size * scale * UNITS_PER_PT * 100) / 100], ["fontColor", "#000000"]];
}

interface Page {
  page: EditablePage;
  links: Map<string, OffPageLink>;
  stroke: number;
  labelFont: FontSpec;
}

function vertexXml(p: Page, fig: PlacedFigure, s: Shape): string {
  const box = vertexBox(s);
  const at = fig.toPage(box);
  const k = fig.scale;
  const tb = s.textBox;
  const comment = s.kind === "comment";
  // The text area is the layout's text box: spacing from the vertex's sides to it (beside a comment's bracket).
  const spacing: [string, number][] = comment
    ? [["spacingLeft", u((tb.x - (box.x + box.w)) * k)], ["spacingTop", u((tb.y - box.y) * k)], ["spacingBottom", u((box.y + box.h - tb.y - tb.h) * k)]]
    : [["spacingLeft", u((tb.x - s.x) * k)], ["spacingRight", u((s.x + s.w - tb.x - tb.w) * k)], ["spacingTop", u((tb.y - s.y) * k)], ["spacingBottom", u((s.y + s.h - tb.y - tb.h) * k)]];
  const st = style([
    ...shapeStyle(s.kind, k),
    ["whiteSpace", "nowrap"],
    ["html", 0],
    ...(comment ? [] : [["fillColor", "#FFFFFF"] as [string, string]]),
    ["strokeColor", "#000000"],
    ["strokeWidth", u(p.stroke)],
    ...fontStyle(s.font, k),
    ["align", shapeTextAlign(s.kind) === "center" ? "center" : "left"],
    ["verticalAlign", "middle"],
    ["spacing", 0],
    ...spacing,
  ]);
  const id = cellId(fig, s.id);
  const geometry = `<mxGeometry x="${u(at.x)}" y="${u(at.y)}" width="${u(box.w * k)}" height="${u(box.h * k)}" as="geometry"/>`;
  const cell = (extra: string) => `<mxCell${extra} style="${attr(st)}" vertex="1" parent="1">${geometry}</mxCell>`;
  const link = p.links.get(connectorKey(fig.chart, s.id));
  if (link) {
    // A UserObject carries the link and tooltip; its label is the cell's value.
    return `<UserObject label="${attr(s.text.join("\n"))}" tooltip="${attr(offPageTooltip(link))}" link="data:page/id,${pageId(link.page)}" id="${attr(id)}">${cell("")}</UserObject>`;
  }
  return cell(` id="${attr(id)}" value="${attr(s.text.join("\n"))}"`);
}

const cellId = (fig: PlacedFigure, id: string): string => `c${fig.chart}-${id}`;

/**
 * An edge end on a shape: its point as fractions of the vertex's box (our exact point, not the
 * perimeter's). draw.io mirrors the fractions of a flipped vertex with it, so a loop end's (flipV) are given mirrored.
 */
function constraint(shape: Shape, q: Point, end: "exit" | "entry"): [string, number][] {
  const b = vertexBox(shape);
  const fy = b.h > 0 ? (q.y - b.y) / b.h : 0.5;
  return [[`${end}X`, r4(b.w > 0 ? (q.x - b.x) / b.w : 0.5)], [`${end}Y`, r4(shape.kind === "loop_end" ? 1 - fy : fy)], [`${end}Perimeter`, 0]];
}

function edgeXml(p: Page, fig: PlacedFigure, shapes: Map<string, Shape>, e: Edge): string {
  if (e.points.length < 2) return "";
  const k = fig.scale;
  const first = e.points[0]!;
  const last = e.points[e.points.length - 1]!;
  const source = e.from === null ? undefined : shapes.get(e.from);
  const target = e.to === null ? undefined : shapes.get(e.to);
  const st = style([
    ["edgeStyle", "orthogonalEdgeStyle"],
    ["rounded", 0],
    ["orthogonalLoop", 1],
    ["jettySize", "auto"],
    ["html", 0],
    ...(source ? constraint(source, first, "exit") : []),
    ...(target ? constraint(target, last, "entry") : []),
    ["endArrow", e.arrow ? "block" : "none"],
    ...(e.arrow ? [["endFill", 1], ["endSize", u(ARROW_LENGTH * k)]] as [string, number][] : []),
    ["startArrow", "none"],
    ["strokeColor", "#000000"],
    ["strokeWidth", u(p.stroke)],
    ...(e.dashed ? [["dashed", 1], ["dashPattern", `${r4(COMMENT_DASH / p.stroke)} ${r4(COMMENT_DASH_GAP / p.stroke)}`]] as [string, string | number][] : []),
    ...fontStyle(p.labelFont, k),
    ["labelBackgroundColor", "none"],
  ]);
  const page = (q: Point) => fig.toPage(q);
  const pt = (q: Point, as?: string) => `<mxPoint x="${u(page(q).x)}" y="${u(page(q).y)}"${as ? ` as="${as}"` : ""}/>`;
  const inner = e.points.slice(1, -1);
  const waypoints = inner.length > 0 ? `<Array as="points">${inner.map((q) => pt(q)).join("")}</Array>` : "";
  const ends = (source ? "" : pt(first, "sourcePoint")) + (target ? "" : pt(last, "targetPoint"));
  // The label sits where the layout put it: its centre as an offset from the edge's first point (x = −1).
  let label = "";
  let value = "";
  if (e.label !== undefined && e.label !== "" && e.labelBox) {
    const b = e.labelBox;
    const c = page({ x: b.x + b.w / 2, y: b.y + b.h / 2 });
    const f = page(first);
    value = e.label;
    label = `<mxPoint x="${u(c.x - f.x)}" y="${u(c.y - f.y)}" as="offset"/>`;
  }
  const ids = (source ? ` source="${attr(cellId(fig, source.id))}"` : "") + (target ? ` target="${attr(cellId(fig, target.id))}"` : "");
  return (
    `<mxCell id="${attr(cellId(fig, `e${e.id}`))}" value="${attr(value)}" style="${attr(st)}" edge="1" parent="1"${ids}>` +
    `<mxGeometry${value ? ` x="-1"` : ""} relative="1" as="geometry">${ends}${waypoints}${label}</mxGeometry></mxCell>`
  );
}

function captionXml(fig: PlacedFigure, index: number): string {
  if (fig.caption.length === 0) return "";
  const b = fig.captionBox;
  const st = style(["text", ["html", 0], ["whiteSpace", "nowrap"], ["strokeColor", "none"], ["fillColor", "none"], ...fontStyle(fig.captionFont, 1), ["align", "center"], ["verticalAlign", "middle"], ["spacing", 0]]);
  return (
    `<mxCell id="caption-${index}" value="${attr(fig.caption.join("\n"))}" style="${attr(st)}" vertex="1" parent="1">` +
    `<mxGeometry x="${u(b.x)}" y="${u(b.y)}" width="${u(b.w)}" height="${u(b.h)}" as="geometry"/></mxCell>`
  );
}

function diagramXml(g: Geometry, page: EditablePage, links: Map<string, OffPageLink>, name: string): string {
  const p: Page = { page, links, stroke: g.stroke, labelFont: g.font };
  const cells: string[] = [`<mxCell id="0"/>`, `<mxCell id="1" parent="0"/>`];
  page.figures.forEach((fig, i) => {
    const shapes = new Map<string, Shape>();
    for (const part of fig.parts) for (const s of part.shapes) shapes.set(s.id, s);
    for (const part of fig.parts) for (const s of part.shapes) cells.push(vertexXml(p, fig, s));
    for (const part of fig.parts) for (const e of part.edges) cells.push(edgeXml(p, fig, shapes, e));
    cells.push(captionXml(fig, i));
  });
  return (
    `<diagram id="${pageId(page.number)}" name="${attr(name)}">` +
    `<mxGraphModel dx="0" dy="0" grid="0" gridSize="10" guides="1" tooltips="1" connect="1" arrows="1" fold="1" page="1" pageScale="1" ` +
    `pageWidth="${Math.round(page.width * 100 / 25.4)}" pageHeight="${Math.round(page.height * 100 / 25.4)}" background="#FFFFFF" math="0" shadow="0">` +
    `<root>${cells.join("")}</root></mxGraphModel></diagram>`
  );
}

/** The .drawio text of a geometry: a page per A4 sheet with `pages`, else a page per chart. */
export function buildDrawio(g: Geometry, pages: boolean): string {
  const sheets = editablePages(g, pages);
  const links = offPageLinks(sheets);
  const diagrams = sheets.map((page) => diagramXml(g, page, links, pageName(g, page, pages)));
  return `<?xml version="1.0" encoding="UTF-8"?>\n<mxfile host="Skhema" pages="${sheets.length}">\n${diagrams.join("\n")}\n</mxfile>\n`;
}

export const renderDrawio: Renderer = async (geometry: Geometry, context: RenderContext) => buildDrawio(geometry, context.pages);

/**
 * Visio renderer: Geometry → a `.vsdx` package (editable-formats-notes.md; zipped by ../zip.ts with
 * its fixed time, so the same geometry gives the same bytes).
 *
 * One page per page of ../paper.ts (A4 sheets when split, else one per chart at 1:1). Units are
 * Visio's own inches (origin bottom-left, y up), displayed as mm, so a symbol a × b mm is a × b mm in
 * Visio. Every symbol is a 2-D shape drawing exactly our outline (engine/geometry/outline.ts:
 * MoveTo/LineTo, EllipticalArcTo for a terminator's ends, Ellipse for a connector; a predefined
 * process's inner lines a second geometry) with its text, font and size, and a connection point
 * wherever one of our lines touches it. Every line is a 1-D connector through our route, glued
 * (`Connects`, static glue to those connection points) at both ends when both ends are symbols; a
 * line joining another line is glued at its symbol end only (Visio glues to shapes, not to points of
 * other lines). A branch label is the connector's own text, placed where the layout put it, so it
 * moves with its line. Off-page connectors carry a hyperlink to the other page (../connector-pairs.ts).
 */
import type { Box, Edge, FontSpec, Geometry, Point, Shape } from "../../geometry/types.ts";
import { outline, shapeTextAlign, type Outline } from "../../geometry/outline.ts";
import { connectorKey, offPageLinks, offPageTooltip, type OffPageLink } from "../connector-pairs.ts";
import { wordFamily } from "../font-names.ts";
import { editablePages, pageName, type EditablePage, type PlacedFigure } from "../paper.ts";
import { escapeXml } from "../svg.ts";
import type { RenderContext, Renderer } from "../types.ts";
import { DOCX_LEVEL, zip } from "../zip.ts";
import { APP_XML, contentTypes, coreXml, DOCUMENT_RELS, documentXml, pagesRels, pagesXml, ROOT_RELS, VISIO_NS, XML_HEAD } from "./package.ts";

/** Visio's cell parts of a 1-D shape's ends, and of connection point n (visConnectionPoint + n). */
const BEGIN_PART = 9;
const END_PART = 12;
const CONNECTION_PART = 100;
/** A connector's route style when Visio re-routes it (a glued shape moved): right angles, as ours. */
const RIGHT_ANGLE = 1;
/** Filled triangular arrowhead, its "small" size. */
const ARROW = { type: 4, size: 1 } as const;

/** mm → inches, rounded to a micro-inch (never -0). */
function inch(mm: number): number {
  if (!Number.isFinite(mm)) throw new RangeError(`non-finite coordinate: ${mm}`);
  const r = Math.round((mm / 25.4) * 1e6) / 1e6;
  return r === 0 ? 0 : r;
}

const cell = (n: string, v: string | number, unit?: string): string => `<Cell N="${n}" V="${typeof v === "string" ? escapeXml(v) : v}"${unit ? ` U="${unit}"` : ""}/>`;
const mmCell = (n: string, mm: number): string => cell(n, inch(mm), "MM");
const row = (t: string, ix: number, cells: [string, number][]): string => `<Row T="${t}" IX="${ix}">${cells.map(([n, v]) => cell(n, v)).join("")}</Row>`;

/** A page's drawing in page mm (y down) → a shape's local inches (y up from the box's bottom). */
interface Local {
  x: (mm: number) => number;
  y: (mm: number) => number;
}
const localTo = (box: Box): Local => ({ x: (x) => inch(x - box.x), y: (y) => inch(box.y + box.h - y) });

/**
 * Width (mm) added to a text block, on both sides of centred text and on the right of left-aligned
 * text (which does not move it): LibreOffice's and Visio's metrics run a hair wider than ours, and a
 * block exactly as wide as its longest line wraps that line's last word (as docx.ts's slack).
 */
const TEXT_SLACK = 3;

function textCells(box: Box, exact: Box, font: FontSpec, scale: number, align: "center" | "start"): string {
  // The text block is the layout's text box, in the shape's local frame, with TEXT_SLACK.
  const textBox = { ...exact, x: align === "center" ? exact.x - TEXT_SLACK / 2 : exact.x, w: exact.w + TEXT_SLACK };
  const l = localTo(box);
  return (
    mmCell("TxtWidth", textBox.w) + mmCell("TxtHeight", textBox.h) +
    cell("TxtPinX", l.x(textBox.x + textBox.w / 2), "MM") + cell("TxtPinY", l.y(textBox.y + textBox.h / 2), "MM") +
    mmCell("TxtLocPinX", textBox.w / 2) + mmCell("TxtLocPinY", textBox.h / 2) +
    cell("LeftMargin", 0) + cell("RightMargin", 0) + cell("TopMargin", 0) + cell("BottomMargin", 0) + cell("VerticalAlign", 1) +
    `<Section N="Character"><Row IX="0">${cell("Font", wordFamily(font.family))}${cell("Color", "#000000")}${cell("Size", Math.round(((font.size * scale) / 72) * 1e6) / 1e6, "PT")}</Row></Section>` +
    `<Section N="Paragraph"><Row IX="0">${cell("HorzAlign", align === "center" ? 1 : 0)}${cell("SpLine", -1)}</Row></Section>`
  );
}

/** Geometry rows of an outline, in the local frame of `box` (page mm). */
function outlineRows(o: Outline, l: Local): string {
  switch (o.kind) {
    case "rect":
      return polyRows([{ x: o.x, y: o.y }, { x: o.x + o.w, y: o.y }, { x: o.x + o.w, y: o.y + o.h }, { x: o.x, y: o.y + o.h }], true, l);
    case "polygon":
      return polyRows(o.points, true, l);
    case "open":
      return polyRows(o.points, false, l);
    case "circle":
      return row("Ellipse", 1, [["X", l.x(o.cx)], ["Y", l.y(o.cy)], ["A", l.x(o.cx + o.r)], ["B", l.y(o.cy)], ["C", l.x(o.cx)], ["D", l.y(o.cy - o.r)]]);
    case "stadium": {
      const { x, y, w, h, r } = o;
      // Top edge left to right, the right half-circle down through its rightmost point, the bottom edge back, the left half-circle up.
      return (
        row("MoveTo", 1, [["X", l.x(x + r)], ["Y", l.y(y)]]) +
        row("LineTo", 2, [["X", l.x(x + w - r)], ["Y", l.y(y)]]) +
        row("EllipticalArcTo", 3, [["X", l.x(x + w - r)], ["Y", l.y(y + h)], ["A", l.x(x + w)], ["B", l.y(y + h / 2)], ["C", 0], ["D", 1]]) +
        row("LineTo", 4, [["X", l.x(x + r)], ["Y", l.y(y + h)]]) +
        row("EllipticalArcTo", 5, [["X", l.x(x + r)], ["Y", l.y(y)], ["A", l.x(x)], ["B", l.y(y + h / 2)], ["C", 0], ["D", 1]])
      );
    }
  }
}

function polyRows(points: readonly Point[], closed: boolean, l: Local): string {
  const all = closed ? [...points, points[0]!] : points;
  return all.map((q, i) => row(i === 0 ? "MoveTo" : "LineTo", i + 1, [["X", l.x(q.x)], ["Y", l.y(q.y)]])).join("");
}

const section = (ix: number, noFill: boolean, rows: string): string =>
  `<Section N="Geometry" IX="${ix}">${cell("NoFill", noFill ? 1 : 0)}${cell("NoLine", 0)}${cell("NoShow", 0)}${rows}</Section>`;

interface PageState {
  page: EditablePage;
  links: Map<string, OffPageLink>;
  pageNames: string[];
  stroke: number;
  labelFont: FontSpec;
  nextId: number;
  /** Visio shape id of each symbol (connectorKey). */
  ids: Map<string, number>;
  /** Connection points of each symbol, page mm, in row order. */
  points: Map<string, Point[]>;
}

/** The placed box of a shape (page mm). */
function placed(fig: PlacedFigure, b: Box): Box {
  const at = fig.toPage(b);
  return { x: at.x, y: at.y, w: b.w * fig.scale, h: b.h * fig.scale };
}

/** Index of the connection point at `q` on symbol `key`, added on first use. */
function connectionPoint(st: PageState, key: string, q: Point): number {
  const list = st.points.get(key) ?? [];
  let i = list.findIndex((p) => Math.abs(p.x - q.x) < 1e-6 && Math.abs(p.y - q.y) < 1e-6);
  if (i < 0) {
    i = list.length;
    list.push(q);
  }
  st.points.set(key, list);
  return i;
}

function shapeXml(st: PageState, fig: PlacedFigure, s: Shape): string {
  const key = connectorKey(fig.chart, s.id);
  const id = st.ids.get(key)!;
  const box = placed(fig, s);
  const l = localTo(box);
  const o = outline({ ...box, kind: s.kind });
  const open = o.outline.kind === "open";
  const link = st.links.get(key);
  const hyperlink = link
    ? `<Section N="Hyperlink"><Row N="Row_1">${cell("Description", offPageTooltip(link))}${cell("SubAddress", st.pageNames[link.page - 1] ?? "")}${cell("Default", 1)}</Row></Section>`
    : "";
  const connections = (st.points.get(key) ?? [])
    .map((q, i) => `<Row IX="${i}">${cell("X", l.x(q.x), "MM")}${cell("Y", l.y(q.y), "MM")}</Row>`)
    .join("");
  const text = s.text.join("\n");
  return (
    `<Shape ID="${id}" NameU="${escapeXml(s.kind)}.${id}" Name="${escapeXml(s.kind)}.${id}" Type="Shape" LineStyle="0" FillStyle="0" TextStyle="0">` +
    cell("PinX", inch(box.x + box.w / 2), "MM") + cell("PinY", inch(st.page.height - box.y - box.h / 2), "MM") +
    mmCell("Width", box.w) + mmCell("Height", box.h) + mmCell("LocPinX", box.w / 2) + mmCell("LocPinY", box.h / 2) + cell("Angle", 0) +
    mmCell("LineWeight", st.stroke) + cell("LineColor", "#000000") + cell("LinePattern", 1) +
    cell("FillForegnd", "#FFFFFF") + cell("FillPattern", open ? 0 : 1) +
    textCells(box, placed(fig, s.textBox), s.font, fig.scale, shapeTextAlign(s.kind)) +
    (connections ? `<Section N="Connection">${connections}</Section>` : "") +
    hyperlink +
    section(0, open, outlineRows(o.outline, l)) +
    o.lines.map((seg, i) => section(i + 1, true, polyRows([seg.a, seg.b], false, l))).join("") +
    (text ? `<Text>${escapeXml(text)}</Text>` : "") +
    `</Shape>`
  );
}

function edgeXml(st: PageState, fig: PlacedFigure, e: Edge, connects: string[]): string {
  if (e.points.length < 2) return "";
  const id = st.nextId++;
  const pts = e.points.map((q) => fig.toPage(q));
  const begin = pts[0]!;
  const end = pts[pts.length - 1]!;
  // The connector's local frame has its origin at the begin point (Width/Height = end − begin, Angle 0),
  // as Visio writes its own connectors.
  const toX = (mm: number) => inch(mm - begin.x);
  const toY = (mm: number) => inch(begin.y - mm);
  const w = end.x - begin.x;
  const h = begin.y - end.y;
  const glue = (shape: string | null, q: Point, cellName: "BeginX" | "EndX", part: number) => {
    if (shape === null) return;
    const key = connectorKey(fig.chart, shape);
    const to = st.ids.get(key);
    if (to === undefined) return;
    const ix = connectionPoint(st, key, q);
    connects.push(`<Connect FromSheet="${id}" FromCell="${cellName}" FromPart="${part}" ToSheet="${to}" ToCell="Connections.X${ix + 1}" ToPart="${CONNECTION_PART + ix}"/>`);
  };
  glue(e.from, begin, "BeginX", BEGIN_PART);
  glue(e.to, end, "EndX", END_PART);
  let label = "";
  if (e.label !== undefined && e.label !== "" && e.labelBox) {
    const exact = placed(fig, e.labelBox);
    const b = { ...exact, w: exact.w + TEXT_SLACK };
    label =
      mmCell("TxtWidth", b.w) + mmCell("TxtHeight", b.h) + cell("TxtPinX", toX(b.x + b.w / 2), "MM") + cell("TxtPinY", toY(b.y + b.h / 2), "MM") +
      mmCell("TxtLocPinX", b.w / 2) + mmCell("TxtLocPinY", b.h / 2) +
      cell("LeftMargin", 0) + cell("RightMargin", 0) + cell("TopMargin", 0) + cell("BottomMargin", 0) + cell("VerticalAlign", 1) +
      `<Section N="Character"><Row IX="0">${cell("Font", wordFamily(st.labelFont.family))}${cell("Color", "#000000")}${cell("Size", Math.round(((st.labelFont.size * fig.scale) / 72) * 1e6) / 1e6, "PT")}</Row></Section>` +
      `<Section N="Paragraph"><Row IX="0">${cell("HorzAlign", 0)}</Row></Section>`;
  }
  const rows = pts.map((q, i) => row(i === 0 ? "MoveTo" : "LineTo", i + 1, [["X", toX(q.x)], ["Y", toY(q.y)]])).join("");
  return (
    `<Shape ID="${id}" NameU="Dynamic connector.${id}" Name="Dynamic connector.${id}" Type="Shape" LineStyle="0" FillStyle="0" TextStyle="0">` +
    cell("PinX", inch(begin.x + w / 2), "MM") + cell("PinY", inch(st.page.height - begin.y + h / 2), "MM") +
    mmCell("Width", w) + mmCell("Height", h) + mmCell("LocPinX", w / 2) + mmCell("LocPinY", h / 2) + cell("Angle", 0) +
    cell("BeginX", inch(begin.x), "MM") + cell("BeginY", inch(st.page.height - begin.y), "MM") +
    cell("EndX", inch(end.x), "MM") + cell("EndY", inch(st.page.height - end.y), "MM") +
    cell("ObjType", 2) + cell("ShapeRouteStyle", RIGHT_ANGLE) + cell("ConFixedCode", 0) +
    mmCell("LineWeight", st.stroke) + cell("LineColor", "#000000") + cell("LinePattern", e.dashed ? 2 : 1) +
    cell("BeginArrow", 0) + cell("EndArrow", e.arrow ? ARROW.type : 0) + cell("EndArrowSize", ARROW.size) +
    cell("FillPattern", 0) +
    label +
    section(0, true, rows) +
    (label ? `<Text>${escapeXml(e.label!)}</Text>` : "") +
    `</Shape>`
  );
}

function captionXml(st: PageState, fig: PlacedFigure): string {
  if (fig.caption.length === 0) return "";
  const id = st.nextId++;
  const b = fig.captionBox;
  return (
    `<Shape ID="${id}" NameU="Caption.${id}" Name="Caption.${id}" Type="Shape" LineStyle="0" FillStyle="0" TextStyle="0">` +
    cell("PinX", inch(b.x + b.w / 2), "MM") + cell("PinY", inch(st.page.height - b.y - b.h / 2), "MM") +
    mmCell("Width", b.w) + mmCell("Height", b.h) + mmCell("LocPinX", b.w / 2) + mmCell("LocPinY", b.h / 2) + cell("Angle", 0) +
    cell("LinePattern", 0) + cell("FillPattern", 0) +
    textCells(b, b, fig.captionFont, 1, "center") +
    `<Text>${escapeXml(fig.caption.join("\n"))}</Text></Shape>`
  );
}

function pageXml(g: Geometry, page: EditablePage, links: Map<string, OffPageLink>, pageNames: string[]): string {
  const st: PageState = { page, links, pageNames, stroke: g.stroke, labelFont: g.font, nextId: 1, ids: new Map(), points: new Map() };
  // Symbols get their ids first, so connectors can name them; their connection points come from the connectors.
  for (const fig of page.figures) for (const part of fig.parts) for (const s of part.shapes) st.ids.set(connectorKey(fig.chart, s.id), st.nextId++);
  const connects: string[] = [];
  const lines: string[] = [];
  for (const fig of page.figures) {
    for (const part of fig.parts) for (const e of part.edges) lines.push(edgeXml(st, fig, e, connects));
    lines.push(captionXml(st, fig));
  }
  const shapes = page.figures.flatMap((fig) => fig.parts.flatMap((part) => part.shapes.map((s) => shapeXml(st, fig, s))));
  return (
    XML_HEAD +
    `<PageContents xmlns="${VISIO_NS}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xml:space="preserve">` +
    `<Shapes>${shapes.join("")}${lines.join("")}</Shapes>` +
    (connects.length > 0 ? `<Connects>${connects.join("")}</Connects>` : "") +
    `</PageContents>\n`
  );
}

/** The .vsdx package of a geometry: a page per A4 sheet with `pages`, else a page per chart. */
export function buildVsdx(g: Geometry, pages: boolean): Uint8Array {
  const sheets = editablePages(g, pages);
  const links = offPageLinks(sheets);
  const names = sheets.map((p) => pageName(g, p, pages));
  // Page names are unique in Visio (a chart name could repeat only through unique-names.ts's suffixes, which keep them apart).
  const files: [string, string][] = [
    ["[Content_Types].xml", contentTypes(sheets.length)],
    ["_rels/.rels", ROOT_RELS],
    ["docProps/core.xml", coreXml(g.charts[0]?.caption.text ?? "")],
    ["docProps/app.xml", APP_XML],
    ["visio/document.xml", documentXml(wordFamily(g.font.family))],
    ["visio/_rels/document.xml.rels", DOCUMENT_RELS],
    ["visio/pages/pages.xml", pagesXml(sheets.map((p, i) => ({ name: names[i]!, width: p.width, height: p.height })))],
    ["visio/pages/_rels/pages.xml.rels", pagesRels(sheets.length)],
    ...sheets.map((p, i): [string, string] => [`visio/pages/page${i + 1}.xml`, pageXml(g, p, links, names)]),
  ];
  const utf8 = new TextEncoder();
  return zip(files.map(([name, xml]) => ({ name, data: utf8.encode(xml), level: DOCX_LEVEL })));
}

export const renderVsdx: Renderer = async (geometry: Geometry, context: RenderContext) => buildVsdx(geometry, context.pages);


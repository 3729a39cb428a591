/**
 * DOCX renderer: Geometry → a Word document (.docx bytes) with NATIVE Word shapes.
 *
 * Each figure is one inline DrawingML group (`wpg:wgp`) in its own centred paragraph, followed by a
 * centred caption paragraph (drawing-rules.md §9); figures share pages as engine/layout/sheets.ts
 * places them. Shapes are `wps:wsp` with `a:custGeom` built from
 * outlinePath() (engine/geometry/outline.ts), so Word and LibreOffice show exactly our outlines; text sits
 * in `wps:txbx` text boxes, one paragraph per wrapped line with an exact line pitch, so Word never
 * re-wraps it. Edges are open custGeom polylines with an `a:tailEnd` arrowhead; a line joining two
 * symbols is a connector (`wps:cNvCnPr` with `a:stCxn`/`a:endCxn` naming both shapes and the connection
 * sites each shape's custGeom lists where its lines touch it), so a moved block keeps its lines in an
 * editor that follows connectors; a line ending on another line stays a drawn line. Branch labels are
 * outline-less text boxes. The package is written by hand (raw XML, zipped by zip.ts around pako's
 * deflate): no timestamps, fixed part order and a fixed zip time, so the same geometry always gives the
 * same bytes.
 *
 * Element order inside every element follows the WordprocessingML / DrawingML schemas (Word rejects files
 * whose children are out of order); see /work/shared/spec/formats-notes.md §1.
 */
import type { Box, Edge, FontSpec, Geometry, Part, Point, Shape } from "../geometry/types.ts";
import { outline, outlinePath, shapeTextAlign, type PathCommand, type TextAlign } from "../geometry/outline.ts";
import { CAPTION_GAP, COMMENT_DASH, COMMENT_DASH_GAP, PAGE_PART_HEIGHT, PAGE_PART_WIDTH } from "../geometry/style.ts";
import { FIGURE_GAP, planSheets } from "../layout/sheets.ts";
import { lineHeightMm } from "../text/measure.ts";
import { escapeXml } from "./svg.ts";
import { wordFamily } from "./font-names.ts";
import { DOCX_LEVEL, zip } from "./zip.ts";
import type { RenderContext, Renderer } from "./types.ts";

/** EMU per millimetre (DrawingML unit). */
export const EMU_PER_MM = 36000;
/** Twentieths of a point per millimetre (WordprocessingML unit). */
const TWIPS_PER_MM = 1440 / 25.4;

/** A4 portrait, report margins of drawing-rules.md §P7 (left 30, right 10, top 20, bottom 20 mm). */
export const PAGE = { width: 210, height: 297, left: 30, right: 10, top: 20, bottom: 20 } as const;

/** Horizontal slack (mm) added to each side of a shape's text area, so Word's metrics never force a re-wrap. */
const WRAP_SLACK = 1;
/**
 * Extra width (mm) on the right of a branch-label box. Labels are left-aligned, so this moves nothing, but
 * LibreOffice wraps text frames inside groups even with wrap="none" and would otherwise push the last
 * letter of "Так" onto a hidden second line when rounding of the scaled font size makes it a hair wider.
 */
export const LABEL_SLACK = 3;

export const NS = {
  w: "http://schemas.openxmlformats.org/wordprocessingml/2006/main",
  r: "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
  wp: "http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing",
  a: "http://schemas.openxmlformats.org/drawingml/2006/main",
  wps: "http://schemas.microsoft.com/office/word/2010/wordprocessingShape",
  wpg: "http://schemas.microsoft.com/office/word/2010/wordprocessingGroup",
  mc: "http://schemas.openxmlformats.org/markup-compatibility/2006",
} as const;

export const XML_HEAD = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n`;

/** Millimetres → EMU, integer. */
export const emu = (mm: number): number => {
  if (!Number.isFinite(mm)) throw new RangeError(`non-finite coordinate: ${mm}`);
  const v = Math.round(mm * EMU_PER_MM);
  return v === 0 ? 0 : v;
};

export const twips = (mm: number): number => Math.round(mm * TWIPS_PER_MM);

/** The scale that fits a figure of w × h mm into the usable 170 × 230 mm area; never above 1. */
export function fitScale(w: number, h: number): number {
  const s = Math.min(1, w > 0 ? PAGE_PART_WIDTH / w : 1, h > 0 ? PAGE_PART_HEIGHT / h : 1);
  return s;
}

/** One figure: the parts it draws, the canvas rectangle they cover, and its caption. */
export interface Figure {
  parts: Part[];
  box: Box;
  caption: string;
  captionFont: FontSpec;
  /** Start this figure on a new page. */
  pageBreak: boolean;
  /** Space above it, mm: the gap to the figure before it on the same page. */
  gapBefore: number;
}

/** Running state of one document: id counters (docPr / cNvPr ids are unique in the whole document). */
export interface Doc {
  nextId: number;
  stroke: number;
  labelFont: FontSpec;
}

/** Maps canvas millimetres to EMU in the group's child space (identity group transform). */
interface Frame {
  ox: number;
  oy: number;
  s: number;
}

const fx = (f: Frame, x: number): number => emu((x - f.ox) * f.s);
const fy = (f: Frame, y: number): number => emu((y - f.oy) * f.s);
const fl = (f: Frame, len: number): number => emu(len * f.s);

function runProps(font: FontSpec, sizePt: number): string {
  const fam = escapeXml(wordFamily(font.family));
  // Half-points, rounded down: a size rounded up would run wider than the text was wrapped for
  // and wrap a line more (item 24.6: an output of two lines became three in a scaled figure).
  const hp = Math.max(2, Math.floor(sizePt * 2 + 0.01));
  return (
    `<w:rPr><w:rFonts w:ascii="${fam}" w:hAnsi="${fam}" w:eastAsia="${fam}" w:cs="${fam}"/>` +
    `<w:sz w:val="${hp}"/><w:szCs w:val="${hp}"/><w:lang w:val="uk-UA"/></w:rPr>`
  );
}

/** Text-box paragraphs: one per wrapped line, zero spacing, exact line pitch (scaled with the figure). */
function textBoxParagraphs(lines: readonly string[], font: FontSpec, align: TextAlign, s: number): string {
  const size = font.size * s;
  const pitch = Math.max(1, twips(lineHeightMm(font.size) * s));
  const rpr = runProps(font, size);
  const jc = align === "center" ? "center" : "left";
  // Spacing and indents are explicit so a figure pasted into a report keeps them whatever its Normal style says.
  const ppr =
    `<w:pPr><w:spacing w:before="0" w:after="0" w:line="${pitch}" w:lineRule="exact"/>` +
    `<w:ind w:left="0" w:right="0" w:firstLine="0"/><w:jc w:val="${jc}"/>`;
  return lines
    .map((line) =>
      line === ""
        ? `<w:p>${ppr}${rpr}</w:pPr></w:p>`
        : `<w:p>${ppr}</w:pPr><w:r>${rpr}<w:t xml:space="preserve">${escapeXml(line)}</w:t></w:r></w:p>`,
    )
    .join("");
}

function pathXml(cmds: readonly PathCommand[], f: Frame, box: Box, w: number, h: number, fill: boolean): string {
  const pt = (x: number, y: number) => `<a:pt x="${fx(f, x) - fx(f, box.x)}" y="${fy(f, y) - fy(f, box.y)}"/>`;
  let out = `<a:path w="${w}" h="${h}"${fill ? "" : ` fill="none"`}>`;
  for (const c of cmds) {
    switch (c.op) {
      case "M":
        out += `<a:moveTo>${pt(c.x, c.y)}</a:moveTo>`;
        break;
      case "L":
        out += `<a:lnTo>${pt(c.x, c.y)}</a:lnTo>`;
        break;
      case "C":
        out += `<a:cubicBezTo>${pt(c.x1, c.y1)}${pt(c.x2, c.y2)}${pt(c.x, c.y)}</a:cubicBezTo>`;
        break;
      case "Z":
        out += `<a:close/>`;
        break;
    }
  }
  return out + `</a:path>`;
}

/**
 * `a:xfrm` + `a:custGeom` for the given paths inside `box` (sizes at least 1 EMU), with a connection
 * site at each of `sites` (canvas mm): the points where lines are attached, which connectors name by index.
 */
function geometryXml(f: Frame, box: Box, paths: { cmds: PathCommand[]; fill: boolean }[], sites: readonly Point[] = []): string {
  const x = fx(f, box.x);
  const y = fy(f, box.y);
  const w = Math.max(1, fx(f, box.x + box.w) - x);
  const h = Math.max(1, fy(f, box.y + box.h) - y);
  const cxn = sites.map((q) => `<a:cxn ang="0"><a:pos x="${fx(f, q.x) - x}" y="${fy(f, q.y) - y}"/></a:cxn>`).join("");
  return (
    `<a:xfrm><a:off x="${x}" y="${y}"/><a:ext cx="${w}" cy="${h}"/></a:xfrm>` +
    `<a:custGeom><a:avLst/><a:gdLst/><a:ahLst/>${cxn ? `<a:cxnLst>${cxn}</a:cxnLst>` : "<a:cxnLst/>"}<a:rect l="0" t="0" r="r" b="b"/><a:pathLst>` +
    paths.map((p) => pathXml(p.cmds, f, box, w, h, p.fill)).join("") +
    `</a:pathLst></a:custGeom>`
  );
}

function lineXml(doc: Doc, extra = "", cap = "", dashed = false): string {
  return (
    `<a:ln w="${Math.max(1, emu(doc.stroke))}"${cap}><a:solidFill><a:srgbClr val="000000"/></a:solidFill>` +
    (dashed ? dashXml(doc) : "") +
    `<a:miter lim="800000"/>${extra}</a:ln>`
  );
}

/** The comment link's dash (S10, L8): custom lengths, given in thousandths of a percent of the line width. */
function dashXml(doc: Doc): string {
  const rel = (mm: number) => Math.round((mm / doc.stroke) * 100000);
  return `<a:custDash><a:ds d="${rel(COMMENT_DASH)}" sp="${rel(COMMENT_DASH_GAP)}"/></a:custDash>`;
}

/** bodyPr with insets that make the text area equal to `area` inside the shape box `box`. */
function bodyPr(f: Frame, box: Box, area: Box, wrap: "square" | "none", anchor: "ctr" | "t"): string {
  const l = Math.max(0, fx(f, area.x) - fx(f, box.x));
  const t = Math.max(0, fy(f, area.y) - fy(f, box.y));
  const r = Math.max(0, fx(f, box.x + box.w) - fx(f, area.x + area.w));
  const b = Math.max(0, fy(f, box.y + box.h) - fy(f, area.y + area.h));
  return (
    `<wps:bodyPr rot="0" vert="horz" wrap="${wrap}" lIns="${l}" tIns="${t}" rIns="${r}" bIns="${b}" ` +
    `anchor="${anchor}" anchorCtr="0" upright="1"><a:noAutofit/></wps:bodyPr>`
  );
}

/**
 * The text area of a shape: its textBox, widened by up to WRAP_SLACK on the sides where the text can grow
 * without moving (both sides equally for centred text, the right side for left-aligned comments), never
 * past the shape box.
 */
function textArea(s: Shape): Box {
  const tb = s.textBox;
  const left = Math.min(WRAP_SLACK, Math.max(0, tb.x - s.x));
  const right = Math.min(WRAP_SLACK, Math.max(0, s.x + s.w - (tb.x + tb.w)));
  if (shapeTextAlign(s.kind) === "start") return { x: tb.x, y: tb.y, w: tb.w + right + commentSlack(s), h: tb.h };
  const slack = Math.min(left, right);
  return { x: tb.x - slack, y: tb.y, w: tb.w + 2 * slack, h: tb.h };
}

/**
 * How far a comment's box reaches past its open right side, empty, for the reason a branch label's
 * does (LABEL_SLACK): LibreOffice wraps frames in groups even with wrap="none", and its small scaled
 * fonts run wider than the metrics (a 119 mm line at half size wrapped with 1.5 mm to spare), so
 * the end of the widest line would drop onto a hidden line. The bracket stays where it is.
 */
export function commentSlack(s: Shape): number {
  return LABEL_SLACK + 0.1 * s.textBox.w;
}

function shapeXml(doc: Doc, f: Frame, s: Shape, attach: Attachments): string {
  const id = doc.nextId++;
  attach.ids.set(s.id, id);
  const o = outline(s);
  const open = o.outline.kind === "open";
  const paths = [{ cmds: outlinePath(o.outline), fill: !open }];
  for (const l of o.lines) {
    paths.push({ cmds: [{ op: "M", x: l.a.x, y: l.a.y }, { op: "L", x: l.b.x, y: l.b.y }], fill: false });
  }
  const hasText = s.text.some((t) => t !== "");
  const align = shapeTextAlign(s.kind);
  const fill = open ? `<a:noFill/>` : `<a:solidFill><a:srgbClr val="FFFFFF"/></a:solidFill>`;
  const txbx = hasText
    ? `<wps:txbx><w:txbxContent>${textBoxParagraphs(s.text, s.font, align, f.s)}</w:txbxContent></wps:txbx>`
    : "";
  // Left-aligned text (comments) never needs wrapping to stay put; centred text wraps within the slack.
  const box = align === "start" ? { ...s, w: s.w + commentSlack(s) } : s;
  return (
    `<wps:wsp><wps:cNvPr id="${id}" name="Shape ${id}" descr="${escapeXml(s.kind)} ${escapeXml(s.id)}"/><wps:cNvSpPr/>` +
    `<wps:spPr>${geometryXml(f, box, paths, attach.sites.get(s.id))}${fill}${lineXml(doc)}</wps:spPr>` +
    txbx +
    bodyPr(f, box, hasText ? textArea(s) : s, align === "start" ? "none" : "square", "ctr") +
    `</wps:wsp>`
  );
}

function boundsOf(points: readonly Point[]): Box {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const q of points) {
    x0 = Math.min(x0, q.x);
    y0 = Math.min(y0, q.y);
    x1 = Math.max(x1, q.x);
    y1 = Math.max(y1, q.y);
  }
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/**
 * The lines of a part attached to its symbols: every line with a symbol at both ends is a connector
 * (`wps:cNvCnPr` naming both shapes' ids and connection sites), so Word keeps it on the blocks it
 * joins; a line that starts or ends on another line (a join) stays a drawn line. `sites` are the
 * connection sites each symbol gets (where its connectors touch it), `ids` the symbols' cNvPr ids.
 */
interface Attachments {
  sites: Map<string, Point[]>;
  ids: Map<string, number>;
}

function attachmentsOf(part: Part): Attachments {
  const sites = new Map<string, Point[]>();
  const site = (shape: string, q: Point) => {
    const list = sites.get(shape) ?? [];
    if (!list.some((p) => p.x === q.x && p.y === q.y)) list.push(q);
    sites.set(shape, list);
  };
  for (const e of part.edges) {
    if (e.from === null || e.to === null || e.points.length < 2) continue;
    site(e.from, e.points[0]!);
    site(e.to, e.points[e.points.length - 1]!);
  }
  return { sites, ids: new Map() };
}

/** `wps:cNvCnPr` of a line joining two symbols, or the plain `wps:cNvSpPr` of a drawn line. */
function connectionXml(e: Edge, attach: Attachments): string {
  if (e.from === null || e.to === null) return `<wps:cNvSpPr/>`;
  const end = (shape: string, q: Point) => {
    const id = attach.ids.get(shape);
    const idx = attach.sites.get(shape)?.findIndex((p) => p.x === q.x && p.y === q.y) ?? -1;
    return id === undefined || idx < 0 ? null : `id="${id}" idx="${idx}"`;
  };
  const st = end(e.from, e.points[0]!);
  const en = end(e.to, e.points[e.points.length - 1]!);
  if (st === null || en === null) return `<wps:cNvSpPr/>`;
  return `<wps:cNvCnPr><a:stCxn ${st}/><a:endCxn ${en}/></wps:cNvCnPr>`;
}

/**
 * The arrowhead: DrawingML gives its size in steps of the line width. A medium width and a large
 * length come nearest to our 2 × 3 mm in LibreOffice, which scales them from at least 0.7 mm of
 * line width (large both ways drew it 3.5 mm wide there, item 24.6); Word draws it a little smaller.
 */
const ARROW_END = `<a:tailEnd type="triangle" w="med" len="lg"/>`;

function edgeXml(doc: Doc, f: Frame, e: Edge, attach: Attachments): string {
  if (e.points.length < 2) return "";
  const id = doc.nextId++;
  const cmds: PathCommand[] = e.points.map((q, i) => ({ op: i === 0 ? "M" : "L", x: q.x, y: q.y }) as PathCommand);
  const tail = e.arrow ? ARROW_END : "";
  return (
    `<wps:wsp><wps:cNvPr id="${id}" name="${e.from !== null && e.to !== null ? "Connector" : "Edge"} ${id}" descr="${escapeXml(e.id)}"/>${connectionXml(e, attach)}` +
    `<wps:spPr>${geometryXml(f, boundsOf(e.points), [{ cmds, fill: false }])}<a:noFill/>${lineXml(doc, tail, e.dashed ? ` cap="flat"` : ` cap="sq"`, e.dashed === true)}</wps:spPr>` +
    `<wps:bodyPr/></wps:wsp>`
  );
}

function labelXml(doc: Doc, f: Frame, e: Edge): string {
  if (e.label === undefined || e.label === "" || !e.labelBox) return "";
  const id = doc.nextId++;
  const b = e.labelBox;
  return (
    `<wps:wsp><wps:cNvPr id="${id}" name="Label ${id}" descr="${escapeXml(e.id)}"/><wps:cNvSpPr txBox="1"/>` +
    `<wps:spPr><a:xfrm><a:off x="${fx(f, b.x)}" y="${fy(f, b.y)}"/><a:ext cx="${Math.max(1, fl(f, b.w + LABEL_SLACK))}" cy="${Math.max(1, fl(f, b.h))}"/></a:xfrm>` +
    `<a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:noFill/><a:ln><a:noFill/></a:ln></wps:spPr>` +
    `<wps:txbx><w:txbxContent>${textBoxParagraphs([e.label], doc.labelFont, "start", f.s)}</w:txbxContent></wps:txbx>` +
    bodyPr(f, b, b, "none", "ctr") +
    `</wps:wsp>`
  );
}

/** The paragraph run holding one figure as an inline group; returns the run XML. */
export function figureRun(doc: Doc, fig: Figure): string {
  const s = fitScale(fig.box.w, fig.box.h);
  const f: Frame = { ox: fig.box.x, oy: fig.box.y, s };
  const cx = Math.max(1, fl(f, fig.box.w));
  const cy = Math.max(1, fl(f, fig.box.h));
  const docPr = doc.nextId++;
  const children: string[] = [];
  for (const part of fig.parts) {
    const attach = attachmentsOf(part);
    for (const sh of part.shapes) children.push(shapeXml(doc, f, sh, attach));
    for (const e of part.edges) children.push(edgeXml(doc, f, e, attach));
    for (const e of part.edges) children.push(labelXml(doc, f, e));
  }
  // Half a stroke sticks out of the group box where outlines touch its border.
  const pad = Math.ceil(emu(doc.stroke) / 2);
  return (
    `<w:r><w:drawing><wp:inline distT="0" distB="0" distL="0" distR="0">` +
    `<wp:extent cx="${cx}" cy="${cy}"/><wp:effectExtent l="${pad}" t="${pad}" r="${pad}" b="${pad}"/>` +
    `<wp:docPr id="${docPr}" name="Figure ${docPr}" descr="${escapeXml(fig.caption)}"/><wp:cNvGraphicFramePr><a:graphicFrameLocks noChangeAspect="1"/></wp:cNvGraphicFramePr>` +
    `<a:graphic><a:graphicData uri="${NS.wpg}"><wpg:wgp><wpg:cNvGrpSpPr/>` +
    `<wpg:grpSpPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="${cx}" cy="${cy}"/><a:chOff x="0" y="0"/><a:chExt cx="${cx}" cy="${cy}"/></a:xfrm></wpg:grpSpPr>` +
    children.join("") +
    `</wpg:wgp></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`
  );
}

/** Space above a caption: the same CAPTION_GAP (mm) as the geometry and the PDF, in twips. */
const CAPTION_BEFORE = Math.round((CAPTION_GAP * 1440) / 25.4);

function captionParagraph(text: string, font: FontSpec): string {
  const rpr = runProps(font, font.size);
  return (
    `<w:p><w:pPr><w:spacing w:before="${CAPTION_BEFORE}" w:after="0" w:line="${twips(lineHeightMm(font.size))}" w:lineRule="exact"/>` +
    `<w:ind w:left="0" w:right="0" w:firstLine="0"/><w:jc w:val="center"/>${rpr}</w:pPr>` +
    `<w:r>${rpr}<w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`
  );
}

function figureParagraph(doc: Doc, fig: Figure): string {
  return (
    `<w:p><w:pPr><w:keepNext/>${fig.pageBreak ? "<w:pageBreakBefore/>" : ""}` +
    `<w:spacing w:before="${twips(fig.gapBefore)}" w:after="0" w:line="240" w:lineRule="auto"/><w:ind w:left="0" w:right="0" w:firstLine="0"/>` +
    `<w:jc w:val="center"/></w:pPr>${figureRun(doc, fig)}</w:p>` +
    captionParagraph(fig.caption, fig.captionFont)
  );
}

export function unionBox(parts: readonly Part[]): Box {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const p of parts) {
    x0 = Math.min(x0, p.x);
    y0 = Math.min(y0, p.y);
    x1 = Math.max(x1, p.x + p.width);
    y1 = Math.max(y1, p.y + p.height);
  }
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/**
 * The figures of the document in order, as engine/layout/sheets.ts places them on pages: with
 * `pages`, one per part (continuation parts captioned with their sheetCaption); without, one per
 * chart with its parts side by side. A figure that starts a page after the first has a page break
 * before it, one below another on a page has FIGURE_GAP above it, so Word breaks pages where the plan
 * does (captions have an exact line pitch for the same reason).
 */
export function figuresOf(g: Geometry, pages: boolean): Figure[] {
  return planSheets([g], pages).flatMap((sheet, page) =>
    sheet.figures.map((f, i) => ({
      parts: f.parts,
      box: unionBox(f.parts),
      caption: f.captionText,
      captionFont: f.captionFont,
      pageBreak: page > 0 && i === 0,
      gapBefore: i === 0 ? 0 : FIGURE_GAP,
    })),
  );
}

function documentXml(g: Geometry, pages: boolean): string {
  const doc: Doc = { nextId: 1, stroke: g.stroke, labelFont: g.font };
  const figs = figuresOf(g, pages);
  // Word wants at least one paragraph before the section properties.
  const body = figs.length > 0 ? figs.map((fig) => figureParagraph(doc, fig)).join("\n") : "<w:p/>";
  const ns = Object.entries(NS)
    .map(([k, v]) => `xmlns:${k}="${v}"`)
    .join(" ");
  const sect =
    `<w:sectPr><w:pgSz w:w="${twips(PAGE.width)}" w:h="${twips(PAGE.height)}"/>` +
    `<w:pgMar w:top="${twips(PAGE.top)}" w:right="${twips(PAGE.right)}" w:bottom="${twips(PAGE.bottom)}" w:left="${twips(PAGE.left)}" w:header="708" w:footer="708" w:gutter="0"/>` +
    `<w:cols w:space="708"/></w:sectPr>`;
  return `${XML_HEAD}<w:document ${ns}><w:body>\n${body}\n${sect}</w:body></w:document>\n`;
}

/** `[Content_Types].xml` of a document with these parts besides the body, styles and settings (e.g. a header's `<Override …/>`). */
export function contentTypes(overrides: readonly string[] = []): string {
  return (
    XML_HEAD +
    `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
    `<Default Extension="xml" ContentType="application/xml"/>` +
    `<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>` +
    `<Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/>` +
    `<Override PartName="/word/settings.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.settings+xml"/>` +
    overrides.join("") +
    `</Types>\n`
  );
}

export const ROOT_RELS =
  XML_HEAD +
  `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
  `<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>` +
  `</Relationships>\n`;

/** `word/_rels/document.xml.rels`: styles and settings, and these relationships besides. */
export function documentRels(more: readonly string[] = []): string {
  return (
    XML_HEAD +
    `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
    `<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>` +
    `<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/settings" Target="settings.xml"/>` +
    more.join("") +
    `</Relationships>\n`
  );
}

/**
 * Document defaults: text in `family` at `sizePt`, Ukrainian, no paragraph spacing, lines `lineSpacing`
 * apart (1: single, as the charts' captions; the report's body text: 1.5).
 */
export function stylesXml(family: string, sizePt: number, lineSpacing: number): string {
  const fam = escapeXml(wordFamily(family));
  return (
    XML_HEAD +
    `<w:styles xmlns:w="${NS.w}"><w:docDefaults>` +
    `<w:rPrDefault><w:rPr><w:rFonts w:ascii="${fam}" w:hAnsi="${fam}" w:eastAsia="${fam}" w:cs="${fam}"/>` +
    `<w:sz w:val="${sizePt * 2}"/><w:szCs w:val="${sizePt * 2}"/><w:lang w:val="uk-UA" w:eastAsia="en-US" w:bidi="ar-SA"/></w:rPr></w:rPrDefault>` +
    `<w:pPrDefault><w:pPr><w:spacing w:before="0" w:after="0" w:line="${Math.round(lineSpacing * 240)}" w:lineRule="auto"/></w:pPr></w:pPrDefault>` +
    `</w:docDefaults>` +
    `<w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/><w:qFormat/></w:style>` +
    `</w:styles>\n`
  );
}

export const SETTINGS =
  XML_HEAD +
  `<w:settings xmlns:w="${NS.w}"><w:defaultTabStop w:val="708"/><w:characterSpacingControl w:val="doNotCompress"/>` +
  `<w:compat><w:compatSetting w:name="compatibilityMode" w:uri="http://schemas.microsoft.com/office/word" w:val="15"/></w:compat>` +
  `</w:settings>\n`;

/** The .docx package for a geometry (pure; deterministic bytes). */
export function buildDocx(g: Geometry, pages: boolean): Uint8Array {
  const utf8 = new TextEncoder();
  // The entry order of the zip: keep it fixed.
  const files: [name: string, xml: string][] = [
    ["[Content_Types].xml", contentTypes()],
    ["_rels/.rels", ROOT_RELS],
    ["word/document.xml", documentXml(g, pages)],
    ["word/_rels/document.xml.rels", documentRels()],
    ["word/styles.xml", stylesXml(g.font.family, 14, 1)],
    ["word/settings.xml", SETTINGS],
  ];
  return zip(files.map(([name, xml]) => ({ name, data: utf8.encode(xml), level: DOCX_LEVEL })));
}


/** Renders the geometry as a .docx: one inline shape group per figure, captions under each figure. */
export const renderDocx: Renderer = async (geometry: Geometry, context: RenderContext) =>
  buildDocx(geometry, context.pages);

/**
 * The report as a Word document: the charts are the DOCX renderer's native, editable shape groups
 * (render/docx.ts figureRun), the text is real Word text in the report's page setup (page.ts), so a
 * student can hand it in as is and a teacher can edit it. Word paginates: listings run on across
 * pages line by line (each visual line its own paragraph at an exact pitch, so Word never re-wraps
 * code), a figure keeps its caption with it, a continuation starts a new page under its
 * «Продовження рисунка …», every appendix starts a page. The page number is a PAGE field in the
 * header, top right. Deterministic: fixed part order, no dates.
 */
import { CAPTION_GAP } from "../geometry/style.ts";
import { escapeXml } from "../render/svg.ts";
import { contentTypes, documentRels, NS, ROOT_RELS, SETTINGS, XML_HEAD, figureRun, stylesXml, twips, unionBox, type Doc } from "../render/docx.ts";
import { DOCX_LEVEL, zip } from "../render/zip.ts";
import { lineHeightMm } from "../text/measure.ts";
import type { ReportBlock, ReportDocument, ReportFigure } from "./document.ts";
import { LISTING_FONT, LISTING_PITCH, LISTING_SIZE, PAGE_NUMBER_BASELINE, REPORT_PAGE, TEXT_FONT, TEXT_PITCH, TEXT_SIZE } from "./page.ts";

/** First-line indent of body text: 1.25 cm. */
const INDENT = twips(12.5);

function run(text: string, props = ""): string {
  return `<w:r>${props ? `<w:rPr>${props}</w:rPr>` : ""}<w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r>`;
}

interface Para {
  align?: "center" | "left" | "right" | "both";
  indent?: number;
  pageBreak?: boolean;
  keepNext?: boolean;
  /** Line pitch in mm, exact; "single" for a drawing's paragraph; else 1.5 lines. */
  exact?: number | "single";
  before?: number;
  after?: number;
}

function pPr(p: Para, runProps = ""): string {
  const line =
    p.exact === undefined ? `w:line="360" w:lineRule="auto"` : p.exact === "single" ? `w:line="240" w:lineRule="auto"` : `w:line="${twips(p.exact)}" w:lineRule="exact"`;
  return (
    `<w:pPr>${p.keepNext ? "<w:keepNext/>" : ""}${p.pageBreak ? "<w:pageBreakBefore/>" : ""}` +
    `<w:spacing w:before="${twips(p.before ?? 0)}" w:after="${twips(p.after ?? 0)}" ${line}/>` +
    `<w:ind w:left="0" w:right="0" w:firstLine="${p.indent ?? 0}"/><w:jc w:val="${p.align ?? "both"}"/>${runProps ? `<w:rPr>${runProps}</w:rPr>` : ""}</w:pPr>`
  );
}

const paragraph = (p: Para, content: string, runProps = ""): string => `<w:p>${pPr(p, runProps)}${content}</w:p>`;

const BOLD = "<w:b/><w:bCs/>";
const mono = (): string => {
  const f = escapeXml(LISTING_FONT);
  const hp = LISTING_SIZE * 2;
  return `<w:rFonts w:ascii="${f}" w:hAnsi="${f}" w:eastAsia="${f}" w:cs="${f}"/><w:sz w:val="${hp}"/><w:szCs w:val="${hp}"/>`;
};

function figureXml(doc: Doc, f: ReportFigure): string {
  const out: string[] = [];
  const caption = f.below.join(" ") || f.above;
  if (f.above) out.push(paragraph({ align: "center", pageBreak: true, keepNext: true, exact: TEXT_PITCH }, run(f.above)));
  const drawing = figureRun(doc, { parts: f.parts, box: unionBox(f.parts), caption, captionFont: f.chart.caption.font, pageBreak: false, gapBefore: 0 });
  // The drawing keeps with its caption; the space after the caption is a blank line of text.
  const last = f.below.length === 0;
  out.push(paragraph({ align: "center", keepNext: !last, exact: "single", after: last ? TEXT_PITCH : 0 }, drawing));
  if (!last) out.push(paragraph({ align: "center", before: CAPTION_GAP, after: TEXT_PITCH, exact: lineHeightMm(TEXT_SIZE) }, run(f.below.join(" "))));
  return out.join("");
}

function blockXml(doc: Doc, b: ReportBlock): string {
  switch (b.kind) {
    case "appendix":
      return (
        paragraph({ align: "center", pageBreak: true, keepNext: true }, run(b.heading, BOLD), BOLD) +
        paragraph({ align: "center", keepNext: true, after: TEXT_PITCH }, run(b.title, BOLD), BOLD)
      );
    case "title":
      return b.lines.map((l, i) => paragraph({ align: "center", keepNext: true, after: i === b.lines.length - 1 ? TEXT_PITCH : 0 }, run(l, i === 0 ? BOLD : ""), i === 0 ? BOLD : "")).join("");
    case "section":
      return paragraph({ align: "left", indent: INDENT, keepNext: true, before: TEXT_PITCH, after: TEXT_PITCH / 2 }, run(b.text, BOLD), BOLD);
    case "listingCaption":
      return paragraph({ align: "left", keepNext: true, before: TEXT_PITCH / 2 }, run(b.text));
    case "listing":
      return b.lines.map((l, i) => paragraph({ align: "left", exact: LISTING_PITCH, keepNext: i === 0, after: i === b.lines.length - 1 ? TEXT_PITCH / 2 : 0 }, run(l, mono()), mono())).join("\n");
    case "figure":
      return figureXml(doc, b.figure);
    case "note":
      return paragraph({ indent: INDENT, after: TEXT_PITCH / 2 }, run(b.text));
  }
}

function documentXml(report: ReportDocument): string {
  const figure = report.blocks.find((b) => b.kind === "figure");
  const g = figure?.kind === "figure" ? figure.figure.geometry : undefined;
  const doc: Doc = { nextId: 1, stroke: g?.stroke ?? 0.35, labelFont: g?.font ?? { family: "Tinos", size: 12 } };
  const body = report.blocks.map((b) => blockXml(doc, b)).join("\n");
  const ns = Object.entries(NS).map(([k, v]) => `xmlns:${k}="${v}"`).join(" ");
  const p = REPORT_PAGE;
  const sect =
    `<w:sectPr><w:headerReference w:type="default" r:id="rIdHeader"/><w:pgSz w:w="${twips(p.width)}" w:h="${twips(p.height)}"/>` +
    `<w:pgMar w:top="${twips(p.top)}" w:right="${twips(p.right)}" w:bottom="${twips(p.bottom)}" w:left="${twips(p.left)}" ` +
    `w:header="${twips(PAGE_NUMBER_BASELINE - lineHeightMm(TEXT_SIZE) * 0.8)}" w:footer="${twips(p.bottom / 2)}" w:gutter="0"/><w:cols w:space="708"/></w:sectPr>`;
  return `${XML_HEAD}<w:document ${ns}><w:body>\n${body}\n${sect}</w:body></w:document>\n`;
}

const HEADER =
  XML_HEAD +
  `<w:hdr xmlns:w="${NS.w}"><w:p><w:pPr><w:spacing w:before="0" w:after="0" w:line="240" w:lineRule="auto"/><w:jc w:val="right"/></w:pPr>` +
  `<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> PAGE </w:instrText></w:r>` +
  `<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>1</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p></w:hdr>\n`;

const CONTENT_TYPES = contentTypes([
  `<Override PartName="/word/header1.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.header+xml"/>`,
  `<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>`,
]);

const DOCUMENT_RELS = documentRels([
  `<Relationship Id="rIdHeader" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/header" Target="header1.xml"/>`,
]);

const PACKAGE_RELS = ROOT_RELS.replace(
  "</Relationships>",
  `<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`,
);

/** Title and author (the assignment's data), no dates: the same input gives the same bytes. */
function coreXml(report: ReportDocument): string {
  const o = report.options;
  return (
    XML_HEAD +
    `<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/">` +
    (o.title ? `<dc:title>${escapeXml(o.title)}</dc:title>` : "") +
    (o.student ? `<dc:creator>${escapeXml(o.student)}</dc:creator>` : "") +
    `<dc:language>uk-UA</dc:language></cp:coreProperties>\n`
  );
}

export function reportDocx(report: ReportDocument): Uint8Array {
  const utf8 = new TextEncoder();
  const files: [name: string, xml: string][] = [
    ["[Content_Types].xml", CONTENT_TYPES],
    ["_rels/.rels", PACKAGE_RELS],
    ["docProps/core.xml", coreXml(report)],
    ["word/document.xml", documentXml(report)],
    ["word/_rels/document.xml.rels", DOCUMENT_RELS],
    ["word/styles.xml", stylesXml(TEXT_FONT, TEXT_SIZE, 1.5)],
    ["word/settings.xml", SETTINGS],
    ["word/header1.xml", HEADER],
  ];
  return zip(files.map(([name, xml]) => ({ name, data: utf8.encode(xml), level: DOCX_LEVEL })));
}

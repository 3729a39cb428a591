/**
 * The report as a Typst document (CeTZ for the charts, render/typst.ts's canvases): the page setup of
 * page.ts, Typst paginating. An appendix starts a page; a listing is one block of raw text (it breaks
 * across pages, its lines numbered and wrapped by listing.ts); a figure is an unbreakable block, its
 * caption under it; a continuation starts a page under its «Продовження рисунка …». Headings and
 * captions above something are sticky, so they never end a page alone. Deterministic.
 */
import { CAPTION_GAP } from "../geometry/style.ts";
import { num } from "../render/svg.ts";
import { CETZ_IMPORT, canvas, typstString } from "../render/typst.ts";
import type { ReportBlock, ReportDocument, ReportFigure } from "./document.ts";
import { LISTING_FONT, LISTING_SIZE, REPORT_PAGE, TEXT_FONT, TEXT_SIZE } from "./page.ts";

const p = REPORT_PAGE;
const PREAMBLE = [
  `// Skhema report (ДСТУ 3008:2015 page setup), CeTZ 0.5.2`,
  `#set page(paper: "a4", margin: (left: ${p.left}mm, right: ${p.right}mm, top: ${p.top}mm, bottom: ${p.bottom}mm), numbering: "1", number-align: top + right)`,
  // Times New Roman where installed, else its metric twin; 1.5 lines ≈ a leading of 1.06 em.
  `#set text(font: (${typstString(TEXT_FONT)}, "Tinos"), size: ${TEXT_SIZE}pt, lang: "uk")`,
  `#set par(justify: true, leading: 1.06em, spacing: 1.06em, first-line-indent: (amount: 12.5mm, all: true))`,
  `#show raw: set text(font: (${typstString(LISTING_FONT)}, "DejaVu Sans Mono", "Liberation Mono"), size: ${LISTING_SIZE}pt)`,
  `#show raw.where(block: true): set par(leading: 0.32em, justify: false)`,
  CETZ_IMPORT,
];

/** A centred line (without the body's first-line indent), as a Typst expression. */
const centred = (text: string, bold = false): string =>
  `align(center, par(first-line-indent: 0pt, justify: false, text(${bold ? `weight: "bold", ` : ""}${typstString(text)})))`;

function figure(f: ReportFigure): string[] {
  const g = f.geometry;
  const out: string[] = [];
  if (f.above) out.push(`#pagebreak(weak: true)`, `#block(sticky: true, width: 100%, ${centred(f.above)})`);
  const canvases = f.parts.map((part) => {
    const c = canvas(g, part, "  ");
    return f.scale < 1 ? `  scale(${num(f.scale * 100)}%, reflow: true, ${c})` : `  ${c}`;
  });
  const items = [...canvases, ...(f.below.length > 0 ? [`  par(first-line-indent: 0pt, justify: false, ${typstString(f.below.join(" "))})`] : [])];
  out.push(`#block(width: 100%, breakable: false, below: 1.5em, align(center, stack(dir: ttb, spacing: ${num(CAPTION_GAP)}mm,\n${items.join(",\n")},\n)))`);
  return out;
}

function block(b: ReportBlock): string[] {
  switch (b.kind) {
    case "appendix":
      return [`#pagebreak(weak: true)`, `#block(sticky: true, width: 100%, below: 1.5em, ${centred(b.heading, true)} + ${centred(b.title, true)})`];
    case "title":
      return b.lines.map((l, i) => `#${centred(l, i === 0)}`);
    case "section":
      return [`#block(sticky: true, above: 1.5em, par(justify: false, text(weight: "bold", ${typstString(b.text)})))`];
    case "listingCaption":
      return [`#block(sticky: true, above: 1em, par(first-line-indent: 0pt, justify: false, ${typstString(b.text)}))`];
    case "listing":
      return [`#raw(block: true, ${typstString(b.lines.join("\n"))})`];
    case "figure":
      return figure(b.figure);
    case "note":
      return [`#par(${typstString(b.text)})`];
  }
}

export function reportTypst(report: ReportDocument): string {
  const out = [...PREAMBLE];
  const o = report.options;
  if (o.title || o.student) out.push(`#set document(${[o.title && `title: ${typstString(o.title)}`, o.student && `author: ${typstString(o.student)}`].filter(Boolean).join(", ")})`);
  for (const b of report.blocks) out.push("", ...block(b));
  return out.join("\n") + "\n";
}

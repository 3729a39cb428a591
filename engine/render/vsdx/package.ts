/**
 * The fixed parts of a Visio package ([MS-VSDX]): content types, relationships, document with its
 * one style, page list and document properties. Only the page list and the pages depend on the
 * chart; nothing here carries a time, so the package's bytes depend on the geometry alone.
 */
import { escapeXml } from "../svg.ts";

export const XML_HEAD = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n`;
export const VISIO_NS = "http://schemas.microsoft.com/office/visio/2012/main";
const R_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const REL_NS = "http://schemas.openxmlformats.org/package/2006/relationships";
const VISIO_REL = "http://schemas.microsoft.com/visio/2010/relationships";

export const VSDX_TYPE = "application/vnd.ms-visio.drawing.main+xml";

export function contentTypes(pages: number): string {
  const overrides = Array.from({ length: pages }, (_, i) => `<Override PartName="/visio/pages/page${i + 1}.xml" ContentType="application/vnd.ms-visio.page+xml"/>`).join("");
  return (
    XML_HEAD +
    `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
    `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
    `<Default Extension="xml" ContentType="application/xml"/>` +
    `<Override PartName="/visio/document.xml" ContentType="${VSDX_TYPE}"/>` +
    `<Override PartName="/visio/pages/pages.xml" ContentType="application/vnd.ms-visio.pages+xml"/>` +
    overrides +
    `<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>` +
    `<Override PartName="/docProps/app.xml" ContentType="application/vnd.openxmlformats-officedocument.extended-properties+xml"/>` +
    `</Types>\n`
  );
}

function rels(items: readonly [id: string, type: string, target: string][]): string {
  return XML_HEAD + `<Relationships xmlns="${REL_NS}">` + items.map(([id, type, target]) => `<Relationship Id="${id}" Type="${type}" Target="${target}"/>`).join("") + `</Relationships>\n`;
}

export const ROOT_RELS = rels([
  ["rId1", `${VISIO_REL}/document`, "visio/document.xml"],
  ["rId2", "http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties", "docProps/core.xml"],
  ["rId3", "http://schemas.openxmlformats.org/officeDocument/2006/relationships/extended-properties", "docProps/app.xml"],
]);

export const DOCUMENT_RELS = rels([["rId1", `${VISIO_REL}/pages`, "pages/pages.xml"]]);

export const pagesRels = (pages: number): string =>
  rels(Array.from({ length: pages }, (_, i) => [`rId${i + 1}`, `${VISIO_REL}/page`, `page${i + 1}.xml`] as [string, string, string]));

/** The document: one style (thin black line, white fill, black text) every shape uses. */
export function documentXml(font: string): string {
  const f = escapeXml(font);
  return (
    XML_HEAD +
    `<VisioDocument xmlns="${VISIO_NS}" xmlns:r="${R_NS}" xml:space="preserve">` +
    `<DocumentSettings TopPage="0" DefaultTextStyle="0" DefaultLineStyle="0" DefaultFillStyle="0" DefaultGuideStyle="0"/>` +
    `<FaceNames><FaceName NameU="${f}" UnicodeRanges="-536859905 -1073711037 9 0" CharSets="536871423 0" Flags="325"/></FaceNames>` +
    `<StyleSheets><StyleSheet ID="0" NameU="No Style" Name="No Style" LineStyle="0" FillStyle="0" TextStyle="0">` +
    `<Cell N="LineColor" V="#000000"/><Cell N="LinePattern" V="1"/><Cell N="FillForegnd" V="#FFFFFF"/><Cell N="FillPattern" V="1"/>` +
    `<Cell N="VerticalAlign" V="1"/><Cell N="LeftMargin" V="0"/><Cell N="RightMargin" V="0"/><Cell N="TopMargin" V="0"/><Cell N="BottomMargin" V="0"/>` +
    `<Section N="Character"><Row IX="0"><Cell N="Font" V="${f}"/><Cell N="Color" V="#000000"/></Row></Section>` +
    `</StyleSheet></StyleSheets></VisioDocument>\n`
  );
}

/** The page list: A-size pages given in inches (Visio's internal unit), shown in mm. */
export function pagesXml(pages: readonly { name: string; width: number; height: number }[]): string {
  const inch = (mm: number) => Math.round((mm / 25.4) * 1e6) / 1e6;
  return (
    XML_HEAD +
    `<Pages xmlns="${VISIO_NS}" xmlns:r="${R_NS}" xml:space="preserve">` +
    pages
      .map(
        (p, i) =>
          `<Page ID="${i}" NameU="${escapeXml(p.name)}" Name="${escapeXml(p.name)}"><PageSheet LineStyle="0" FillStyle="0" TextStyle="0">` +
          `<Cell N="PageWidth" V="${inch(p.width)}" U="MM"/><Cell N="PageHeight" V="${inch(p.height)}" U="MM"/>` +
          `<Cell N="PageScale" V="1" U="MM"/><Cell N="DrawingScale" V="1" U="MM"/><Cell N="DrawingSizeType" V="0"/><Cell N="DrawingScaleType" V="0"/>` +
          `<Cell N="PrintPageOrientation" V="${p.height >= p.width ? 1 : 2}"/></PageSheet><Rel r:id="rId${i + 1}"/></Page>`,
      )
      .join("") +
    `</Pages>\n`
  );
}

export function coreXml(title: string): string {
  return (
    XML_HEAD +
    `<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/">` +
    `<dc:title>${escapeXml(title)}</dc:title><dc:creator>Skhema</dc:creator></cp:coreProperties>\n`
  );
}

export const APP_XML =
  XML_HEAD +
  `<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>Skhema</Application></Properties>\n`;

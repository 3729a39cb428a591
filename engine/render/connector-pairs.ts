/**
 * The connector pairs of a paged document (S8, L6): a line that leaves a page ends in a connector
 * and continues from a connector of the same text on a later page. The editable formats link the
 * two (draw.io: a link to the other page and a tooltip; Visio: a hyperlink to the other page), so a
 * reader can jump between them in the app. Ids are unique within a chart only, so a connector is
 * named by its chart and its id.
 */
import type { Edge, Part, Shape } from "../geometry/types.ts";
import type { EditablePage } from "./paper.ts";

/** A connector's partner on another page, and whether the line leaves (exit) or arrives (entry) here. */
export interface OffPageLink {
  page: number;
  /** The partner's cell key (`connectorKey`). */
  partner: string;
  role: "exit" | "entry";
}

export const connectorKey = (chart: number, shapeId: string): string => `${chart}:${shapeId}`;

/** Every connector whose partner (same chart, same text) is on another page, keyed by connectorKey. */
export function offPageLinks(pages: readonly EditablePage[]): Map<string, OffPageLink> {
  interface Seen { key: string; page: number; entry: boolean }
  const groups = new Map<string, Seen[]>();
  for (const page of pages) {
    for (const fig of page.figures) {
      for (const part of fig.parts) {
        for (const s of part.shapes) {
          if (s.kind !== "connector") continue;
          const group = `${fig.chart}\u0000${s.text.join("\n")}`;
          const list = groups.get(group) ?? [];
          list.push({ key: connectorKey(fig.chart, s.id), page: page.number, entry: startsLine(part, s) });
          groups.set(group, list);
        }
      }
    }
  }
  const links = new Map<string, OffPageLink>();
  for (const list of groups.values()) {
    for (const c of list) {
      // The partner: the connector of the same text on another page, the other role first.
      const others = list.filter((o) => o.page !== c.page);
      const partner = others.find((o) => o.entry !== c.entry) ?? others[0];
      if (partner) links.set(c.key, { page: partner.page, partner: partner.key, role: c.entry ? "entry" : "exit" });
    }
  }
  return links;
}

/** True when a line leaves the connector (it is where the flow continues), false when one ends at it. */
function startsLine(part: Part, s: Shape): boolean {
  return part.edges.some((e: Edge) => e.from === s.id);
}

/** The tooltip text of a linked connector (Ukrainian, as the charts are). */
export function offPageTooltip(link: OffPageLink): string {
  return link.role === "exit" ? `Продовження на сторінці ${link.page}` : `Початок на сторінці ${link.page}`;
}

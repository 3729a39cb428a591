/**
 * Cross-format agreement: the SVG, PDF and DOCX renders of ONE chart (examples/grade.py: three
 * functions, one of them with a loop, decisions with labels and jumps) draw the same shapes in the
 * same places as the geometry:
 *  - SVG: one `data-kind` group per shape, same kinds in the same order, same ids.
 *  - PDF (rasterised by pdftoppm at 100 dpi): one page per planned page; every shape's outline
 *    probe point is dark; the dark pixels of each figure span the planned drawn region (± 2 px).
 *  - DOCX: one `wps:wsp` "Shape" per geometry shape, per kind, whose EMU offsets mapped back to
 *    canvas millimetres equal the geometry's boxes within 0.1 mm.
 * Needs poppler-utils (pdftoppm, pdfinfo).
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { render } from "../engine/index.ts";
import { bunAssets } from "../hosts/bun.ts";
import type { Box, Geometry, Part, Shape } from "../engine/geometry/types.ts";
import { outline, outlineProbe } from "../engine/geometry/outline.ts";
import { planPdfPages } from "../engine/render/pdf.ts";
import { EMU_PER_MM, fitScale } from "../engine/render/docx.ts";
import { darkestAround, decodePng, type Grey } from "./support/png-decode.ts";
import { findAll, parseXmlStrict, type XmlElement } from "./support/xml-check.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const CODE = readFileSync(new URL("../examples/grade.py", import.meta.url), "utf8");
const DPI = 100;
const PX_PER_MM = DPI / 25.4;

let geometry: Geometry;
let svg: string;
let pdf: Uint8Array;
let docx: Uint8Array;
let dir: string;

beforeAll(async () => {
  for (const t of ["pdftoppm", "pdfinfo"]) if (!Bun.which(t)) throw new Error(`${t} is missing: apt-get install poppler-utils`);
  dir = mkdtempSync(join(tmpdir(), "skhema-agree-"));
  // split: true everywhere so the three formats draw the same parts (PDF/DOCX: a figure per part, placed on sheets by engine/layout/sheets.ts).
  const [j, s, p, d] = await Promise.all(
    (["json", "svg", "pdf", "docx"] as const).map((format) => render({ code: CODE, lang: "python", format, split: true }, bunAssets)),
  );
  geometry = JSON.parse(j!.file.data as string) as Geometry;
  svg = s!.file.data as string;
  pdf = p!.file.data as Uint8Array;
  docx = d!.file.data as Uint8Array;
  return () => rmSync(dir, { recursive: true, force: true });
});

const allShapes = (g: Geometry): Shape[] => g.charts.flatMap((c) => c.parts.flatMap((p) => p.shapes));
function countByKind(kinds: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const k of kinds) out[k] = (out[k] ?? 0) + 1;
  return out;
}

describe("SVG, PDF and DOCX agree with the geometry", () => {
  test("the chart is a fair sample (several charts, kinds, labelled edges)", () => {
    expect(geometry.charts.length).toBe(3);
    expect(new Set(allShapes(geometry).map((s) => s.kind)).size).toBeGreaterThanOrEqual(5);
  });

  test("SVG: one data-kind group per shape, same kinds and ids in order", () => {
    const groups = [...svg.matchAll(/<g data-id="([^"]*)" data-kind="([^"]+)"/g)].map((m) => ({ id: m[1]!, kind: m[2]! }));
    expect(groups.length).toBe([...svg.matchAll(/data-kind="/g)].length);
    expect(groups).toEqual(allShapes(geometry).map((s) => ({ id: s.id, kind: s.kind })));
  });

  test("PDF: page count, every shape's outline drawn, each figure's extent on its page", () => {
    const plans = planPdfPages([geometry], true);
    const info = Bun.spawnSync(["pdfinfo", "-"], { stdin: pdf }).stdout.toString();
    expect(Number(/Pages:\s+(\d+)/.exec(info)![1])).toBe(plans.length);
    const file = join(dir, "chart.pdf");
    writeFileSync(file, pdf);
    const r = Bun.spawnSync(["pdftoppm", "-png", "-r", String(DPI), file, join(dir, "page")]);
    expect(r.exitCode).toBe(0);
    const pages = readdirSync(dir)
      .filter((f) => /^page-\d+\.png$/.test(f))
      .sort((a, b) => Number(/(\d+)/.exec(a)![1]) - Number(/(\d+)/.exec(b)![1]));
    expect(pages.length).toBe(plans.length);

    let probed = 0;
    plans.forEach((page, i) => {
      const img = decodePng(new Uint8Array(readFileSync(join(dir, pages[i]!))));
      for (const plan of page.figures) {
      const toPx = (x: number, y: number) => ({
        x: (plan.origin.x + (x - plan.region.x) * plan.scale) * PX_PER_MM,
        y: (plan.origin.y + (y - plan.region.y) * plan.scale) * PX_PER_MM,
      });
      for (const s of plan.parts.flatMap((p: Part) => p.shapes)) {
        const at = outlineProbe(outline(s).outline);
        const q = toPx(at.x, at.y);
        if (darkestAround(img, q.x, q.y, 2) >= 128) throw new Error(`page ${i + 1}: shape ${s.id} (${s.kind}) not drawn at ${q.x},${q.y}`);
        probed++;
      }
      // Dark pixels between the figure's top and its caption span the planned drawn region.
      const top = toPx(plan.region.x, plan.region.y);
      const bottom = toPx(plan.region.x + plan.region.w, plan.region.y + plan.region.h);
      const bbox = darkBox(img, Math.floor(top.y) - 2, Math.floor(plan.captionBox.y * PX_PER_MM) - 1);
      for (const [got, want, what] of [
        [bbox.x0, top.x, "left"],
        [bbox.y0, top.y, "top"],
        [bbox.x1, bottom.x, "right"],
        [bbox.y1, bottom.y, "bottom"],
      ] as const) {
        if (Math.abs(got - want) > 2.5) throw new Error(`page ${i + 1}: ${what} edge of the drawing at ${got} px, planned ${want.toFixed(1)} px`);
      }
      }
    });
    expect(probed).toBe(allShapes(geometry).length);
  }, 60_000);

  test("DOCX: shapes per kind, and their EMU boxes back in mm equal the geometry within 0.1 mm", () => {
    const files = unzipSync(docx);
    const root = parseXmlStrict(strFromU8(files["word/document.xml"]!));
    const inlines = [...findAll(root, "wp:inline"), ...findAll(root, "wp:anchor")];
    const figureParts: Part[][] = geometry.charts.flatMap((c) => c.parts.map((p) => [p]));
    expect(inlines.length).toBe(figureParts.length);

    const child = (el: XmlElement, name: string): XmlElement => {
      const c = el.children.find((x) => x.name === name);
      if (!c) throw new Error(`<${el.name}> has no <${name}>`);
      return c;
    };
    const int = (el: XmlElement, a: string) => Number(el.attrs[a]);
    const docxKinds: string[] = [];
    inlines.forEach((inline, i) => {
      const parts = figureParts[i]!;
      const shapes = parts.flatMap((p) => p.shapes);
      const box: Box = { x: parts[0]!.x, y: parts[0]!.y, w: parts[0]!.width, h: parts[0]!.height };
      const s = fitScale(box.w, box.h);
      const wsps = findAll(inline, "wps:wsp").filter((w) => child(w, "wps:cNvPr").attrs.name!.startsWith("Shape "));
      expect(wsps.length).toBe(shapes.length);
      wsps.forEach((w, k) => {
        const [kind, id] = child(w, "wps:cNvPr").attrs.descr!.split(" ");
        docxKinds.push(kind!);
        const sh = shapes[k]!;
        expect({ kind, id }).toEqual({ kind: sh.kind, id: sh.id });
        const xfrm = child(child(w, "wps:spPr"), "a:xfrm");
        const off = child(xfrm, "a:off");
        const ext = child(xfrm, "a:ext");
        const got = {
          x: box.x + int(off, "x") / EMU_PER_MM / s,
          y: box.y + int(off, "y") / EMU_PER_MM / s,
          w: int(ext, "cx") / EMU_PER_MM / s,
          h: int(ext, "cy") / EMU_PER_MM / s,
        };
        for (const key of ["x", "y", "w", "h"] as const) {
          if (Math.abs(got[key] - sh[key]) > 0.1) throw new Error(`shape ${sh.id}: ${key} ${got[key]} mm ≠ ${sh[key]} mm`);
        }
      });
    });
    expect(countByKind(docxKinds)).toEqual(countByKind(allShapes(geometry).map((s) => s.kind)));
  });
});

/** Bounding box of the pixels darker than 128 from row `minY` to above row `maxY`. */
function darkBox(img: Grey, minY: number, maxY: number): { x0: number; y0: number; x1: number; y1: number } {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (let y = Math.max(0, minY); y < Math.min(maxY, img.height); y++) {
    for (let x = 0; x < img.width; x++) {
      if (img.lum[y * img.width + x]! < 128) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y + 1;
      }
    }
  }
  return { x0, y0, x1: x1 + 1, y1 };
}

/**
 * Visio export (engine/render/vsdx/): every corpus program's .vsdx opened by LibreOffice Draw (libvisio)
 * and printed to PDF in one soffice run — a page per A4 sheet, every block text, branch label and
 * caption on it (pdftotext) — and its XML: well-formed parts, every line between two symbols a
 * connector glued at both ends (two `Connect` rows naming those symbols' shapes), a line joining
 * another line glued at its symbol end only, off-page connectors hyperlinked to the other page.
 * Deterministic bytes. Needs soffice with libreoffice-draw (.ci/run installs it) and poppler-utils.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { render } from "../engine/index.ts";
import type { Geometry } from "../engine/geometry/types.ts";
import { editablePages, type PlacedFigure } from "../engine/render/paper.ts";
import { bunAssets } from "../hosts/bun.ts";
import { readSourceFile } from "./support/source-file.ts";
import { findAll, parseXmlStrict, unescapeXml } from "./support/xml-check.ts";

const LANGS = { python: "python", c: "c", cpp: "cpp", java: "java", csharp: "csharp", pascal: "pascal" } as const;
const dir = mkdtempSync(join(tmpdir(), "skhema-vsdx-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Rendered { name: string; geometry: Geometry; bytes: Uint8Array }
const rendered: Rendered[] = [];
const pdfText: Record<string, string> = {};
const pdfPages: Record<string, number> = {};

beforeAll(async () => {
  for (const [folder, lang] of Object.entries(LANGS)) {
    for (const file of readdirSync(`test/corpus/${folder}`).sort()) {
      const result = await render({ code: await readSourceFile(`test/corpus/${folder}/${file}`), lang, format: "vsdx" }, bunAssets).catch(() => null);
      if (!result || result.geometry.charts.length === 0) continue;
      const name = `${folder}-${file.replace(/\W/g, "_")}`;
      rendered.push({ name, geometry: result.geometry, bytes: result.file.data as Uint8Array });
      writeFileSync(join(dir, `${name}.vsdx`), result.file.data as Uint8Array);
    }
  }
  // One LibreOffice run for every file.
  const r = spawnSync("soffice", [`-env:UserInstallation=file://${join(dir, "profile")}`, "--headless", "--convert-to", "pdf", "--outdir", dir, ...rendered.map((f) => join(dir, `${f.name}.vsdx`))], {
    encoding: "utf8",
    timeout: 900_000,
  });
  if (r.error) throw new Error(`soffice failed to run (install libreoffice-draw-nogui): ${r.error.message}`);
  for (const { name } of rendered) {
    const pdf = join(dir, `${name}.pdf`);
    if (!existsSync(pdf)) continue;
    pdfText[name] = spawnSync("pdftotext", ["-enc", "UTF-8", pdf, "-"], { encoding: "utf8" }).stdout;
    pdfPages[name] = Number(/Pages:\s+(\d+)/.exec(spawnSync("pdfinfo", [pdf], { encoding: "utf8" }).stdout)?.[1]);
  }
}, 1_000_000);

const squash = (s: string) => s.replace(/\s+/g, "");

test("LibreOffice opens every corpus chart's .vsdx: a page per sheet, with our texts", () => {
  expect(rendered.length).toBeGreaterThan(100);
  for (const { name, geometry } of rendered) {
    const pages = editablePages(geometry, true);
    const text = squash(pdfText[name] ?? "");
    const missing: string[] = [];
    for (const page of pages) {
      for (const fig of page.figures) {
        for (const line of fig.caption) if (!text.includes(squash(line))) missing.push(line);
        for (const part of fig.parts) {
          for (const s of part.shapes) for (const line of s.text) if (!text.includes(squash(line))) missing.push(line);
          for (const e of part.edges) if (e.label && !text.includes(squash(e.label))) missing.push(e.label);
        }
      }
    }
    expect({ name, pages: pdfPages[name], missing }).toEqual({ name, pages: pages.length, missing: [] });
  }
});

test("every line between two symbols is a connector glued at both ends to their shapes", () => {
  let glued = 0;
  for (const { name, geometry, bytes } of rendered) {
    const files = unzipSync(bytes);
    const pages = editablePages(geometry, true);
    const pageNames = findAll(parseXmlStrict(strFromU8(files["visio/pages/pages.xml"]!)), "Page").map((p) => p.attrs.NameU);
    pages.forEach((page, i) => {
      const root = parseXmlStrict(strFromU8(files[`visio/pages/page${i + 1}.xml`]!));
      const shapes = findAll(root, "Shape");
      const byId = new Map(shapes.map((s) => [s.attrs.ID!, s]));
      const connects = findAll(root, "Connect");
      const connectors = shapes.filter((s) => s.attrs.NameU!.startsWith("Dynamic connector."));
      const edges = page.figures.flatMap((f) => f.parts.flatMap((p) => p.edges.map((e) => ({ ...e, fig: f }))));
      expect({ name, page: i + 1, connectors: connectors.length }).toEqual({ name, page: i + 1, connectors: edges.length });
      connectors.forEach((c, k) => {
        const e = edges[k]!;
        const rows = connects.filter((r) => r.attrs.FromSheet === c.attrs.ID);
        const ends = rows.map((r) => `${r.attrs.FromCell}→${byId.get(r.attrs.ToSheet!)?.attrs.NameU?.split(".")[0]}`).sort();
        const want = [...(e.from !== null ? [`BeginX→${kindOf(e.fig, e.from)}`] : []), ...(e.to !== null ? [`EndX→${kindOf(e.fig, e.to)}`] : [])].sort();
        expect({ name, edge: e.id, ends }).toEqual({ name, edge: e.id, ends: want });
        if (want.length === 2) glued++;
        // A static glue names a connection point the shape has.
        for (const r of rows) {
          const target = byId.get(r.attrs.ToSheet!)!;
          const points = findAll(target, "Section").filter((s) => s.attrs.N === "Connection").flatMap((s) => s.children);
          expect(Number(r.attrs.ToPart) - 100).toBeLessThan(points.length);
        }
      });
      for (const s of shapes) {
        const link = findAll(s, "Cell").find((c) => c.attrs.N === "SubAddress");
        if (link) expect(pageNames).toContain(unescapeXml(link.attrs.V!));
      }
    });
  }
  expect(glued).toBeGreaterThan(1000);
}, 300_000);

/** The kind of symbol `id` of a figure (ids are unique within a chart). */
function kindOf(fig: PlacedFigure, id: string): string {
  for (const p of fig.parts) for (const s of p.shapes) if (s.id === id) return s.kind;
  return "?";
}

test("the same geometry gives the same bytes", async () => {
  const code = await readSourceFile("test/corpus/python/lab02_quadratic.py");
  const a = await render({ code, lang: "python", format: "vsdx" }, bunAssets);
  const b = await render({ code, lang: "python", format: "vsdx" }, bunAssets);
  expect(Buffer.from(a.file.data as Uint8Array).equals(Buffer.from(b.file.data as Uint8Array))).toBe(true);
  expect(a.file.contentType).toBe("application/vnd.ms-visio.drawing.main+xml");
  expect(a.file.name.endsWith(".vsdx")).toBe(true);
});

/**
 * draw.io export (engine/render/drawio/): every corpus program's .drawio loaded by @maxgraph/core (the
 * maintained mxGraph) in Chromium — every shape a drawn vertex and every line a drawn edge, each edge
 * attached to the right vertices (or free at a join), vertex boxes, routes and branch labels within
 * 0.5 mm of our geometry, A4 pages when split, off-page connectors linked to the other page — and
 * moving a vertex in the model moves the ends of its edges (what "attached" means). Deterministic
 * bytes. Needs Debian's chromium (.ci/run installs it).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { render } from "../engine/index.ts";
import type { Geometry, Point } from "../engine/geometry/types.ts";
import { editablePages } from "../engine/render/paper.ts";
import { UNITS_PER_MM, vertexBox } from "../engine/render/drawio/styles.ts";
import { bunAssets } from "../hosts/bun.ts";
import { CHROMIUM, launchBrowser } from "./support/browser.ts";
import { loadDrawio, moveVertex, preparePage, type DiagramReport } from "./support/drawio-model.ts";
import { readSourceFile } from "./support/source-file.ts";

const LANGS = { python: "python", c: "c", cpp: "cpp", java: "java", csharp: "csharp", pascal: "pascal" } as const;
const TOLERANCE = 0.5 * UNITS_PER_MM;

let browser: Browser;
let page: Page;
beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage();
  await preparePage(page);
}, 60_000);
afterAll(async () => browser?.close());

/** Drops repeated and collinear middle points: the same route however many points draw it. */
function simplify(points: readonly Point[]): Point[] {
  const out: Point[] = [];
  for (const q of points) {
    const last = out[out.length - 1];
    if (last && Math.abs(last.x - q.x) < 0.2 && Math.abs(last.y - q.y) < 0.2) continue;
    const prev = out[out.length - 2];
    if (prev && last && ((Math.abs(prev.x - last.x) < 0.2 && Math.abs(last.x - q.x) < 0.2) || (Math.abs(prev.y - last.y) < 0.2 && Math.abs(last.y - q.y) < 0.2))) out.pop();
    out.push(q);
  }
  return out;
}

const near = (a: Point, b: Point) => Math.abs(a.x - b.x) <= TOLERANCE && Math.abs(a.y - b.y) <= TOLERANCE;
const units = (q: Point): Point => ({ x: q.x * UNITS_PER_MM, y: q.y * UNITS_PER_MM });

/** What the loaded diagrams get wrong against the geometry, as readable strings (empty when right). */
function differences(g: Geometry, diagrams: DiagramReport[], split: boolean): string[] {
  const problems: string[] = [];
  const pages = editablePages(g, split);
  if (diagrams.length !== pages.length) problems.push(`${diagrams.length} diagrams for ${pages.length} pages`);
  const ids = new Set(diagrams.map((d) => d.id));
  pages.forEach((p, i) => {
    const d = diagrams[i]!;
    if (split && (d.pageWidth !== 827 || d.pageHeight !== 1169)) problems.push(`${d.id}: page ${d.pageWidth} × ${d.pageHeight}, not A4`);
    const cells = new Map(d.cells.map((c) => [c.id, c]));
    let expected = 0;
    for (const fig of p.figures) {
      expected += fig.caption.length > 0 ? 1 : 0;
      for (const part of fig.parts) {
        for (const s of part.shapes) {
          expected++;
          const c = cells.get(`c${fig.chart}-${s.id}`);
          if (!c?.vertex || !c.drawn) { problems.push(`${d.id}: ${s.id} (${s.kind}) not a drawn vertex`); continue; }
          const b = vertexBox(s);
          const at = units(fig.toPage(b));
          const want = { x: at.x, y: at.y, w: b.w * fig.scale * UNITS_PER_MM, h: b.h * fig.scale * UNITS_PER_MM };
          if (![c.x - want.x, c.y - want.y, c.width - want.w, c.height - want.h].every((v) => Math.abs(v) <= TOLERANCE)) {
            problems.push(`${d.id}: ${s.id} at ${c.x},${c.y} ${c.width}×${c.height}, want ${JSON.stringify(want)}`);
          }
          if (s.kind === "connector" && c.link !== null && !ids.has(c.link.replace("data:page/id,", ""))) problems.push(`${d.id}: ${s.id} links to ${c.link}`);
        }
        for (const e of part.edges) {
          expected++;
          const c = cells.get(`c${fig.chart}-e${e.id}`);
          if (!c?.edge || !c.drawn) { problems.push(`${d.id}: edge ${e.id} not a drawn edge`); continue; }
          const source = e.from === null ? null : `c${fig.chart}-${e.from}`;
          const target = e.to === null ? null : `c${fig.chart}-${e.to}`;
          if (c.source !== source || c.target !== target) problems.push(`${d.id}: edge ${e.id} ${c.source}→${c.target}, want ${source}→${target}`);
          const want = simplify(e.points.map((q) => units(fig.toPage(q))));
          const got = simplify(c.points);
          if (got.length !== want.length || !got.every((q, k) => near(q, want[k]!))) problems.push(`${d.id}: edge ${e.id} route ${JSON.stringify(got)}, want ${JSON.stringify(want)}`);
          if (e.label && e.labelBox) {
            const centre = units(fig.toPage({ x: e.labelBox.x + e.labelBox.w / 2, y: e.labelBox.y + e.labelBox.h / 2 }));
            if (c.label !== e.label || !c.labelAt || !near(c.labelAt, centre)) problems.push(`${d.id}: label of ${e.id} "${c.label}" at ${JSON.stringify(c.labelAt)}, want "${e.label}" at ${JSON.stringify(centre)}`);
          }
        }
      }
    }
    if (d.cells.length !== expected) problems.push(`${d.id}: ${d.cells.length} cells, want ${expected}`);
  });
  return problems;
}

/** Every corpus program split (A4 pages); the first few of each language unsplit too (a page per chart). */
const corpus = Object.entries(LANGS).flatMap(([dir, lang]) =>
  readdirSync(`test/corpus/${dir}`).sort().map((file, i) => ({ path: `test/corpus/${dir}/${file}`, lang, splits: i < 3 ? [true, false] : [true] })),
);

test.skipIf(!existsSync(CHROMIUM))(
  "every corpus program's .drawio loads in maxGraph with every shape and line where the geometry has them, split and unsplit",
  async () => {
    let linked = 0;
    for (const { path, lang, splits } of corpus) {
      const code = await readSourceFile(path);
      for (const split of splits) {
        const result = await render({ code, lang, format: "drawio", split }, bunAssets).catch(() => null);
        if (!result || result.geometry.charts.length === 0) continue;
        const xml = result.file.data as string;
        const diagrams = await loadDrawio(page, xml);
        expect({ path, split, problems: differences(result.geometry, diagrams, split) }).toEqual({ path, split, problems: [] });
        linked += diagrams.reduce((n, d) => n + d.cells.filter((c) => c.link !== null).length, 0);
      }
    }
    // Split corpus charts have off-page connector pairs; each end links to the other's page.
    expect(linked).toBeGreaterThan(0);
  },
  600_000,
);

test.skipIf(!existsSync(CHROMIUM))(
  "moving a block in the model drags the ends of its lines",
  async () => {
    const code = await readSourceFile("test/corpus/python/lab02_quadratic.py");
    const result = await render({ code, lang: "python", format: "drawio" }, bunAssets);
    const diagrams = await loadDrawio(page, result.file.data as string);
    const decision = diagrams[0]!.cells.find((c) => c.vertex && diagrams[0]!.cells.filter((e) => e.source === c.id || e.target === c.id).length >= 3)!;
    expect(decision).toBeDefined();
    const { before, after } = await moveVertex(page, result.file.data as string, 0, decision.id, 40, 25);
    expect(before.length).toBeGreaterThanOrEqual(3);
    for (const [i, edge] of before.entries()) {
      const moved = after[i]!.points;
      const end = edge.source === decision.id ? 0 : edge.points.length - 1;
      const endAfter = edge.source === decision.id ? 0 : moved.length - 1;
      expect({ id: edge.id, dx: Math.round(moved[endAfter]!.x - edge.points[end]!.x), dy: Math.round(moved[endAfter]!.y - edge.points[end]!.y) }).toEqual({ id: edge.id, dx: 40, dy: 25 });
    }
  },
  60_000,
);

test("the same geometry gives the same bytes", async () => {
  const code = await readSourceFile("test/corpus/python/lab02_quadratic.py");
  const a = await render({ code, lang: "python", format: "drawio" }, bunAssets);
  const b = await render({ code, lang: "python", format: "drawio" }, bunAssets);
  expect(a.file.data).toBe(b.file.data as string);
  expect(a.file.contentType).toBe("application/vnd.jgraph.mxfile");
  expect(a.file.name.endsWith(".drawio")).toBe(true);
});

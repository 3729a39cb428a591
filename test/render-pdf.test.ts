/**
 * PDF renderer (engine/render/pdf.ts): pages per part or per chart, several geometries in one file,
 * extractable Cyrillic text and captions (pdftotext), vector drawing where the plan puts it
 * (pdftoppm) and matching the PNG/SVG drawing, scaling to the A4 usable area, deterministic bytes.
 * Needs poppler-utils (pdftotext, pdftoppm, pdfinfo); CI installs it.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { render } from "../engine/index.ts";
import { bunAssets } from "../hosts/bun.ts";
import type { Geometry } from "../engine/geometry/types.ts";
import { outline, outlineProbe } from "../engine/geometry/outline.ts";
import { PDF_PAGE, planPdfPages, renderPdf, renderPdfDocument } from "../engine/render/pdf.ts";
import { renderPng } from "../engine/render/png.ts";
import type { RenderContext } from "../engine/render/types.ts";
import { darkestAround, decodePng } from "./support/png-decode.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const SORTING = readFileSync(new URL("../examples/sorting.py", import.meta.url), "utf8");
const CYRILLIC = readFileSync(new URL("./fixtures/python/cyrillic.py", import.meta.url), "utf8");

async function geometry(code: string, split: boolean): Promise<Geometry> {
  const r = await render({ code, lang: "python", format: "json", split }, bunAssets);
  return JSON.parse(r.file.data as string) as Geometry;
}

const ctx = (pages: boolean): RenderContext => ({ assets: bunAssets, scale: 3, fragment: false, pages });

let dir: string;
function tool(cmd: string[]): string {
  const p = Bun.spawnSync(cmd, { stdout: "pipe", stderr: "pipe" });
  if (p.exitCode !== 0) throw new Error(`${cmd[0]} failed: ${p.stderr.toString()}`);
  return p.stdout.toString();
}
function save(name: string, bytes: string | Uint8Array): string {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
}
const pageCount = (path: string) => Number(/Pages:\s+(\d+)/.exec(tool(["pdfinfo", path]))![1]);
const text = (path: string, ...args: string[]) => tool(["pdftotext", ...args, path, "-"]);

let split: Geometry;
let whole: Geometry;
let cyr: Geometry;

beforeAll(async () => {
  for (const t of ["pdftotext", "pdftoppm", "pdfinfo"]) {
    if (!Bun.which(t)) throw new Error(`${t} is missing: apt-get install poppler-utils`);
  }
  dir = mkdtempSync(join(tmpdir(), "skhema-pdf-"));
  [split, whole, cyr] = await Promise.all([geometry(SORTING, true), geometry(SORTING, false), geometry(CYRILLIC, true)]);
  return () => rmSync(dir, { recursive: true, force: true });
});

describe("renderPdf", () => {
  test("pages: true → a figure per part, false → per chart; figures share a page where they fit (layout/sheets.ts); several geometries make one document", async () => {
    const parts = split.charts.reduce((n, c) => n + c.parts.length, 0);
    expect(parts).toBeGreaterThan(split.charts.length); // the example really splits
    const figures = (gs: Geometry[], pages: boolean) => planPdfPages(gs, pages).flatMap((p) => p.figures);
    expect(figures([split], true).length).toBe(parts);
    expect(figures([split], false).length).toBe(split.charts.length);
    const perPart = save("parts.pdf", (await renderPdf(split, ctx(true))) as Uint8Array);
    expect(pageCount(perPart)).toBe(planPdfPages([split], true).length);
    const perChart = save("charts.pdf", (await renderPdf(split, ctx(false))) as Uint8Array);
    expect(pageCount(perChart)).toBe(planPdfPages([split], false).length);
    // Three small charts share one page, top to bottom, in order, each caption under its figure.
    const small = await geometry("def inc(x):\n    return x + 1\n\ndef twice(x):\n    return 2 * x\n\nprint(inc(1), twice(2))\n", true);
    const [page, ...more] = planPdfPages([small], true);
    expect(more).toEqual([]);
    expect(page!.figures.map((f) => f.chart.figure)).toEqual([1, 2, 3]);
    page!.figures.slice(1).forEach((f, i) => expect(f.origin.y).toBeGreaterThan(page!.figures[i]!.captionBox.y + page!.figures[i]!.captionBox.h));
    expect(pageCount(save("small.pdf", (await renderPdf(small, ctx(true))) as Uint8Array))).toBe(1);
    const both = save("both.pdf", await renderPdfDocument([split, cyr, whole], { assets: bunAssets, pages: true }));
    expect(pageCount(both)).toBe(planPdfPages([split, cyr, whole], true).length);
    expect(figures([split, cyr, whole], true).length).toBe(parts + cyr.charts.reduce((n, c) => n + c.parts.length, 0) + whole.charts.length);
    expect(pageCount(save("a4.pdf", (await renderPdf(cyr, ctx(true))) as Uint8Array))).toBe(planPdfPages([cyr], true).length);
    expect(tool(["pdfinfo", perPart])).toMatch(/Page size:\s+595\.2\d x 841\.8\d pts \(A4\)/);
  });

  test("pdftotext finds the Cyrillic texts, the caption and the sheet captions", async () => {
    const path = save("text.pdf", (await renderPdf(split, ctx(true))) as Uint8Array);
    const all = text(path);
    for (const s of ["Початок", "Кінець", "Ввід n", "Відсортовано", "Так", "Ні", "Рисунок 1 — Схема алгоритму програми"]) {
      expect(all).toContain(s);
    }
    expect(all).toContain("Рисунок 2 — Схема алгоритму функції bubble_sort(a)");
    // Page 2 is the continuation of figure 1: its sheet caption, not the full caption.
    const sheet = split.charts[0]!.parts[1]!.sheetCaption!;
    expect(sheet).toBe("Рисунок 1, аркуш 2");
    const page2 = text(path, "-f", "2", "-l", "2");
    expect(page2).toContain(sheet);
    expect(page2).not.toContain("Схема алгоритму");
    const cyrText = text(save("cyr.pdf", (await renderPdf(cyr, ctx(true))) as Uint8Array));
    for (const s of ["Ввід сторона", "площа(сторона,", "Площа дорівнює", "Повернути результат"]) expect(cyrText).toContain(s);
  });

  test("a shape outline is drawn where the page plan puts it (pdftoppm)", async () => {
    const path = save("draw.pdf", (await renderPdf(split, ctx(true))) as Uint8Array);
    const dpi = 72;
    tool(["pdftoppm", "-png", "-r", String(dpi), "-f", "1", "-l", "1", "-singlefile", path, join(dir, "page1")]);
    const img = decodePng(readFileSync(join(dir, "page1.png")));
    const k = dpi / 25.4; // px per paper mm
    expect(Math.abs(img.width - 210 * k)).toBeLessThanOrEqual(1);
    const plan = planPdfPages([split], true)[0]!.figures[0]!;
    for (const s of plan.parts[0]!.shapes) {
      const at = outlineProbe(outline(s).outline);
      const x = plan.origin.x + (at.x - plan.region.x) * plan.scale;
      const y = plan.origin.y + (at.y - plan.region.y) * plan.scale;
      expect(darkestAround(img, x * k, y * k, 2)).toBeLessThan(128);
    }
    // Outside the usable area the page is blank.
    for (let y = 0; y < img.height; y += 2) {
      for (const xmm of [5, 20, 205]) expect(img.lum[y * img.width + Math.round(xmm * k)]).toBe(255);
    }
  });

  test("at 1:1 the page shows the same drawing as the PNG (SVG) renderer, within 1 px at 192 dpi", async () => {
    const dpi = 192;
    const k = dpi / 25.4;
    const path = save("same.pdf", (await renderPdf(cyr, ctx(true))) as Uint8Array);
    tool(["pdftoppm", "-png", "-r", String(dpi), "-f", "1", "-l", "1", "-singlefile", path, join(dir, "same")]);
    const page = decodePng(readFileSync(join(dir, "same.png")));
    const png = decodePng((await renderPng(cyr, { ...ctx(true), scale: 2 })) as Uint8Array);
    const plan = planPdfPages([cyr], true)[0]!.figures[0]!;
    expect(plan.scale).toBe(1);
    const dx = (plan.origin.x - plan.region.x) * k;
    const dy = (plan.origin.y - plan.region.y) * k;
    const r = plan.region;
    let near = 0;
    let far = 0;
    for (let y = Math.ceil(r.y * k); y < (r.y + r.h) * k; y++) {
      for (let x = Math.ceil(r.x * k); x < (r.x + r.w) * k; x++) {
        if (png.lum[y * png.width + x]! >= 128) continue;
        if (darkestAround(page, x + dx, y + dy, 1) < 160) near++;
        else far++;
      }
    }
    expect(near).toBeGreaterThan(5000);
    expect(far / (near + far)).toBeLessThan(0.01);
  }, 60_000);

  test("figures fit 170 × 230 mm: large ones scaled down, small ones kept at 1:1, centred", () => {
    const figures = (g: Geometry, pages: boolean) => planPdfPages([g], pages).flatMap((p) => p.figures);
    const plans = [...figures(whole, false), ...figures(split, true)];
    for (const p of plans) {
      expect(p.scale).toBeLessThanOrEqual(1);
      // The drawn region counts half a stroke on each side beyond the layout's 170 × 230 mm.
      expect(p.region.w * p.scale).toBeLessThanOrEqual(PDF_PAGE.figureWidth + split.stroke + 1e-9);
      expect(p.region.h * p.scale).toBeLessThanOrEqual(PDF_PAGE.figureHeight + split.stroke + 1e-9);
      const left = p.origin.x - PDF_PAGE.left;
      const right = PDF_PAGE.left + PDF_PAGE.usableWidth - (p.origin.x + p.region.w * p.scale);
      expect(Math.abs(left - right)).toBeLessThan(1e-6);
      expect(p.captionBox.y + p.captionBox.h).toBeLessThanOrEqual(PDF_PAGE.top + PDF_PAGE.usableHeight);
    }
    // The continuous main chart is taller than 230 mm: scaled down; split parts within 170 × 230 stay 1:1.
    expect(whole.charts[0]!.parts[0]!.height).toBeGreaterThan(230);
    expect(figures(whole, false)[0]!.scale).toBeLessThan(1);
    const fitting = figures(split, true).filter((p) => p.parts[0]!.width <= 170 && p.parts[0]!.height <= 230);
    expect(fitting.length).toBeGreaterThan(2);
    for (const p of fitting) expect(p.scale).toBe(1);
  });

  test("deterministic: the same geometry gives the same bytes", async () => {
    const a = (await renderPdf(split, ctx(true))) as Uint8Array;
    const b = (await renderPdf(split, ctx(true))) as Uint8Array;
    expect(Buffer.compare(Buffer.from(a), Buffer.from(b))).toBe(0);
    expect(Buffer.from(a.subarray(0, 5)).toString()).toBe("%PDF-");
  });

  test("concurrent renders give the same bytes as sequential ones", async () => {
    const jobs: [Geometry, boolean][] = [[split, true], [cyr, true], [whole, false], [split, false]];
    const sequential: Uint8Array[] = [];
    for (const [g, p] of jobs) sequential.push((await renderPdf(g, ctx(p))) as Uint8Array);
    const concurrent = await Promise.all(jobs.map(([g, p]) => renderPdf(g, ctx(p)) as Promise<Uint8Array>));
    concurrent.forEach((bytes, i) => expect(Buffer.compare(Buffer.from(bytes), Buffer.from(sequential[i]!))).toBe(0));
  });

  test("glyphs Tinos lacks come from DejaVu Sans; emoji and unknown characters do not break it", async () => {
    const code = 'x = "a ∈ b, c ∉ d, p ∧ q ∨ r 😀 中 \u0007 \uFE0F"\nprint(x, "Ґуля")\n';
    const g = await geometry(code, true);
    const path = save("fallback.pdf", (await renderPdf(g, ctx(true))) as Uint8Array);
    const fonts = tool(["pdffonts", path]);
    expect(fonts).toMatch(/[A-Z]{6}\+Tinos-Regular\s+CID TrueType\s+Identity-H\s+yes yes yes/);
    expect(fonts).toMatch(/[A-Z]{6}\+DejaVuSans\s+CID TrueType\s+Identity-H\s+yes yes yes/);
    const all = text(path);
    for (const s of ["∈", "∉", "∧", "∨", "Ґуля", "😀"]) expect(all).toContain(s);
    // Without such characters DejaVu Sans is not embedded at all.
    const plain = tool(["pdffonts", save("plain.pdf", (await renderPdf(cyr, ctx(true))) as Uint8Array)]);
    expect(plain).toContain("Tinos-Regular");
    expect(plain).not.toContain("DejaVu");
  });
});

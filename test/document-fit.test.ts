/**
 * A document laid out as a whole (issue 21): PDF, DOCX and Typst place the figures on the sheets
 * engine/layout/sheets.ts plans — small figures share a sheet, captions under each — and Word
 * (LibreOffice) breaks the DOCX's pages where the plan does. The corpus-wide rules are in
 * test/page-fit.test.ts.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { render } from "../engine/index.ts";
import { bunAssets } from "../hosts/bun.ts";
import type { Geometry } from "../engine/geometry/types.ts";
import { FIGURE_GAP, planSheets, SHEET } from "../engine/layout/sheets.ts";
import { renderPdfDocument } from "../engine/render/pdf.ts";
import { bracketBreaks } from "../scripts/document-fit.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const SMALL = "def inc(x):\n    return x + 1\n\ndef twice(x):\n    return 2 * x\n\nprint(inc(1), twice(2))\n";
const UNIT = await Bun.file("test/corpus/pascal/lab09_unit_geometry.pas").text();

async function file(code: string, lang: "python" | "pascal", format: "pdf" | "docx" | "typst" | "json"): Promise<string | Uint8Array> {
  return (await render({ code, lang, format }, bunAssets)).file.data;
}
const geometry = async (code: string, lang: "python" | "pascal"): Promise<Geometry> =>
  JSON.parse((await render({ code, lang, format: "json", split: true }, bunAssets)).file.data as string) as Geometry;
const pdfPages = (bytes: Uint8Array): number =>
  Number(/Pages:\s+(\d+)/.exec(spawnSync("pdfinfo", ["-"], { input: bytes, encoding: "utf8" }).stdout)![1]);
const documentXml = (docx: Uint8Array): string => strFromU8(unzipSync(docx)["word/document.xml"]!);

const dir = mkdtempSync(join(tmpdir(), "skhema-docfit-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("small figures share a sheet in every paged format", () => {
  test("three small charts: one sheet, in figure order, each caption under its figure", async () => {
    const sheets = planSheets([await geometry(SMALL, "python")], true);
    expect(sheets.length).toBe(1);
    expect(sheets[0]!.figures.map((f) => f.chart.figure)).toEqual([1, 2, 3]);
    sheets[0]!.figures.slice(1).forEach((f, i) => expect(f.top).toBeCloseTo(sheets[0]!.figures[i]!.top + sheets[0]!.figures[i]!.extent + FIGURE_GAP, 6));
    expect(sheets[0]!.used).toBeLessThanOrEqual(SHEET.height);
  });

  test("PDF: one page; DOCX: no page break, the gap above the 2nd and 3rd figures; Typst: no page break, two gaps", async () => {
    expect(pdfPages((await file(SMALL, "python", "pdf")) as Uint8Array)).toBe(1);
    const xml = documentXml((await file(SMALL, "python", "docx")) as Uint8Array);
    expect(xml).not.toContain("w:pageBreakBefore");
    expect(xml.match(new RegExp(`<w:spacing w:before="${Math.round((FIGURE_GAP * 1440) / 25.4)}"`, "g"))?.length).toBe(2);
    const typst = (await file(SMALL, "python", "typst")) as string;
    expect(typst).not.toContain("#pagebreak");
    expect(typst.match(/#v\(10mm, weak: true\)/g)?.length).toBe(2);
  }, 60_000);

  test("a batch bundle: every item starts a page (interface.md §4.2), its own small figures share it", async () => {
    const g = await geometry(SMALL, "python");
    expect(planSheets([g, g, g], true).map((s) => s.figures.length)).toEqual([3, 3, 3]);
    expect(pdfPages(await renderPdfDocument([g, g, g], { assets: bunAssets, pages: true }))).toBe(3);
  }, 60_000);
});

describe("a lab of six subprograms (lab09_unit_geometry.pas)", () => {
  test("fewer sheets than figures; PDF pages, DOCX page breaks and Typst page breaks follow the plan", async () => {
    const sheets = planSheets([await geometry(UNIT, "pascal")], true);
    const figures = sheets.reduce((n, s) => n + s.figures.length, 0);
    expect(figures).toBe(6);
    expect(sheets.length).toBeLessThan(figures);
    const pdf = (await file(UNIT, "pascal", "pdf")) as Uint8Array;
    expect(pdfPages(pdf)).toBe(sheets.length);
    const docx = (await file(UNIT, "pascal", "docx")) as Uint8Array;
    expect(documentXml(docx).match(/<w:pageBreakBefore\/>/g)?.length).toBe(sheets.length - 1);
    expect(((await file(UNIT, "pascal", "typst")) as string).match(/#pagebreak/g)?.length).toBe(sheets.length - 1);
    // Word's own flow (LibreOffice) breaks pages where the plan does: no figure pushed on.
    const path = join(dir, "unit.docx");
    writeFileSync(path, docx);
    const r = spawnSync("soffice", [`-env:UserInstallation=file://${join(dir, "profile")}`, "--headless", "--convert-to", "pdf", "--outdir", dir, path], { encoding: "utf8", timeout: 100_000 });
    if (r.error) throw new Error(`soffice failed to run (install libreoffice-writer-nogui): ${r.error.message}`);
    const info = spawnSync("pdfinfo", [join(dir, "unit.pdf")], { encoding: "utf8" });
    expect(Number(/Pages:\s+(\d+)/.exec(info.stdout)?.[1])).toBe(sheets.length);
  }, 120_000);
});

describe("the page report's bracket breaks (scripts/document-fit.ts)", () => {
  test("a break inside a bracket that would fit a line whole counts; literals, unmatched and over-wide brackets do not", () => {
    expect(bracketBreaks(["x := ord(chars[i", "+ 1])"])).toBe(1);
    expect(bracketBreaks(["y := Math.pow(x,", "3)"])).toBe(1);
    expect(bracketBreaks(["x := ord(chars[i + 1])"])).toBe(0);
    // Brackets inside quoted literals are text.
    expect(bracketBreaks(['Вивід "a[", i,', '"] = "'])).toBe(0);
    expect(bracketBreaks(["c = '(' або c = '['", "або c = '{'"])).toBe(0);
    // A bracket never closed (a syntax error's text) is text.
    expect(bracketBreaks(["for (int i = 0; i < n;", "i++ {"])).toBe(0);
    // A bracket wider than any line has to break inside.
    expect(bracketBreaks(["a := f(very_long_argument_number_one,", "very_long_argument_number_two)"])).toBe(0);
  });
});

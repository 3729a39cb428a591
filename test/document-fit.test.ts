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
import { FIGURE_GAP, LEAST_FILL, planSheets, SHEET } from "../engine/layout/sheets.ts";
import { renderPdfDocument } from "../engine/render/pdf.ts";
import { bracketBreaks, endsForced } from "../scripts/document-fit.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const SMALL = "def inc(x):\n    return x + 1\n\ndef twice(x):\n    return 2 * x\n\nprint(inc(1), twice(2))\n";
const UNIT = await Bun.file("test/corpus/pascal/lab09_unit_geometry.pas").text();
/** A small function, then a straight run of 13 assignments: 2 parts at a = 20 mm. */
const STRAIGHT = `def small(x):\n    return x + 1\n\ndef long_one(n):\n${Array.from({ length: 13 }, (_, i) => `    n = n + ${i}\n`).join("")}    return n\n`;
const RETRY = await Bun.file("test/corpus/java/lab21_retry_input.java").text();
type Lang = "python" | "pascal" | "java" | "c";

async function file(code: string, lang: Lang, format: "pdf" | "docx" | "typst" | "json"): Promise<string | Uint8Array> {
  return (await render({ code, lang, format }, bunAssets)).file.data;
}
const geometry = async (code: string, lang: Lang): Promise<Geometry> =>
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

describe("a split chart starts on the rest of the current sheet (fit/fit-document.ts)", () => {
  test("a straight run after a small figure: its first part under it, 2 sheets (3 when it started a sheet), its cut no more parts", async () => {
    const g = await geometry(STRAIGHT, "python");
    const long = g.charts.find((c) => c.name === "long_one")!;
    expect(long.parts.length).toBe(2);
    const sheets = planSheets([g], true);
    expect(sheets.map((s) => s.figures.map((f) => `${f.chart.name}.${f.first}`))).toEqual([["small.0", "long_one.0"], ["long_one.1"]]);
    // Drawn at 1:1, the whole sheet used; the continuation captioned «Рисунок 2, аркуш 2» under it.
    expect(sheets[0]!.figures.every((f) => f.scale === 1)).toBe(true);
    expect(sheets[0]!.used).toBeLessThanOrEqual(SHEET.height + 1e-6);
    expect(sheets[1]!.figures[0]!.caption).toEqual(["Рисунок 2, аркуш 2"]);
    expect(pdfPages((await file(STRAIGHT, "python", "pdf")) as Uint8Array)).toBe(2);
  }, 60_000);

  test("lab21_retry_input.java: readInt starts under main's last part, no sheet but the last under 40 %, the PDF's pages follow the plan", async () => {
    const g = await geometry(RETRY, "java");
    const sheets = planSheets([g], true);
    const readInt = g.charts.find((c) => c.name.endsWith("readInt"))!;
    // Sheet 2 held main's 70 mm part alone (32 %) and readInt started sheet 3; one part more (and
    // one connector pair) is what keeps every sheet at least 40 % full in as many sheets.
    expect(sheets[1]!.figures.map((f) => [f.chart.figure, f.first])).toEqual([[1, 1], [readInt.figure, 0]]);
    expect(sheets.slice(0, -1).filter((s) => s.used / SHEET.height < LEAST_FILL)).toEqual([]);
    expect(sheets.length).toBe(5);
    expect(pdfPages((await file(RETRY, "java", "pdf")) as Uint8Array)).toBe(sheets.length);
  }, 60_000);

  test("the page report's forced sheets: whole figures before a whole chart that does not fit the rest (10_matrix.c), not a sheet a split chart could fill", async () => {
    const matrix = planSheets([await geometry(await Bun.file("test/corpus/c/10_matrix.c").text(), "c")], true);
    expect(matrix[0]!.used / SHEET.height).toBeLessThan(0.41);
    expect(endsForced(matrix, 0)).toBe(true);
    expect(endsForced(matrix, matrix.length - 1)).toBe(false); // nothing after the last
    const retry = planSheets([await geometry(RETRY, "java")], true);
    expect(retry.slice(0, -1).map((_, k) => endsForced(retry, k))).toEqual(retry.slice(0, -1).map(() => false)); // every sheet ends in or before a split chart
  }, 60_000);
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

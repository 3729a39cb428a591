/**
 * The whole-assignment report (issue 26, engine/report/) checked with real tools: the DOCX through
 * LibreOffice to PDF (page size, margins from the words' boxes, headings and captions in order, every
 * continuation caption at the top of its page, a monospace listing font), the PDF renderer's own
 * document the same way, the Typst document compiled with the npm Typst compiler and a CeTZ stand-in;
 * and the report's rules: appendix letters, numbering, wrapped listings, a file that cannot be drawn
 * kept in its place, determinism.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bunAssets as assets } from "../hosts/bun.ts";
import { buildReport, type ReportBlock, type ReportInput } from "../engine/report/document.ts";
import { renderReport } from "../engine/report/index.ts";
import { APPENDIX_LETTERS, appendixLetter } from "../engine/report/letters.ts";
import { listingLines } from "../engine/report/listing.ts";
import { LISTING_COLUMNS, REPORT_PAGE } from "../engine/report/page.ts";

const root = join(import.meta.dir, "..");
const fixture = (name: string) => readFileSync(join(root, "test/fixtures/report", name), "utf8");
const CPP: ReportInput = { sources: ["main.cpp", "calc.cpp", "sort.cpp"].map((name) => ({ code: fixture(name), lang: "cpp", name })) };
const PY: ReportInput = {
  sources: ["lab.py", "util.py"].map((name) => ({ code: fixture(name), lang: "python", name })),
  report: { layout: "inline", title: "Лабораторна робота 2", student: "Іваненко О.", group: "КН-21", variant: "7" },
};

/** LibreOffice, pdftotext and Typst take seconds each on a shared machine. */
const SLOW = 180_000;
const MM = 72 / 25.4;

const dir = mkdtempSync(join(tmpdir(), "skhema-report-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(cmd: string, args: string[], timeout = 120_000): string {
  const r = spawnSync(cmd, args, { encoding: "utf8", timeout });
  if (r.error) throw new Error(`${cmd} failed to run: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`${cmd} exited ${r.status}: ${r.stderr}`);
  return r.stdout;
}

/** The DOCX files converted to PDF by LibreOffice in one run; returns the PDFs' paths. */
function soffice(files: Record<string, Uint8Array>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, data] of Object.entries(files)) writeFileSync(join(dir, `${name}.docx`), data);
  run("soffice", [`-env:UserInstallation=file://${join(dir, "profile")}`, "--headless", "--convert-to", "pdf", "--outdir", dir, ...Object.keys(files).map((n) => join(dir, `${n}.docx`))], 170_000);
  for (const name of Object.keys(files)) out[name] = join(dir, `${name}.pdf`);
  return out;
}

const pagesOf = (pdf: string): string[] => run("pdftotext", ["-layout", pdf, "-"]).split("\f").slice(0, -1);
const pageCount = (pdf: string): number => Number(/Pages:\s+(\d+)/.exec(run("pdfinfo", [pdf]))![1]);

/** Every word's box (pt from the top-left corner) by page, from pdftotext -bbox. */
function wordBoxes(pdf: string): { text: string; xMin: number; yMin: number; xMax: number; yMax: number }[][] {
  const html = run("pdftotext", ["-bbox", pdf, "-"]);
  return html.split("<page ").slice(1).map((page) =>
    [...page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
      xMin: Number(m[1]), yMin: Number(m[2]), xMax: Number(m[3]), yMax: Number(m[4]), text: m[5]!,
    })),
  );
}

/** The headings and captions the document must show, in order (from the report's own blocks). */
function expectedTexts(blocks: readonly ReportBlock[]): string[] {
  return blocks.flatMap((b) => {
    switch (b.kind) {
      case "appendix":
        return [b.heading, b.title];
      case "section":
      case "listingCaption":
        return [b.text];
      case "figure":
        return b.figure.above ? [b.figure.above] : [b.figure.below.join(" ")];
      default:
        return [];
    }
  });
}

const squash = (s: string) => s.replace(/\s+/g, " ");

/** The texts appear in this order in the document's text. */
function expectInOrder(pages: readonly string[], texts: readonly string[]): void {
  const all = squash(pages.join(" "));
  let at = 0;
  for (const t of texts) {
    const i = all.indexOf(squash(t), at);
    expect({ missing: t, found: i >= 0 }).toEqual({ missing: t, found: true });
    at = i + t.length;
  }
}

/** Each continuation caption is the first line of its page (after the page number). */
function expectContinuationsOnTop(pages: readonly string[]): number {
  let n = 0;
  for (const page of pages) {
    const lines = page.split("\n").map((l) => l.trim()).filter((l) => l !== "" && !/^\d+$/.test(l));
    for (const [i, l] of lines.entries()) {
      if (!l.startsWith("Продовження рисунка")) continue;
      expect({ line: l, index: i }).toEqual({ line: l, index: 0 });
      n++;
    }
  }
  return n;
}

/** Words inside the usable area (25/10/20/20 mm), the page number alone in the top margin at the right. */
function expectMargins(pdf: string): void {
  const p = REPORT_PAGE;
  const tolerance = 1.5; // pt: glyph side bearings and LibreOffice's rounding
  for (const [i, words] of wordBoxes(pdf).entries()) {
    const body = words.filter((w) => w.yMin >= p.top * MM - tolerance);
    const margin = words.filter((w) => w.yMin < p.top * MM - tolerance);
    expect(margin.map((w) => w.text)).toEqual([String(i + 1)]);
    expect(margin[0]!.xMax).toBeGreaterThan((p.width - p.right) * MM - 4);
    expect(margin[0]!.xMax).toBeLessThanOrEqual((p.width - p.right) * MM + tolerance);
    for (const w of body) {
      expect(w.xMin).toBeGreaterThanOrEqual(p.left * MM - tolerance);
      expect(w.xMax).toBeLessThanOrEqual((p.width - p.right) * MM + tolerance);
      expect(w.yMax).toBeLessThanOrEqual((p.height - p.bottom) * MM + tolerance);
    }
  }
}

describe("the report's rules", () => {
  test("appendix letters follow the guide: no Ґ Є З І Ї Й О Ч Ь", () => {
    for (const skipped of ["Ґ", "Є", "З", "І", "Ї", "Й", "О", "Ч", "Ь"]) expect(APPENDIX_LETTERS).not.toContain(skipped as never);
    expect(APPENDIX_LETTERS.slice(0, 8).join("")).toBe("АБВГДЕЖК");
    expect(appendixLetter("Ж", 1)).toBe("К");
  });

  test("listing lines are numbered, tabs expanded, long lines wrapped under the code without a number", () => {
    const long = `x = "${"а".repeat(200)}"`;
    const lines = listingLines(`a = 1\n\tb = 2\n${long}\n\n\n`);
    expect(lines[0]).toBe("1  a = 1");
    expect(lines[1]).toBe("2      b = 2");
    expect(lines[2]!.startsWith("3  x = ")).toBe(true);
    expect(lines.length).toBeGreaterThan(4);
    for (const l of lines) expect([...l].length).toBeLessThanOrEqual(LISTING_COLUMNS);
    for (const l of lines.slice(3)) expect(l.startsWith("   ")).toBe(true);
  });

  test("appendices: listings in А, the charts in Б, numbered through the appendix; one module in every chart", async () => {
    const report = await buildReport(CPP, assets);
    const texts = expectedTexts(report.blocks);
    expect(texts.slice(0, 5)).toEqual(["ДОДАТОК А", "Лістинг програми", "Лістинг А.1 – Файл main.cpp", "Лістинг А.2 – Файл calc.cpp", "Лістинг А.3 – Файл sort.cpp"]);
    expect(texts.slice(5, 8)).toEqual(["ДОДАТОК Б", "Схеми алгоритмів", "Рисунок Б.1 – Схема алгоритму програми"]);
    const figures = report.blocks.flatMap((b) => (b.kind === "figure" ? [b.figure] : []));
    expect(new Set(figures.map((f) => f.chart.module)).size).toBe(1);
    expect(report.charts).toBe(6);
    // Every continuation names the figure it continues.
    for (const f of figures.filter((f) => f.above)) expect(f.above).toMatch(/^Продовження рисунка Б\.\d+$/);
    expect(figures.some((f) => f.above)).toBe(true);
  });

  test("the department's variations: no listings, another first letter, «Рис.», the em dash, inline numbering", async () => {
    const charts = await buildReport({ ...CPP, report: { listings: false, firstAppendix: "В", figureWord: "Рис.", dash: "—", firstFigure: 3 } }, assets);
    const texts = expectedTexts(charts.blocks);
    expect(texts.slice(0, 3)).toEqual(["ДОДАТОК В", "Схеми алгоритмів", "Рис. В.3 — Схема алгоритму програми"]);
    expect(texts.filter((t) => t.startsWith("Продовження")).every((t) => t.startsWith("Продовження рис. В."))).toBe(true);

    const inline = await buildReport({ ...PY, report: { ...PY.report as object, firstSection: 2 } }, assets);
    const t = expectedTexts(inline.blocks);
    expect(t.slice(0, 3)).toEqual(["2 Файл lab.py", "Лістинг 2.1 – Файл lab.py", "Рисунок 2.1 – Схема алгоритму програми"]);
    expect(t).toContain("3 Файл util.py");
    expect(t).toContain("Рисунок 3.1 – Схема алгоритму функції read_matrix(rows, cols)");
    expect(inline.blocks[0]).toEqual({ kind: "title", lines: ["Лабораторна робота 2", "Іваненко О., група КН-21, варіант 7"] });
  });

  test("a file that cannot be drawn keeps its place (its listing, a note among the figures) and is in skipped; the others are drawn", async () => {
    const sources = [CPP.sources[1]!, { code: "def f(:\n  pass\n", lang: "python", name: "broken.py" }, { code: "x = 1", lang: "cobol", name: "a.cob" }, CPP.sources[0]!];
    const report = await buildReport({ sources }, assets);
    expect(report.skipped.map((s) => s.name)).toEqual(["broken.py", "a.cob"]);
    const texts = expectedTexts(report.blocks);
    expect(texts).toContain("Лістинг А.2 – Файл broken.py");
    const notes = report.blocks.flatMap((b) => (b.kind === "note" ? [b.text] : []));
    expect(notes.some((n) => n.startsWith("Файл broken.py: схему алгоритму не побудовано"))).toBe(true);
    expect(notes.some((n) => n.startsWith("Файл a.cob: схему алгоритму не побудовано"))).toBe(true);
    // The note stands between calc.cpp's figures (Б.1–Б.3) and main.cpp's (Б.4 on).
    const order = report.blocks.flatMap((b) => (b.kind === "note" ? ["note"] : b.kind === "figure" && !b.figure.above ? [b.figure.below[0]!.slice(0, 11)] : []));
    expect(order).toEqual(["Рисунок Б.1", "Рисунок Б.2", "Рисунок Б.3", "note", "note", "Рисунок Б.4"]);
  });

  test("two programs' charts of the same title name their files in the captions", async () => {
    const prog = (name: string) => ({ code: "x = int(input())\nprint(x * 2)\n", lang: "python", name });
    const texts = expectedTexts((await buildReport({ sources: [prog("task1.py"), prog("task2.py")], report: { listings: false } }, assets)).blocks);
    expect(texts.slice(2)).toEqual(["Рисунок А.1 – Схема алгоритму програми (файл task1.py)", "Рисунок А.2 – Схема алгоритму програми (файл task2.py)"]);
  });

  test("bad report options and no sources are bad_request", async () => {
    await expect(buildReport({ ...CPP, report: { firstAppendix: "З" } }, assets)).rejects.toMatchObject({ code: "bad_request" });
    await expect(buildReport({ ...CPP, report: { layout: "sideways" } }, assets)).rejects.toMatchObject({ code: "bad_request" });
    await expect(buildReport({ sources: [] }, assets)).rejects.toMatchObject({ code: "bad_request" });
    await expect(renderReport({ ...CPP, format: "svg" }, assets)).rejects.toMatchObject({ code: "unknown_format" });
  });
});

describe("the documents, checked with real tools", () => {
  test(
    "DOCX → LibreOffice → PDF: A4, the margins, headings and captions in order, continuations on top of their pages, a monospace listing; deterministic",
    async () => {
      const cpp = await renderReport({ ...CPP, format: "docx" }, assets);
      const again = await renderReport({ ...CPP, format: "docx" }, assets);
      expect(Buffer.from(again.file.data as Uint8Array).equals(Buffer.from(cpp.file.data as Uint8Array))).toBe(true);
      const py = await renderReport({ ...PY, format: "docx" }, assets);
      const pdfs = soffice({ cpp: cpp.file.data as Uint8Array, py: py.file.data as Uint8Array });
      const own = await renderReport({ ...CPP, format: "pdf" }, assets);
      writeFileSync(join(dir, "own.pdf"), own.file.data);

      for (const [input, pdf] of [[CPP, pdfs.cpp!], [PY, pdfs.py!]] as const) {
        const info = run("pdfinfo", [pdf]);
        expect(info).toMatch(/Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)/);
        const pages = pagesOf(pdf);
        const report = await buildReport(input, assets);
        expectInOrder(pages, expectedTexts(report.blocks));
        const parts = report.blocks.filter((b) => b.kind === "figure" && b.figure.above).length;
        expect(expectContinuationsOnTop(pages)).toBe(parts);
        expectMargins(pdf);
        expect(run("pdffonts", [pdf])).toMatch(/Mono|Courier/);
      }
      // Appendices start their pages.
      const pages = pagesOf(pdfs.cpp!);
      expect(pages.filter((p) => /^\s*\d+\s+ДОДАТОК [АБ]/.test(p)).length).toBe(2);
      // Word's pagination and ours agree within a page or two.
      expect(Math.abs(pageCount(pdfs.cpp!) - pageCount(join(dir, "own.pdf")))).toBeLessThanOrEqual(2);
    },
    SLOW,
  );

  test(
    "the PDF renderer's document: A4, margins, the same texts in order, continuations on top, DejaVu Sans Mono listings; deterministic",
    async () => {
      for (const input of [CPP, PY]) {
        const a = await renderReport({ ...input, format: "pdf" }, assets);
        const b = await renderReport({ ...input, format: "pdf" }, assets);
        expect(Buffer.from(a.file.data as Uint8Array).equals(Buffer.from(b.file.data as Uint8Array))).toBe(true);
        const pdf = join(dir, `own-${input === CPP ? "cpp" : "py"}.pdf`);
        writeFileSync(pdf, a.file.data);
        expect(run("pdfinfo", [pdf])).toMatch(/Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)/);
        const report = await buildReport(input, assets);
        const pages = pagesOf(pdf);
        expectInOrder(pages, expectedTexts(report.blocks));
        expect(expectContinuationsOnTop(pages)).toBe(report.blocks.filter((x) => x.kind === "figure" && x.figure.above).length);
        expectMargins(pdf);
        expect(run("pdffonts", [pdf])).toContain("DejaVuSansMono");
      }
    },
    SLOW,
  );

  test(
    "the Typst document compiles with the real compiler and CeTZ, its texts in order",
    async () => {
      const src = (await renderReport({ ...CPP, format: "typst" }, assets)).file.data as string;
      const work = join(dir, "typst");
      const pkg = join(work, "data/typst/packages/preview/cetz");
      mkdirSync(pkg, { recursive: true });
      cpSync(join(root, "test/support/cetz-standin/cetz/0.5.2"), join(pkg, "0.5.2"), { recursive: true });
      writeFileSync(join(work, "main.typ"), src);
      const fonts = [
        "node_modules/@expo-google-fonts/tinos/400Regular/Tinos_400Regular.ttf",
        "node_modules/@expo-google-fonts/tinos/700Bold/Tinos_700Bold.ttf",
        "node_modules/dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf",
      ].map((f) => join(root, f));
      const proc = Bun.spawnSync([process.execPath, join(root, "test/support/typst-compile.ts"), join(work, "main.typ"), join(work, "out.pdf"), ...fonts], {
        env: { ...process.env, XDG_DATA_HOME: join(work, "data"), XDG_CACHE_HOME: join(work, "cache") },
        stdout: "pipe",
        stderr: "pipe",
      });
      expect(proc.stdout.toString() + proc.stderr.toString()).toBe("");
      expect(proc.exitCode).toBe(0);
      const report = await buildReport(CPP, assets);
      const pages = pagesOf(join(work, "out.pdf"));
      expectInOrder(pages, expectedTexts(report.blocks));
      expect(expectContinuationsOnTop(pages)).toBe(report.blocks.filter((x) => x.kind === "figure" && x.figure.above).length);
    },
    SLOW,
  );
});

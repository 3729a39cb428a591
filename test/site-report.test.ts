/**
 * The playground's report panel (issue 26) in a real browser (Debian's Chromium): files added (and a
 * file that is not a program left out, said), the document made by the engine in the browser's
 * worker and downloaded as DOCX (its captions and native shapes) and as PDF (A4), with no
 * Content-Security-Policy violation and no request to the API.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { unzipSync } from "fflate";
import { PDFDocument } from "pdf-lib";
import type { Browser } from "playwright-core";
import { ensureSiteBuilt, launchBrowser, VIEWPORTS, watchProblems } from "./support/browser.ts";
import { startServer, type TestServer } from "./support/server.ts";

const TIMEOUT = 180_000;
const fixtures = join(import.meta.dir, "fixtures/report");

let server: TestServer;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  await ensureSiteBuilt();
  server = await startServer();
  origin = new URL(server.url).origin;
  browser = await launchBrowser();
}, TIMEOUT);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe("playground report panel", () => {
  test("several files → the report made in the browser, downloaded as DOCX and PDF", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    const problems = watchProblems(page);
    const apiCalls: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname.startsWith("/v1/")) apiCalls.push(r.url());
    });
    await page.goto(origin + "/");
    await page.click("#report summary");
    await page.setInputFiles("#report-files", [
      { name: "calc.cpp", mimeType: "text/plain", buffer: readFileSync(join(fixtures, "calc.cpp")) },
      { name: "main.cpp", mimeType: "text/plain", buffer: readFileSync(join(fixtures, "main.cpp")) },
      { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a program") },
    ]);
    await page.waitForFunction(() => document.querySelectorAll("#report-list li").length === 2);
    expect(await page.textContent("#report-list")).toBe("calc.cppmain.cpp");
    expect(await page.textContent("#report-status")).toContain("notes.txt");

    const download = async (format: string) => {
      const [file] = await Promise.all([page.waitForEvent("download", { timeout: 120_000 }), page.click(`button.report-download[data-format=${format}]`)]);
      return { name: file.suggestedFilename(), bytes: new Uint8Array(readFileSync((await file.path())!)) };
    };
    const docx = await download("docx");
    expect(docx.name).toBe("report.docx");
    const xml = new TextDecoder().decode(unzipSync(docx.bytes)["word/document.xml"]);
    for (const text of ["ДОДАТОК А", "Лістинг А.1 – Файл calc.cpp", "Лістинг А.2 – Файл main.cpp", "ДОДАТОК Б", "Рисунок Б.1 – Схема алгоритму функції sum(a, n)"]) expect(xml).toContain(text);
    expect(xml).toContain("<wpg:wgp>");
    expect(await page.textContent("#report-status")).toContain("4");

    const pdf = await download("pdf");
    expect(pdf.name).toBe("report.pdf");
    const doc = await PDFDocument.load(pdf.bytes);
    expect(doc.getPage(0).getSize().width).toBeCloseTo(595.28, 0);
    expect(apiCalls).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, TIMEOUT);
});

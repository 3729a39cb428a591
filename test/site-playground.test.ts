/**
 * The playground in a real browser (Debian's Chromium): the first chart is in the page before any
 * script runs; typing a program in each of the six languages draws its chart (engine in the Web
 * Worker, no server request); a syntax error is marked at its line while the other functions
 * still draw; every download format is made in the browser and is a valid file; after the first
 * visit the page loads and draws with the network off; the page breaks no Content-Security-Policy
 * rule. Screenshots go to out/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { unzipSync } from "fflate";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { ensureSiteBuilt, launchBrowser, screenshot, VIEWPORTS, watchProblems } from "./support/browser.ts";
import { startServer, type TestServer } from "./support/server.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

/** Generous: the engine's first load and the exports take seconds on a busy 2-core machine. */
const TIMEOUT = 180_000;

let server: TestServer;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  await ensureSiteBuilt();
  server = await startServer();
  origin = new URL(server.url).origin;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Replaces the editor's text as a user would paste it, then waits for the chart showing `expected`. */
async function typeProgram(page: Page, code: string, expected: string): Promise<void> {
  await page.click(".cm-content");
  await page.keyboard.press("Control+A");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(code);
  await page.waitForFunction((text) => document.querySelector("#preview svg")?.textContent?.includes(text) ?? false, expected, { timeout: 30_000 });
}

/** Pastes `code` over the editor's text as Ctrl+V would (a clipboard `paste` event). */
async function pasteProgram(page: Page, code: string): Promise<void> {
  await page.click(".cm-content");
  await page.keyboard.press("Control+A");
  await page.evaluate((text) => {
    const data = new DataTransfer();
    data.setData("text/plain", text);
    document.querySelector(".cm-content")!.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, code);
}

/** A `main` of `n` decisions: far taller than one A4 sheet. */
function tallProgram(n: number): string {
  const lines = ["n = int(input())"];
  for (let i = 0; i < n; i++) lines.push(`if n > ${i}:`, `    print("more than ${i}")`, "else:", `    n = n + ${i}`);
  return `${lines.join("\n")}\n`;
}

async function openPlayground(context: BrowserContext, path = "/"): Promise<Page> {
  const page = await context.newPage();
  await page.goto(origin + path);
  // The worker's first draw (the server drew the example already; this one brings the picker).
  await page.waitForFunction(() => document.body.dataset.drawn !== undefined, null, { timeout: 30_000 });
  return page;
}

const PROGRAMS = [
  { lang: "python", code: 'n = int(input())\nif n > 10:\n    print("big")\nelse:\n    print("small")\n', expected: "n > 10" },
  { lang: "c", code: '#include <stdio.h>\nint main(void) {\n    int n;\n    scanf("%d", &n);\n    if (n > 20) printf("big\\n");\n    return 0;\n}\n', expected: "n > 20" },
  { lang: "cpp", code: '#include <iostream>\nint main() {\n    int n;\n    std::cin >> n;\n    if (n > 30) std::cout << "big";\n    return 0;\n}\n', expected: "n > 30" },
  { lang: "java", code: 'public class Main {\n    public static void main(String[] args) {\n        int n = 5;\n        if (n > 40) System.out.println("big");\n    }\n}\n', expected: "n > 40" },
  { lang: "csharp", code: 'class Program {\n    static void Main() {\n        int n = 5;\n        if (n > 50) System.Console.WriteLine("big");\n    }\n}\n', expected: "n > 50" },
  { lang: "pascal", code: "program P;\nvar n: integer;\nbegin\n  readln(n);\n  if n > 60 then writeln('big');\nend.\n", expected: "n > 60" },
  { lang: "javascript", code: 'const n = Number(prompt("n"));\nif (n > 70) console.log("big");\n', expected: "n > 70" },
  { lang: "typescript", code: "const n: number = 5;\nif (n > 80) console.log('big');\n", expected: "n > 80" },
  { lang: "go", code: 'package main\n\nimport "fmt"\n\nfunc main() {\n\tvar n int\n\tfmt.Scan(&n)\n\tif n > 90 {\n\t\tfmt.Println("big")\n\t}\n}\n', expected: "n > 90" },
  { lang: "php", code: '<?php\n$n = (int) fgets(STDIN);\nif ($n > 95) echo "big";\n', expected: "n > 95" },
] as const;

describe("playground", () => {
  test("the page arrives with the first example drawn (inline SVG) and a strict Content-Security-Policy", async () => {
    const response = await fetch(`${origin}/`);
    expect(response.status).toBe(200);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(csp).not.toContain("unsafe-inline");
    expect(csp).not.toContain("'unsafe-eval'");
    const html = await response.text();
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(html).toMatch(/<div id="preview"[^>]*>\s*<svg [^>]*width="[\d.]+mm"/);
    expect(html).toContain("Схема алгоритму програми");
  }, TIMEOUT);

  test("the language switch is remembered in a cookie and only ever returns to this site", async () => {
    const switched = await fetch(`${origin}/lang/en?back=%2Faccount`, { redirect: "manual" });
    expect(switched.status).toBe(303);
    expect(switched.headers.get("location")).toBe("/account");
    expect(switched.headers.get("set-cookie")).toMatch(/^lang=en;/);
    for (const back of ["//evil.example/", "/\\evil.example", "https://evil.example/"]) {
      const away = await fetch(`${origin}/lang/uk?back=${encodeURIComponent(back)}`, { redirect: "manual" });
      expect(away.headers.get("location")).toBe("/");
    }
    const english = await (await fetch(`${origin}/`, { headers: { cookie: "lang=en" } })).text();
    expect(english).toContain('<html lang="en">');
    expect(english).toContain("Flowchart of the program");
  }, TIMEOUT);

  test("typing a program in each language draws its chart in the browser, with no CSP violation", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await openPlayground(context);
    const problems = watchProblems(page);
    const renderRequests: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.startsWith("/v1/")) renderRequests.push(request.url());
    });
    for (const program of PROGRAMS) {
      await page.selectOption("#lang", program.lang);
      await typeProgram(page, program.code, program.expected);
      expect(await page.textContent("#status")).toContain("Готово");
    }
    expect(renderRequests).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, TIMEOUT);

  test("an opened file sets the language from its extension and is drawn", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await openPlayground(context);
    await page.setInputFiles("#file", { name: "lab.pas", mimeType: "text/plain", buffer: Buffer.from(PROGRAMS[5].code) });
    await page.waitForFunction(() => document.querySelector("#preview svg")?.textContent?.includes("n > 60") ?? false);
    expect(await page.inputValue("#lang")).toBe("pascal");
    await page.setInputFiles("#file", { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await page.waitForFunction(() => document.getElementById("status")?.classList.contains("error") ?? false);
    expect(await page.textContent("#status")).toContain("notes.txt");
    // PascalABC on a Ukrainian Windows saves Windows-1251: decoded as the service decodes an upload.
    const cp1251 = readFileSync(new URL("./corpus/pascal/lab22_cp1251_pascalabc_tabulation.pas", import.meta.url));
    await page.setInputFiles("#file", { name: "tabul.pas", mimeType: "text/plain", buffer: cp1251 });
    // (Its prompt «Крок h = » is merged into the input since issue 20: wait for an output's Cyrillic text.)
    await page.waitForFunction(() => document.querySelector("#preview svg")?.textContent?.includes("Крок має бути додатним") ?? false);
    expect(await page.evaluate(() => document.querySelector(".cm-content")?.textContent ?? "")).toContain("Початок відрізка a = ");
    await page.setInputFiles("#file", { name: "photo.pas", mimeType: "image/png", buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00]) });
    await page.waitForFunction(() => document.getElementById("status")?.textContent?.includes("photo.pas") ?? false);
    expect(await page.textContent("#status")).toContain("NUL bytes at byte 8");
    await context.close();
  }, TIMEOUT);

  test("a syntax error is marked at its line while the other functions are still drawn", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await openPlayground(context);
    await page.selectOption("#lang", "python");
    const code = "def good(x):\n    if x > 70:\n        print(x)\n\ndef bad(y):\n    if y >\n        print(y)\n";
    await typeProgram(page, code, "x > 70");
    await page.waitForSelector(".cm-lintRange-error", { timeout: 10_000 });
    // The diagnostic sits on line 6 (`if y >`): its mark is inside that line's element.
    const markedLine = await page.evaluate(() => {
      const mark = document.querySelector(".cm-lintRange-error");
      const line = mark?.closest(".cm-line");
      return line ? [...document.querySelectorAll(".cm-content .cm-line")].indexOf(line) + 1 : 0;
    });
    expect(markedLine).toBe(6);
    expect(await page.getAttribute("#status", "class")).toContain("warning");
    await context.close();
  }, TIMEOUT);

  test("runtime set-up left out is named in the status line; the verbatim option draws it (issue 20)", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await openPlayground(context);
    await page.selectOption("#lang", "c");
    const code = '#include <stdio.h>\nint main(void) {\n    setlocale(LC_ALL, "rus");\n    int n;\n    scanf("%d", &n);\n    if (n > 80) printf("big");\n    return 0;\n}\n';
    await typeProgram(page, code, "n > 80");
    await page.waitForFunction(() => document.querySelector("#status")?.textContent?.includes("setlocale(…) (рядок 3)") ?? false, null, { timeout: 30_000 });
    expect(await page.textContent("#status")).toContain("Пропущено як налаштування: setlocale(…) (рядок 3)");
    expect(await page.textContent("#preview svg")).not.toContain("setlocale");
    await page.click("details.options > summary");
    await page.check("input[name=verbatim]");
    await page.waitForFunction(() => document.querySelector("#preview svg")?.textContent?.includes("setlocale") ?? false, null, { timeout: 30_000 });
    expect(await page.textContent("#status")).not.toContain("setlocale");
    await context.close();
  }, TIMEOUT);

  test("the function picker shows one function's chart", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await openPlayground(context);
    expect(await page.isVisible("#fn")).toBe(true);
    const names = await page.$$eval("#fn option", (options) => options.map((o) => (o as HTMLOptionElement).value));
    expect(names).toContain("grade");
    await page.selectOption("#fn", "grade");
    await page.waitForFunction(() => {
      const charts = document.querySelectorAll("#preview svg g[data-name]");
      return charts.length === 1 && charts[0]!.getAttribute("data-name") === "grade";
    });
    await context.close();
  }, TIMEOUT);

  test("zoom and pan change the preview; printed, the chart has its real size in millimetres", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await openPlayground(context);
    const width = () => page.$eval("#preview svg", (svg) => svg.getBoundingClientRect().width);
    await page.click("#zoom-real");
    const real = await width();
    await page.click("#zoom-in");
    expect(await width()).toBeCloseTo(real * 1.25, 0);
    await page.click("#zoom-out");
    await page.click("#zoom-out");
    expect(await width()).toBeCloseTo(real / 1.25, 0);
    // Drag to pan: the preview scrolls.
    await page.click("#zoom-in");
    await page.click("#zoom-in");
    await page.click("#zoom-in");
    const box = (await page.$("#preview"))!;
    const rect = (await box.boundingBox())!;
    await page.mouse.move(rect.x + rect.width / 2, rect.y + rect.height / 2);
    await page.mouse.down();
    await page.mouse.move(rect.x + rect.width / 2 - 80, rect.y + rect.height / 2 - 120, { steps: 4 });
    await page.mouse.up();
    expect(await page.$eval("#preview", (e) => e.scrollTop)).toBeGreaterThan(50);
    await page.emulateMedia({ media: "print" });
    const printed = await page.$eval("#preview svg", (svg) => ({ css: svg.getBoundingClientRect().width, mm: Number.parseFloat(svg.getAttribute("width")!) }));
    expect(printed.css).toBeCloseTo((printed.mm * 96) / 25.4, 0);
    await context.close();
  }, TIMEOUT);

  test("every download format is made in the browser and is a valid file", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await openPlayground(context);
    const download = async (format: string) => {
      const [file] = await Promise.all([page.waitForEvent("download", { timeout: 60_000 }), page.click(`button.download[data-format=${format}]`)]);
      const path = await file.path();
      return { name: file.suggestedFilename(), bytes: new Uint8Array(readFileSync(path!)), path: path! };
    };
    const svg = await download("svg");
    expect(svg.name).toBe("grade.svg"); // named after the example's file
    const parsed = await page.evaluate((text) => new DOMParser().parseFromString(text, "image/svg+xml").querySelector("parsererror") === null, new TextDecoder().decode(svg.bytes));
    expect(parsed).toBe(true);

    const png = await download("png");
    expect([...png.bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

    const pdf = await download("pdf");
    expect(new TextDecoder().decode(pdf.bytes.slice(0, 5))).toBe("%PDF-");
    const info = Bun.spawnSync(["pdfinfo", pdf.path]).stdout.toString();
    expect(Number(/Pages:\s+(\d+)/.exec(info)?.[1])).toBeGreaterThanOrEqual(3); // three charts, one per page

    const docx = await download("docx");
    const document = new TextDecoder().decode(unzipSync(docx.bytes)["word/document.xml"]!);
    expect(document).toContain("<wps:wsp");

    const typst = await download("typst");
    expect(new TextDecoder().decode(typst.bytes)).toContain("cetz");
    const excalidraw = JSON.parse(new TextDecoder().decode((await download("excalidraw")).bytes)) as { type: string; elements: unknown[] };
    expect(excalidraw.type).toBe("excalidraw");
    expect(excalidraw.elements.length).toBeGreaterThan(10);
    const drawio = await download("drawio");
    expect(drawio.name).toBe("grade.drawio"); // named after the example's file, as every download
    expect(new TextDecoder().decode(drawio.bytes)).toContain("<mxfile");
    const vsdx = await download("vsdx");
    expect(vsdx.name).toBe("grade.vsdx");
    expect(unzipSync(vsdx.bytes)["visio/pages/page1.xml"]).toBeDefined();
    const json = JSON.parse(new TextDecoder().decode((await download("json")).bytes)) as { unit: string; charts: unknown[] };
    expect(json.unit).toBe("mm");
    expect(json.charts.length).toBe(3);
    await context.close();
  }, TIMEOUT);

  test("issue 24: a tall chart's PDF opened from lab3.py comes as lab3.pdf on several A4 pages; one function's as lab3-<fn>.pdf", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await openPlayground(context);
    const code = `def twice(x):\n    return 2 * x\n\n${tallProgram(24)}`;
    await page.setInputFiles("#file", { name: "lab3.py", mimeType: "text/plain", buffer: Buffer.from(code) });
    await page.waitForFunction(() => document.querySelector("#preview svg")?.textContent?.includes("n > 23") ?? false, null, { timeout: 30_000 });
    // The split box is unticked (the preview stays one chart), yet the PDF comes on A4 sheets.
    expect(await page.isChecked("input[name=split]")).toBe(false);
    const download = async (format: string) => {
      const button = `button.download[data-format=${format}]`;
      const [file, busy] = await Promise.all([
        page.waitForEvent("download", { timeout: 90_000 }),
        // The button says the file is being made from the click on (the first one takes seconds).
        page.$eval(button, (b) => {
          (b as HTMLButtonElement).click();
          return { busy: b.getAttribute("aria-busy"), status: document.getElementById("status")!.className };
        }),
      ]);
      expect(busy).toEqual({ busy: "true", status: "status busy" });
      await page.waitForFunction((selector) => !document.querySelector(selector)!.hasAttribute("aria-busy"), button);
      return { name: file.suggestedFilename(), path: (await file.path())! };
    };
    const pdf = await download("pdf");
    expect(pdf.name).toBe("lab3.pdf");
    const pages = (path: string) => Number(/Pages:\s+(\d+)/.exec(Bun.spawnSync(["pdfinfo", path]).stdout.toString())?.[1]);
    expect(pages(pdf.path)).toBeGreaterThanOrEqual(3); // main on two or more sheets, twice on its own
    await page.selectOption("#fn", "main");
    await page.waitForFunction(() => document.querySelectorAll("#preview svg g[data-name]").length === 1);
    const main = await download("pdf");
    expect(main.name).toBe("lab3-main.pdf");
    expect(pages(main.path)).toBeGreaterThanOrEqual(2);
    await context.close();
  }, TIMEOUT);

  test("issue 24: pasted C++ while Python is chosen is drawn as C++; the example menu lets the example go", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await openPlayground(context);
    expect(await page.inputValue("#lang")).toBe("python");
    expect(await page.inputValue("#example")).toBe("0");
    const cpp = '#include <iostream>\nusing namespace std;\n\nint main() {\n    int n;\n    cin >> n;\n    if (n > 33) cout << "big";\n    return 0;\n}\n';
    await pasteProgram(page, cpp);
    await page.waitForFunction(() => document.querySelector("#preview svg")?.textContent?.includes("n > 33") ?? false, null, { timeout: 30_000 });
    expect(await page.inputValue("#lang")).toBe("cpp");
    expect(await page.textContent("#guess")).toContain("C++");
    expect(await page.inputValue("#example")).toBe("");
    expect(await page.getAttribute("#status", "class")).toContain("ok");
    await screenshot(page, "playground-pasted-cpp-uk-desktop");
    // Typed Pascal is offered the switch, not switched.
    await page.click(".cm-content");
    await page.keyboard.press("Control+A");
    await page.keyboard.insertText("program P;\nvar n: integer;\nbegin\n  readln(n);\n  writeln(n * 77);\nend.\n");
    await page.waitForFunction(() => document.getElementById("guess")?.textContent?.includes("Pascal") ?? false);
    expect(await page.inputValue("#lang")).toBe("cpp");
    await page.click("#guess button");
    await page.waitForFunction(() => document.querySelector("#preview svg")?.textContent?.includes("n * 77") ?? false, null, { timeout: 30_000 });
    expect(await page.inputValue("#lang")).toBe("pascal");
    // A program that cannot be drawn at all: the old chart is marked as old.
    await page.click(".cm-content");
    await page.keyboard.press("Control+A");
    await page.keyboard.insertText("program P;\nbegin\n");
    await page.waitForFunction(() => document.getElementById("status")?.classList.contains("error") ?? false, null, { timeout: 30_000 });
    expect(await page.isVisible("#stale-note")).toBe(true);
    expect(await page.textContent("#status")).toContain("рядок 3: синтаксична помилка: очікувалося «end», а тут кінець файлу");
    await screenshot(page, "playground-stale-uk-desktop");
    await context.close();
  }, TIMEOUT);

  test("issue 28: «Поділитися» makes a link that opens the same source, language, function and options; nothing reaches the server", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin });
    const page = await openPlayground(context);
    const cpp = '#include <iostream>\nusing namespace std;\n\nint twice(int x) {\n    return x * 2;\n}\n\nint main() {\n    int n;\n    cin >> n;\n    if (n > 44) cout << twice(n);\n    return 0;\n}\n';
    await pasteProgram(page, cpp);
    await page.waitForFunction(() => document.querySelector("#preview svg")?.textContent?.includes("n > 44") ?? false, null, { timeout: 30_000 });
    await page.selectOption("#fn", "twice");
    await page.click("details.options summary");
    await page.selectOption("select[name=locale]", "en");
    await page.waitForFunction(() => document.querySelectorAll("#preview svg g[data-name]").length === 1, null, { timeout: 30_000 });
    await page.click("#share");
    await page.waitForFunction(() => (document.getElementById("share-link") as HTMLInputElement | null)?.value.includes("#s1=") ?? false);
    const link = await page.inputValue("#share-link");
    expect(link.startsWith(`${origin}/#s1=`)).toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    // Another browser opens it: the same chart, and the server saw only the page's path.
    const other = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const paths: string[] = [];
    other.on("request", (request) => paths.push(new URL(request.url()).pathname + new URL(request.url()).search));
    const opened = await other.newPage();
    await opened.goto(link);
    await opened.waitForFunction(() => document.querySelector("#preview svg g[data-name=twice]") !== null, null, { timeout: 30_000 });
    expect(await opened.inputValue("#lang")).toBe("cpp");
    expect(await opened.inputValue("#fn")).toBe("twice");
    expect(await opened.inputValue("select[name=locale]")).toBe("en");
    expect(await opened.textContent("#preview svg")).toContain("x * 2");
    expect(paths.some((p) => p.includes("s1=") || p.includes("twice"))).toBe(false);
    await other.close();

    // A program too long for a link says so instead.
    let state = 11;
    const noise = Array.from({ length: 30_000 }, () => String.fromCharCode(97 + ((state = (state * 48271) % 2147483647) % 26))).join("");
    await pasteProgram(page, `s = "${noise}"\nprint(s)\n`);
    await page.click("#share");
    await page.waitForFunction(() => document.getElementById("share-text")?.textContent?.includes("задовга") ?? false);
    expect(await page.isVisible("#share-link")).toBe(false);
    await context.close();
  }, TIMEOUT);

  test("issue 24: errors in the site's language name the function and the line; a click goes to the line", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await openPlayground(context);
    const code = ["import math", "", "# lab", "def main():", "    n = int(input())", "    s = 0", "    for i in range(1, n + 1):", "        s += math.sqrt(i * (i + 1)", "        if s > 100:", '            print("big")', "    print(s)", "", "main()", ""].join("\n");
    await pasteProgram(page, code);
    await page.waitForSelector("#status .error-at", { timeout: 30_000 });
    const status = (await page.textContent("#status")) ?? "";
    expect(status).toContain("main, рядок 8: синтаксична помилка: дужку «(» не закрито");
    expect(status).not.toContain("syntax error");
    await page.click("#status .error-at[data-line='8']");
    const cursorLine = await page.evaluate(() => {
      const line = document.querySelector(".cm-activeLine");
      return line ? [...document.querySelectorAll(".cm-content .cm-line")].indexOf(line) + 1 : 0;
    });
    expect(cursorLine).toBe(8);
    await screenshot(page, "playground-error-uk-desktop");
    await context.close();
    // The same in English, on a phone.
    const phone = await browser.newContext({ viewport: VIEWPORTS.phone });
    await phone.addCookies([{ name: "lang", value: "en", url: origin }]);
    const english = await openPlayground(phone);
    await pasteProgram(english, code);
    await english.waitForSelector("#status .error-at", { timeout: 30_000 });
    expect(await english.textContent("#status")).toContain('main, line 8: syntax error: "(" is never closed');
    await screenshot(english, "playground-error-en-phone");
    await phone.close();
  }, TIMEOUT);

  test("issue 24: «Умістити» shows the whole of a tall chart", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await openPlayground(context);
    await pasteProgram(page, tallProgram(12));
    await page.waitForFunction(() => document.querySelector("#preview svg")?.textContent?.includes("n > 11") ?? false, null, { timeout: 30_000 });
    const fits = () =>
      page.evaluate(() => {
        const box = document.getElementById("preview")!.getBoundingClientRect();
        const chart = document.querySelector("#preview svg")!.getBoundingClientRect();
        return chart.height <= box.height && chart.width <= box.width;
      });
    expect(await fits()).toBe(false); // fitted to the width, the tall chart runs below
    await page.click("#zoom-fit");
    expect(await fits()).toBe(true);
    await context.close();
  }, TIMEOUT);

  test("after the first visit the playground loads and draws with the network off", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await openPlayground(context);
    // The service worker has stored the shell once it controls the page.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });
    await context.setOffline(true);
    await page.reload();
    await page.waitForFunction(() => document.body.dataset.drawn !== undefined, null, { timeout: 30_000 });
    await typeProgram(page, PROGRAMS[0].code, "n > 10");
    // A language met for the first time offline cannot fetch its grammar; one met online can.
    await context.setOffline(false);
    await context.close();
  }, TIMEOUT);

  test("screenshots of the playground (uk, en; desktop, phone)", async () => {
    for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
      for (const locale of ["uk", "en"]) {
        const context = await browser.newContext({ viewport });
        await context.addCookies([{ name: "lang", value: locale, url: origin }]);
        const page = await openPlayground(context);
        await page.waitForFunction(() => document.fonts.status === "loaded");
        await screenshot(page, `playground-${locale}-${viewportName}`);
        await context.close();
      }
    }
  }, TIMEOUT);
});

/**
 * POST /v1/render/report (issue 26) against a real server (loopback port, libSQL file database, the
 * render pool): the document in each format, charged once per chart drawn with one ledger row, the
 * files that fail named in `skipped` and costing nothing, a url file fetched from a local source host,
 * nothing charged when no chart is drawn, the balance precondition, Pro gating, the OpenAPI entry.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { unzipSync } from "fflate";
import { PDFDocument } from "pdf-lib";
import { expectError, ledgerConsistent, postJson, startServer, startSourceHost, type SourceHost, type TestServer } from "./support/server.ts";

const MAIN = "def main():\n    n = int(input())\n    if n > 0:\n        print(n)\n\n\nmain()\n";
/** Two charts: two functions. */
const TWO = "def a(x):\n    return x + 1\n\ndef b(y):\n    if y:\n        return 1\n    return 2\n";
const NATIVE = JSON.stringify([{ name: "main", main: true, block: { stmts: [{ kind: "process", text: "i := i + 1" }] } }]);
const SLOW = 60_000;

interface ReportJson {
  format: string;
  count: number;
  credits: number;
  creditsLeft: number;
  filename: string;
  skipped: { index: number; name: string; fn?: string; error: string }[];
  recovered: unknown[];
  encoding: string;
  content: string;
}

let server: TestServer;
let sources: SourceHost;

beforeAll(async () => {
  sources = startSourceHost({ "/two.py": () => new Response(TWO) });
  server = await startServer(sources.env);
});
afterAll(async () => {
  await server.stop();
  await sources.stop();
});

const report = (key: string | undefined, body: unknown, query = "") => postJson(`${server.url}/render/report${query}`, key, body);

describe("POST /render/report", () => {
  test("DOCX (the default): the listings and figures in one document; 1 credit per chart, listings free, one ledger row", async () => {
    const { user, key } = await server.user({ credits: 10 });
    const res = await report(key, { items: [{ code: MAIN, name: "main.py" }, { code: TWO, name: "util.py", title: "Модуль util.py" }] });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    expect(res.headers.get("content-disposition")).toContain('filename="report.docx"');
    expect(res.headers.get("x-service-charts")).toBe("3");
    expect(res.headers.get("x-credits-left")).toBe("7");
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const xml = new TextDecoder().decode(files["word/document.xml"]);
    for (const text of ["ДОДАТОК А", "Лістинг А.1 – Файл main.py", "Лістинг А.2 – Модуль util.py", "ДОДАТОК Б", "Рисунок Б.1 – Схема алгоритму програми", "Рисунок Б.3 – Схема алгоритму функції b(y)"]) {
      expect(xml).toContain(text);
    }
    expect(xml.match(/<wpg:wgp>/g)!.length).toBe(3); // native shape groups, one per figure
    const l = await ledgerConsistent(server.database, user.id);
    expect(l).toEqual({ balance: 7, sum: 7, rows: 2 });
  }, SLOW);

  test("json=1, pdf: the ReportResponse; a file that fails (a syntax error, a link off the allowlist) is in skipped and costs nothing", async () => {
    const { key } = await server.user({ credits: 10 });
    const res = await report(key, {
      format: "pdf",
      json: true,
      report: { layout: "inline", title: "Лабораторна робота 1" },
      items: [{ code: MAIN, lang: "python", name: "main.py" }, { code: "def f(:\n  pass\n", name: "bad.py" }, { url: "https://example.com/x.py" }, { url: `${sources.base}/two.py` }],
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as ReportJson;
    expect(body).toMatchObject({ format: "pdf", count: 4, credits: 3, creditsLeft: 7, filename: "report.pdf", encoding: "base64" });
    expect(body.skipped.map((s) => [s.index, s.name])).toEqual([[1, "bad.py"], [2, "file-3"]]);
    const pdf = await PDFDocument.load(Buffer.from(body.content, "base64"));
    expect(pdf.getTitle()).toBe("Лабораторна робота 1");
    expect(pdf.getPage(0).getSize()).toEqual({ width: expect.closeTo(595.28, 1), height: expect.closeTo(841.89, 1) });
  }, SLOW);

  test("typst: the document's source", async () => {
    const { key } = await server.user({ credits: 5 });
    const res = await report(key, { format: "typst", items: [{ code: MAIN, name: "main.py" }] });
    expect(res.status).toBe(200);
    const src = await res.text();
    expect(src).toContain('#set page(paper: "a4", margin: (left: 25mm, right: 10mm, top: 20mm, bottom: 20mm)');
    expect(src).toContain("Рисунок Б.1 – Схема алгоритму програми");
  }, SLOW);

  test("no chart drawn: the first file's error, nothing charged; too few credits: 402; native without Pro: 402 pro_required", async () => {
    const { user, key } = await server.user({ credits: 3 });
    await expectError(await report(key, { items: [{ code: "def f(:\n  pass\n", name: "bad.py" }, { code: "x", name: "a.unknownext" }] }), 400, "unknown_lang");
    await expectError(await report(key, { items: [{ code: "def f(:\n  pass\n", name: "bad.py" }] }), 500, "render_failed");
    expect(await ledgerConsistent(server.database, user.id)).toEqual({ balance: 3, sum: 3, rows: 1 });
    await expectError(await report(key, { items: Array.from({ length: 4 }, (_, i) => ({ code: MAIN, name: `m${i}.py` })) }), 402, "no_credits");
    await expectError(await report(key, { items: [{ code: NATIVE, lang: "native", name: "tree.json" }] }), 402, "pro_required");
    await expectError(await report(key, { items: [{ code: MAIN, name: "main.py" }], report: { firstAppendix: "Ї" } }), 400, "bad_request");
    await expectError(await report(undefined, { items: [{ code: MAIN, name: "main.py" }] }), 401, "unauthorized");
  }, SLOW);

  test("the OpenAPI document describes the endpoint, its request and its answer", async () => {
    const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as { paths: Record<string, { post?: { operationId: string } }>; components: { schemas: Record<string, unknown> } };
    expect(doc.paths["/render/report"]?.post?.operationId).toBe("renderReport");
    for (const name of ["ReportRequest", "ReportItem", "ReportOptions", "ReportResponse"]) expect(doc.components.schemas[name]).toBeDefined();
  });
});

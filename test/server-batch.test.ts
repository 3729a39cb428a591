/**
 * POST /v1/render/batch against a real server (loopback port, libSQL file database): zip and PDF
 * bundles opened and checked entry by entry, file names, the count headers, the JSON answer,
 * per-item failures (never charged, never failing the others), charging per chart with its ledger
 * row, the item-count limits, the balance precondition, Pro gating, formats, language inference
 * and url items fetched from a local source server.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { unzipSync } from "fflate";
import { PDFDocument } from "pdf-lib";
import { program } from "../bench/program.ts";
import { ledgerOf } from "../server/accounts/credits.ts";
import { isPng } from "./support/png-decode.ts";
import { expectError, ledgerConsistent, postJson, startServer, startSourceHost, type SourceHost, type TestServer } from "./support/server.ts";
import { parseXmlStrict } from "./support/xml-check.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

/** One chart each. */
const SMALL = "x = int(input())\nif x > 0:\n    print(x)\nelse:\n    print(-x)\n";
const SMALL_C = "#include <stdio.h>\nint main(void) {\n    int n;\n    scanf(\"%d\", &n);\n    printf(\"%d\\n\", n * 2);\n    return 0;\n}\n";
/** Two charts (two functions, no main code). */
const TWO_FUNCTIONS = "def a(x):\n    return x + 1\n\ndef b(y):\n    if y:\n        return 1\n    return 2\n";
const SYNTAX_ERROR = "def f(:\n    pass\n";
const NATIVE = JSON.stringify([{ name: "main", main: true, block: { stmts: [{ kind: "process", text: "i := i + 1" }] } }]);

/** Rasterizing and the first render of each format load wasm and fonts: beyond the busy-machine default (test/support/timeouts.ts). */
const SLOW = 120_000;

const py = (code = SMALL, extra: Record<string, unknown> = {}) => ({ code, lang: "python", ...extra });

interface BatchJson {
  format: string;
  bundle: string;
  count: number;
  rendered: number;
  credits: number;
  creditsLeft: number;
  filename: string;
  items: { index: number; name: string; ok: boolean; error?: string; skipped?: unknown[]; omitted?: unknown[] }[];
  encoding: string;
  content: string;
}

let server: TestServer;
let sources: SourceHost;
let sourceBase: string;

beforeAll(async () => {
  // The url items' source host: plain http on loopback, admitted by the test-only switches.
  sources = startSourceHost({
    "/a.py": () => new Response(SMALL),
    "/two.py": () => new Response(TWO_FUNCTIONS),
    "/main.c": () => new Response(SMALL_C),
    "/raw/abc123": () => new Response(SMALL),
  });
  sourceBase = sources.base;
  server = await startServer(sources.env);
});
afterAll(async () => {
  await server.stop();
  await sources.stop();
});

const batch = (key: string | undefined, body: unknown, query = "") => postJson(`${server.url}/render/batch${query}`, key, body);
const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());
const text = (b: Uint8Array) => new TextDecoder().decode(b);
const pageCount = async (pdf: Uint8Array) => (await PDFDocument.load(pdf)).getPageCount();

/** The zip's entries in order; fails unless the answer is a 200 zip. */
async function zipEntries(res: Response): Promise<[string, Uint8Array][]> {
  if (res.status !== 200) throw new Error(`expected 200, got ${res.status}: ${await res.text()}`);
  expect(res.headers.get("content-type")).toBe("application/zip");
  expect(res.headers.get("content-disposition")).toContain('filename="flowcharts.zip"');
  return Object.entries(unzipSync(await bytesOf(res)));
}

function expectSvg(data: Uint8Array) {
  const svg = text(data);
  expect(svg.startsWith("<svg") || svg.startsWith("<?xml")).toBe(true);
  expect(parseXmlStrict(svg).name).toBe("svg");
}

/** The user's balance is the ledger's sum, and the ledger holds exactly `rows` rows. */
async function expectLedger(userId: number, balance: number, rows: number) {
  const l = await ledgerConsistent(server.database, userId);
  expect(l).toEqual({ balance, sum: balance, rows });
}

describe("zip bundles", () => {
  test("svg (the default): one entry per item, named from `name` or service-<N>, duplicates made unique; charged per chart", async () => {
    const { user, key } = await server.user({ credits: 100 });
    const res = await batch(key, {
      items: [
        py(),
        py(SMALL, { name: "lab1" }),
        py(TWO_FUNCTIONS, { name: "lab1" }),
        { code: SMALL, name: "lab2.py" }, // lang from the name's extension; the source extension is replaced
        py(SMALL, { name: "LAB1.svg" }), // the output extension is kept; names are unique regardless of case
        { code: SMALL_C, name: "Main.c" },
      ],
    });
    expect(res.headers.get("x-service-rendered")).toBe("6");
    expect(res.headers.get("x-service-failed")).toBe("0");
    expect(res.headers.get("x-credits-left")).toBe(String(100 - 7));
    const entries = await zipEntries(res);
    expect(entries.map(([name]) => name)).toEqual(["service-1.svg", "lab1.svg", "lab1 (2).svg", "lab2.svg", "LAB1 (3).svg", "Main.svg"]);
    for (const [, data] of entries) expectSvg(data);
    // The two-function item is one SVG holding both charts.
    expect(text(entries[2]![1]).length).toBeGreaterThan(text(entries[1]![1]).length);

    // 1 + 1 + 2 + 1 + 1 + 1 charts, one ledger row with reason batch.
    await expectLedger(user.id, 93, 2);
    const [row] = await ledgerOf(server.database.db, user.id, 1);
    expect(row).toMatchObject({ delta: -7, balanceAfter: 93, reason: "batch" });
  }, SLOW);

  test("items in the new languages (issue 27): lang from the name's extension or given", async () => {
    const { key } = await server.user({ credits: 20 });
    const res = await batch(key, {
      items: [
        { code: "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(1)\n}\n", name: "hello.go" },
        { code: "<?php\necho 1;\n", name: "hello.php" },
        { code: "console.log(1);\n", lang: "javascript", name: "a" },
        { code: "const n: number = 1;\nconsole.log(n);\n", name: "b.ts" },
      ],
    });
    expect(res.headers.get("x-service-rendered")).toBe("4");
    const entries = await zipEntries(res);
    expect(entries.map(([name]) => name)).toEqual(["hello.svg", "hello (2).svg", "a.svg", "b.svg"]);
    for (const [, data] of entries) expectSvg(data);
  }, SLOW);

  test("names that are unsafe in a zip are cleaned (no folders, no parent directories)", async () => {
    const { key } = await server.user({ credits: 10 });
    const entries = await zipEntries(await batch(key, { items: [py(SMALL, { name: "../../etc/passwd" }), py(SMALL, { name: "a/b\\c" })] }));
    for (const [name] of entries) {
      expect(name).not.toContain("/");
      expect(name).not.toContain("\\");
      expect(name.startsWith(".")).toBe(false);
      expect(name).toEndWith(".svg");
    }
    expect(new Set(entries.map(([n]) => n)).size).toBe(2);
  });

  test("png: PNG entries", async () => {
    const { key } = await server.user({ credits: 10 });
    const entries = await zipEntries(await batch(key, { format: "png", scale: 1, items: [py(), py(SMALL, { name: "b" })] }));
    expect(entries.map(([n]) => n)).toEqual(["service-1.png", "b.png"]);
    for (const [, data] of entries) {
      expect(isPng(data)).toBe(true);
      expect([...data.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    }
  }, SLOW);

  test("typst and excalidraw: their own extensions and contents", async () => {
    const { key } = await server.user({ credits: 10 });
    const typ = await zipEntries(await batch(key, { format: "typst", items: [py(SMALL, { name: "q.py" })] }));
    expect(typ.map(([n]) => n)).toEqual(["q.typ"]);
    expect(text(typ[0]![1])).toContain("cetz");
    const exc = await zipEntries(await batch(key, { format: "excalidraw", items: [py()] }));
    expect(exc.map(([n]) => n)).toEqual(["service-1.excalidraw"]);
    expect(JSON.parse(text(exc[0]![1])).type).toBe("excalidraw");
  });

  test("bundle=zip with format=pdf: a zip of separate PDFs", async () => {
    const { user, key } = await server.user({ credits: 10 });
    const entries = await zipEntries(await batch(key, { format: "pdf", bundle: "zip", items: [py(), py(SMALL, { name: "x.py" }), py(TWO_FUNCTIONS)] }));
    expect(entries.map(([n]) => n)).toEqual(["service-1.pdf", "x.pdf", "service-3.pdf"]);
    for (const [, data] of entries) expect(text(data.slice(0, 5))).toBe("%PDF-");
    // TWO_FUNCTIONS' two small charts share a page (engine/layout/sheets.ts).
    expect(await Promise.all(entries.map(([, d]) => pageCount(d)))).toEqual([1, 1, 1]);
    await expectLedger(user.id, 10 - 4, 2);
  }, SLOW);
});

describe("pdf bundles", () => {
  test("format=pdf: one PDF, one page per (one-chart) item", async () => {
    const { user, key } = await server.user({ credits: 10 });
    const res = await batch(key, { format: "pdf", items: [py(), { code: SMALL_C, lang: "c" }, py(SMALL, { name: "n" })] });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toContain('filename="flowcharts.pdf"');
    expect(res.headers.get("x-service-rendered")).toBe("3");
    expect(res.headers.get("x-service-failed")).toBe("0");
    const pdf = await bytesOf(res);
    expect(text(pdf.slice(0, 5))).toBe("%PDF-");
    expect(await pageCount(pdf)).toBe(3);
    await expectLedger(user.id, 7, 2);
  });

  test("every item starts a page (a two-function source's small charts share theirs), failed items leave no page", async () => {
    const { user, key } = await server.user({ credits: 10 });
    const res = await batch(key, { format: "pdf", bundle: "pdf", items: [py(TWO_FUNCTIONS), py(SYNTAX_ERROR), py()] });
    expect(res.headers.get("x-service-rendered")).toBe("2");
    expect(res.headers.get("x-service-failed")).toBe("1");
    expect(await pageCount(await bytesOf(res))).toBe(2);
    await expectLedger(user.id, 7, 2);
  });

  test("bundle=pdf with any other format → 400 bad_request, nothing charged", async () => {
    const { user, key } = await server.user({ credits: 10 });
    for (const format of ["svg", "png", "typst", "excalidraw"]) {
      await expectError(await batch(key, { format, bundle: "pdf", items: [py()] }), 400, "bad_request");
    }
    await expectError(await batch(key, { bundle: "pdf", items: [py()] }), 400, "bad_request"); // svg by default
    await expectError(await batch(key, { format: "pdf", bundle: "tar", items: [py()] }), 400, "bad_request");
    await expectLedger(user.id, 10, 1);
  });
});

const FIELDS_OF_BATCH = ["bundle", "content", "count", "credits", "creditsLeft", "encoding", "filename", "format", "items", "rendered"];

describe("json=1", () => {
  const FIELDS = ["bundle", "content", "count", "credits", "creditsLeft", "encoding", "filename", "format", "items", "rendered"];

  for (const [how, query, extra] of [["query ?json=1", "?json=1", {}], ["query ?json", "?json", {}], ["body json: true", "", { json: true }]] as const) {
    test(`${how}: the BatchResponse with exactly its fields`, async () => {
      const { key } = await server.user({ credits: 20 });
      const res = await batch(key, { items: [py(), py(SYNTAX_ERROR, { name: "broken" }), py(TWO_FUNCTIONS, { name: "two" })], ...extra }, query);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toStartWith("application/json");
      expect(res.headers.get("x-service-rendered")).toBe("2");
      expect(res.headers.get("x-service-failed")).toBe("1");
      const body = (await res.json()) as BatchJson;
      expect(Object.keys(body).sort()).toEqual(FIELDS);
      expect(body).toMatchObject({ format: "svg", bundle: "zip", count: 3, rendered: 2, credits: 3, creditsLeft: 17, filename: "flowcharts.zip", encoding: "base64" });
      expect(body.items).toHaveLength(3);
      // For a zip, each item's name is its entry's name in the bundle.
      expect(body.items[0]).toEqual({ index: 0, name: "service-1.svg", ok: true, skipped: [], omitted: [] });
      expect(Object.keys(body.items[1]!).sort()).toEqual(["error", "index", "name", "ok"]);
      expect(body.items[1]).toMatchObject({ index: 1, name: "broken.error.txt", ok: false });
      expect(body.items[1]!.error).toMatch(/syntax error at line 1, column \d+/);
      expect(body.items[2]).toEqual({ index: 2, name: "two.svg", ok: true, skipped: [], omitted: [] });
      // One entry per item: a failed item's is `<name>.error.txt` with its code and reason.
      const zip = unzipSync(Buffer.from(body.content, "base64"));
      expect(Object.keys(zip)).toEqual(["service-1.svg", "broken.error.txt", "two.svg"]);
      expect(new TextDecoder().decode(zip["broken.error.txt"])).toBe(`render_failed: ${body.items[1]!.error}\n`);
    });
  }

  test("repeated names: the results name the same unique entries the zip holds", async () => {
    const { key } = await server.user({ credits: 20 });
    const res = await batch(key, { items: [py(SMALL, { name: "lab1" }), py(SMALL, { name: "lab1.py" }), py(SMALL, { name: "LAB1" })], json: true });
    const body = (await res.json()) as BatchJson;
    expect(body.items.map((i) => i.name)).toEqual(["lab1.svg", "lab1 (2).svg", "LAB1 (3).svg"]);
    expect(Object.keys(unzipSync(Buffer.from(body.content, "base64")))).toEqual(body.items.map((i) => i.name));
  });

  test("format=pdf: bundle pdf, the PDF in base64", async () => {
    const { key } = await server.user({ credits: 20 });
    const body = (await (await batch(key, { format: "pdf", json: true, items: [py(), py()] })).json()) as BatchJson;
    expect(body).toMatchObject({ format: "pdf", bundle: "pdf", count: 2, rendered: 2, credits: 2, creditsLeft: 18, filename: "flowcharts.pdf", encoding: "base64" });
    expect(await pageCount(Buffer.from(body.content, "base64"))).toBe(2);
  });

  test("json=0 and json: false give the file", async () => {
    const { key } = await server.user({ credits: 20 });
    expect((await batch(key, { items: [py()] }, "?json=0")).headers.get("content-type")).toBe("application/zip");
    expect((await batch(key, { items: [py()], json: false })).headers.get("content-type")).toBe("application/zip");
    await expectError(await batch(key, { items: [py()] }, "?json=maybe"), 400, "bad_request");
  });
});

describe("failing items", () => {
  test("syntax error, unknown language, disallowed url host and a missing fn fail alone and are not charged", async () => {
    const { user, key } = await server.user({ credits: 20 });
    const res = await batch(key, {
      json: true,
      items: [
        py(),
        py(SYNTAX_ERROR),
        { code: SMALL, name: "notes.txt" }, // no lang, and .txt tells none
        { code: SMALL }, // no lang, no name
        { url: "https://example.com/a.py" },
        py(SMALL, { fn: "nope" }),
        py(TWO_FUNCTIONS),
      ],
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-service-rendered")).toBe("2");
    expect(res.headers.get("x-service-failed")).toBe("5");
    const body = (await res.json()) as BatchJson;
    expect(body.items.map((i) => i.ok)).toEqual([true, false, false, false, false, false, true]);
    expect(body.items.map((i) => i.index)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(body.items[1]!.error).toContain("syntax error at line 1");
    expect(body.items[2]!.error).toContain("notes.txt");
    expect(body.items[3]!.error).toContain("lang");
    expect(body.items[4]!.error).toContain("host not allowed");
    expect(body.items[5]!.error).toContain('"nope"');
    for (const item of body.items.filter((i) => !i.ok)) expect(item.error!.length).toBeGreaterThan(0);
    expect(body).toMatchObject({ count: 7, rendered: 2, credits: 3, creditsLeft: 17 });
    const zip = unzipSync(Buffer.from(body.content, "base64"));
    expect(Object.keys(zip)).toEqual([
      "service-1.svg", "service-2.error.txt", "notes.txt.error.txt", "service-4.error.txt", "service-5.error.txt", "service-6.error.txt", "service-7.svg",
    ]);
    expect(body.items.map((i) => i.name)).toEqual(Object.keys(zip));
    expect(new TextDecoder().decode(zip["service-5.error.txt"])).toStartWith("bad_source: ");
    expect(new TextDecoder().decode(zip["service-4.error.txt"])).toStartWith("bad_request: ");
    await expectLedger(user.id, 17, 2);
  });

  test("every item failing to render → 500 render_failed naming them, nothing charged", async () => {
    const { user, key } = await server.user({ credits: 20 });
    for (const format of ["svg", "pdf"]) {
      const res = await batch(key, { format, items: [py(SYNTAX_ERROR, { name: "one" }), py(SMALL, { fn: "nope" })] });
      expect(res.headers.get("x-service-rendered")).toBe("0");
      expect(res.headers.get("x-service-failed")).toBe("2");
      const err = await expectError(res, 500, "render_failed");
      expect(err.error).toContain("one");
      expect(err.error).toContain("service-2");
      expect(err.error).not.toContain("    at "); // no stack trace
    }
    await expectLedger(user.id, 20, 1);
  });

  // What POST /render answers for the same single item, the batch answers when it is all there is.
  const CLIENT_FAULTS: [string, Record<string, unknown>, string][] = [
    ["a url off the allowlist", { url: "https://example.com/b.py" }, "bad_source"],
    ["a source over the limit", { code: `# ${"x".repeat(1024 * 1024)}\n`, lang: "python" }, "bad_request"],
    ["no lang and nothing to infer it from", { code: SMALL }, "bad_request"],
    ["an unknown fn", { ...py(SMALL), fn: "nope" }, "render_failed"],
  ];
  for (const [what, item, code] of CLIENT_FAULTS) {
    test(`every item failing by the client's fault, ${what}: the code POST /render gives (${code})`, async () => {
      const { user, key } = await server.user({ credits: 20 });
      const single = await postJson(`${server.url}/render`, key, { ...item });
      const status = single.status;
      await expectError(single, status, code);
      for (const format of ["svg", "pdf"]) {
        const err = await expectError(await batch(key, { format, items: [item, item] }), status, code);
        expect(err.error).toStartWith("no item rendered: ");
      }
      await expectLedger(user.id, 20, 1);
    });
  }

  test("a client fault decides over a render failure in the same batch; json=1 is still a BatchResponse, with error and code", async () => {
    const { user, key } = await server.user({ credits: 20 });
    const items = [py(SYNTAX_ERROR, { name: "one" }), { url: "https://example.com/b.py" }];
    await expectError(await batch(key, { items }), 400, "bad_source");
    const res = await batch(key, { items, json: true });
    expect(res.status).toBe(400);
    expect(res.headers.get("x-service-failed")).toBe("2");
    const body = (await res.json()) as BatchJson & { error: string; code: string };
    expect(Object.keys(body).sort()).toEqual([...FIELDS_OF_BATCH, "code", "error"].sort());
    expect(body).toMatchObject({ code: "bad_source", count: 2, rendered: 0, credits: 0, creditsLeft: 20, bundle: "zip", encoding: "base64" });
    expect(body.items.map((i) => [i.name, i.ok])).toEqual([["one.error.txt", false], ["service-2.error.txt", false]]);
    expect(Object.keys(unzipSync(Buffer.from(body.content, "base64")))).toEqual(["one.error.txt", "service-2.error.txt"]);
    const pdf = (await (await batch(key, { items, json: true, format: "pdf" })).json()) as BatchJson & { code: string };
    expect(pdf).toMatchObject({ code: "bad_source", bundle: "pdf", rendered: 0, content: "" });
    await expectLedger(user.id, 20, 1);
  });
});

describe("limits and the balance", () => {
  test("0 items and 101 items → 400 bad_request", async () => {
    const { user, key } = await server.user({ credits: 500 });
    await expectError(await batch(key, { items: [] }), 400, "bad_request");
    await expectError(await batch(key, { items: Array.from({ length: 101 }, () => py()) }), 400, "bad_request");
    await expectError(await batch(key, {}), 400, "bad_request");
    await expectLedger(user.id, 500, 1);
  });

  test("100 items render into 100 entries and are charged 100", async () => {
    const { user, key } = await server.user({ credits: 100 });
    const items = Array.from({ length: 100 }, (_, i) => (i % 2 ? py() : { code: SMALL_C, lang: "c" }));
    const res = await batch(key, { items });
    expect(res.headers.get("x-service-rendered")).toBe("100");
    const entries = await zipEntries(res);
    expect(entries.map(([n]) => n)).toEqual(Array.from({ length: 100 }, (_, i) => `service-${i + 1}.svg`));
    await expectLedger(user.id, 0, 2);
  }, SLOW);

  test("a balance below the item count → 402 no_credits before any work, nothing charged", async () => {
    const { user, key } = await server.user({ credits: 2 });
    const err = await expectError(await batch(key, { items: [py(), py(), py()] }), 402, "no_credits");
    expect(err.error).toContain("3");
    // Even if the items would only cost 2 with failures, the precondition is the item count.
    await expectError(await batch(key, { items: [py(), py(), py(SYNTAX_ERROR)] }), 402, "no_credits");
    await expectLedger(user.id, 2, 1);
    const empty = await server.user({ credits: 0 });
    await expectError(await batch(empty.key, { items: [py()] }), 402, "no_credits");
  });

  test("a balance equal to the item count is enough; charts beyond it → 402 no_credits, nothing charged", async () => {
    const { user, key } = await server.user({ credits: 2 });
    // Two items pass the precondition but draw three charts: the charge cannot apply.
    await expectError(await batch(key, { items: [py(TWO_FUNCTIONS), py()] }), 402, "no_credits");
    await expectLedger(user.id, 2, 1);
    expect((await batch(key, { items: [py(), py()] })).status).toBe(200);
    await expectLedger(user.id, 0, 2);
  });

  test("missing or wrong key → 401 unauthorized; Bearer works too", async () => {
    await expectError(await batch(undefined, { items: [py()] }), 401, "unauthorized");
    await expectError(await batch("rk_wrong", { items: [py()] }), 401, "unauthorized");
    const { key } = await server.user({ credits: 1 });
    const res = await postJson(`${server.url}/render/batch`, key, { items: [py()] }, true);
    expect(res.status).toBe(200);
  });

  test("malformed JSON, unknown fields, code and url together → 400 bad_request", async () => {
    const { user, key } = await server.user({ credits: 5 });
    await expectError(await batch(key, "{ nope"), 400, "bad_request");
    await expectError(await batch(key, { items: [py()], colour: "red" }), 400, "bad_request");
    await expectError(await batch(key, { items: [{ ...py(), extra: 1 }] }), 400, "bad_request");
    await expectError(await batch(key, { items: [{ code: SMALL, url: `${sourceBase}/a.py`, lang: "python" }] }), 400, "bad_request");
    await expectError(await batch(key, { items: [{ lang: "python" }] }), 400, "bad_request");
    await expectLedger(user.id, 5, 1);
  });
});

describe("Pro gating", () => {
  test("lang=native in an item without Pro → 402 pro_required with proFeatures, nothing charged", async () => {
    const { user, key } = await server.user({ credits: 10 });
    const err = await expectError(await batch(key, { items: [py(), { code: NATIVE, lang: "native" }] }), 402, "pro_required");
    expect(err.proFeatures).toEqual(["native"]);
    await expectLedger(user.id, 10, 1);
  });

  test("a native item recognised by its .json name is gated too", async () => {
    const { key } = await server.user({ credits: 10 });
    const err = await expectError(await batch(key, { items: [{ code: NATIVE, name: "tree.json" }] }), 402, "pro_required");
    expect(err.proFeatures).toEqual(["native"]);
  });

  test("a custom text option without Pro → 402 pro_required listing each feature", async () => {
    const { user, key } = await server.user({ credits: 10 });
    const one = await expectError(await batch(key, { options: { yes: "Y" }, items: [py()] }), 402, "pro_required");
    expect(one.proFeatures).toEqual(["yes"]);
    const many = await expectError(await batch(key, { options: { yes: "Y", capWord: "Fig." }, items: [py(), { code: NATIVE, lang: "native" }] }), 402, "pro_required");
    expect([...many.proFeatures!].sort()).toEqual(["capWord", "native", "yes"]);
    await expectLedger(user.id, 10, 1);
  });

  test("free options need no Pro", async () => {
    const { key } = await server.user({ credits: 10 });
    expect((await batch(key, { options: { locale: "en", singleEnd: true }, items: [py()] })).status).toBe(200);
  });

  test("with active Pro: native items and custom options render", async () => {
    const { user, key } = await server.user({ credits: 10, pro: true });
    const entries = await zipEntries(await batch(key, { options: { yes: "Y", no: "N" }, items: [py(), { code: NATIVE, lang: "native", name: "tree" }] }));
    expect(entries.map(([n]) => n)).toEqual(["service-1.svg", "tree.svg"]);
    expect(text(entries[0]![1])).toContain(">Y<");
    await expectLedger(user.id, 8, 2);
  });
});

describe("formats and languages", () => {
  test("docx, json and unknown formats → 400 unknown_format", async () => {
    const { user, key } = await server.user({ credits: 10 });
    for (const format of ["docx", "json", "gif"]) {
      const err = await expectError(await batch(key, { format, items: [py()] }), 400, "unknown_format");
      expect(err.error).toContain("svg, png, pdf, typst, excalidraw");
    }
    await expectLedger(user.id, 10, 1);
  });

  test("an unknown lang value in an item → 400 unknown_lang", async () => {
    const { key } = await server.user({ credits: 10 });
    await expectError(await batch(key, { items: [py(), { code: SMALL, lang: "rust" }] }), 400, "unknown_lang");
  });

  test("lang inferred from the item's name extension", async () => {
    const { user, key } = await server.user({ credits: 10 });
    const res = await batch(key, { json: true, items: [{ code: SMALL, name: "lab1.py" }, { code: SMALL_C, name: "lab2.C" }] });
    const body = (await res.json()) as BatchJson;
    expect(body.items.every((i) => i.ok)).toBe(true);
    expect(Object.keys(unzipSync(Buffer.from(body.content, "base64")))).toEqual(["lab1.svg", "lab2.svg"]);
    await expectLedger(user.id, 8, 2);
  });
});

describe("url items", () => {
  test("fetched from an admitted host, language from the url's extension", async () => {
    const { user, key } = await server.user({ credits: 10 });
    const res = await batch(key, {
      json: true,
      items: [
        { url: `${sourceBase}/a.py` },
        { url: `${sourceBase}/main.c`, name: "prog.c" },
        { url: `${sourceBase}/raw/abc123`, lang: "python" }, // no extension: lang given
        { url: `${sourceBase}/two.py`, name: "second" }, // a name without extension: lang still from the url
        { url: `${sourceBase}/missing.py` }, // 404 → this item fails alone
        { url: `${sourceBase}/raw/abc123` }, // no extension and no lang
      ],
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as BatchJson;
    expect(body.items.map((i) => i.ok)).toEqual([true, true, true, true, false, false]);
    expect(body.items[4]!.error).toContain("404");
    expect(body.items[5]!.error).toMatch(/lang/);
    expect(body).toMatchObject({ rendered: 4, credits: 5, creditsLeft: 5 });
    expect(Object.keys(unzipSync(Buffer.from(body.content, "base64")))).toEqual([
      "service-1.svg", "prog.svg", "service-3.svg", "second.svg", "service-5.error.txt", "service-6.error.txt",
    ]);
    await expectLedger(user.id, 5, 2);
  });
});

describe("request body limit", () => {
  test("a body over MAX_BATCH_BODY_BYTES → 400 bad_request, nothing charged; one under it renders", async () => {
    const small = await startServer({ MAX_BATCH_BODY_BYTES: "4096" });
    try {
      const { user, key } = await small.user({ credits: 10 });
      const big = { items: [py(`${SMALL}# ${"x".repeat(5000)}\n`)] };
      expect(JSON.stringify(big).length).toBeGreaterThan(4096);
      const err = await expectError(await postJson(`${small.url}/render/batch`, key, big), 400, "bad_request");
      expect(err.error).toContain("4096");
      expect((await postJson(`${small.url}/render/batch`, key, { items: [py()] })).status).toBe(200);
      expect(await ledgerConsistent(small.database, user.id)).toEqual({ balance: 9, sum: 9, rows: 2 });
    } finally {
      await small.stop();
    }
  });
});

describe("a client that goes away", () => {
  test("is not charged: the batch stops and nothing reaches the ledger", async () => {
    const { user, key } = await server.user({ credits: 1000 });
    const items = Array.from({ length: 60 }, () => py(program(6)));
    const aborted = new AbortController();
    const pending = fetch(`${server.url}/render/batch`, {
      method: "POST", headers: { "content-type": "application/json", "x-api-key": key }, body: JSON.stringify({ items, format: "pdf" }), signal: aborted.signal,
    });
    await Bun.sleep(200); // rendering now: 60 tall charts take well over a second
    aborted.abort();
    await expect(pending).rejects.toThrow();
    await Bun.sleep(2000); // long enough for the whole batch to have finished had it gone on
    expect(await ledgerConsistent(server.database, user.id)).toMatchObject({ balance: 1000, sum: 1000, rows: 1 });
  }, SLOW);
});

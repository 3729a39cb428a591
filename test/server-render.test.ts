/**
 * POST /v1/render against a real server (loopback port, libSQL file database): every language and
 * format, file and JSON answers, multipart, URL sources, charging per chart, Pro gating, and every
 * error code and limit of the request.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { ledgerOf } from "../server/accounts/credits.ts";
import { findUser } from "../server/accounts/users.ts";
import { expectError, ledgerConsistent, postJson, startServer, startSourceHost, type SourceHost, type TestServer } from "./support/server.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const SMALL = "x = int(input())\nif x > 0:\n    print(x)\nelse:\n    print(-x)\n";
const TWO_FUNCTIONS = "def a(x):\n    return x + 1\n\ndef b(y):\n    if y:\n        return 1\n    return 2\n";
const NATIVE = JSON.stringify([{ name: "main", main: true, block: { stmts: [{ kind: "while", cond: "i < n", body: { stmts: [{ kind: "process", text: "i := i + 1" }] } }] } }]);

const EXAMPLES: [string, string][] = [
  ["grade.py", "python"], ["primes.c", "c"], ["stats.cpp", "cpp"], ["Diagonal.java", "java"], ["Grades.cs", "csharp"], ["triangle.pas", "pascal"],
  // issue 27: an extension of interface.md's list
  ["recursion.js", "javascript"], ["account.ts", "typescript"], ["sort.go", "go"], ["numbers.php", "php"],
];
const example = (name: string) => readFileSync(new URL(`../examples/${name}`, import.meta.url), "utf8");

let server: TestServer;
let key: string;

beforeAll(async () => {
  server = await startServer();
  key = (await server.user({ credits: 10_000 })).key;
});
afterAll(() => server.stop());

const render = (body: unknown, query = "", k: string | undefined = key) => postJson(`${server.url}/render${query}`, k, body);

describe("files", () => {
  const expectations: Record<string, { type: string; ext: string; check(bytes: Uint8Array): void }> = {
    svg: { type: "image/svg+xml", ext: "svg", check: (b) => expect(new TextDecoder().decode(b)).toStartWith("<?xml") },
    png: { type: "image/png", ext: "png", check: (b) => expect([...b.slice(1, 4)]).toEqual([0x50, 0x4e, 0x47]) },
    pdf: { type: "application/pdf", ext: "pdf", check: (b) => expect(new TextDecoder().decode(b.slice(0, 5))).toBe("%PDF-") },
    docx: { type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", ext: "docx", check: (b) => expect(new TextDecoder().decode(b.slice(0, 2))).toBe("PK") },
    typst: { type: "text/x-typst; charset=utf-8", ext: "typ", check: (b) => expect(new TextDecoder().decode(b)).toContain("cetz") },
    excalidraw: { type: "application/vnd.excalidraw+json", ext: "excalidraw", check: (b) => expect(JSON.parse(new TextDecoder().decode(b)).type).toBe("excalidraw") },
    json: { type: "application/json", ext: "json", check: (b) => expect(JSON.parse(new TextDecoder().decode(b)).charts).toHaveLength(1) },
  };

  for (const [format, want] of Object.entries(expectations)) {
    test(`format=${format}: the file with its content type and a download name`, async () => {
      const res = await render({ code: SMALL, lang: "python", format });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe(want.type);
      expect(res.headers.get("content-disposition")).toContain(`filename="flowchart.${want.ext}"`);
      want.check(new Uint8Array(await res.arrayBuffer()));
    });
  }

  for (const [file, lang] of EXAMPLES) {
    test(`${lang}: an example renders to SVG`, async () => {
      const res = await render({ code: example(file), lang });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("<svg");
    });
  }

  test("Authorization: Bearer works like X-API-Key", async () => {
    const res = await postJson(`${server.url}/render`, key, { code: SMALL, lang: "python" }, true);
    expect(res.status).toBe(200);
  });

  test("fn names the file and draws one chart", async () => {
    const res = await render({ code: TWO_FUNCTIONS, lang: "python", fn: "b" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain(`filename="b.svg"`);
    expect(Number(res.headers.get("x-credits-left"))).toBeGreaterThan(0);
  });

  test("a Cyrillic function name keeps an ASCII fallback and the real name in filename*", async () => {
    const res = await render({ code: "def обчислити(x):\n    return x * 2\n", lang: "python", fn: "обчислити" });
    expect(res.status).toBe(200);
    const disposition = res.headers.get("content-disposition")!;
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent("обчислити.svg")}`);
    expect(disposition).toMatch(/filename="[\x20-\x7e]+"/);
  });
});

describe("json answers", () => {
  test.each([
    ["svg", "utf-8"], ["typst", "utf-8"], ["excalidraw", "utf-8"], ["json", "utf-8"], ["png", "base64"], ["pdf", "base64"], ["docx", "base64"],
  ])("format=%s with ?json=1 → RenderJSONResponse, content as %s", async (format, encoding) => {
    const res = await render({ code: SMALL, lang: "python", format }, "?json=1");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toStartWith("application/json");
    const body = (await res.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(["content", "creditsLeft", "encoding", "filename", "format", "lang", "omitted", "skipped"]);
    expect(body.skipped).toEqual([]);
    expect(body.omitted).toEqual([]);
    expect(body).toMatchObject({ format, lang: "python", encoding });
    if (encoding === "base64") expect(Buffer.from(body.content as string, "base64").length).toBeGreaterThan(100);
    else expect((body.content as string).length).toBeGreaterThan(100);
    const me = (await (await fetch(`${server.url}/me`, { headers: { "x-api-key": key } })).json()) as { credits: number };
    expect(body.creditsLeft).toBe(me.credits);
  });

  test("json as a body field, and ?json / ?json=true", async () => {
    for (const [query, body] of [["", { json: true }], ["?json", {}], ["?json=true", {}]] as const) {
      const res = await render({ code: SMALL, lang: "python", ...body }, query);
      expect(((await res.json()) as { encoding: string }).encoding).toBe("utf-8");
    }
  });

  test("?json=0 gives the file", async () => {
    const res = await render({ code: SMALL, lang: "python" }, "?json=0");
    expect(res.headers.get("content-type")).toBe("image/svg+xml");
  });
});

describe("runtime set-up left out (issue 20)", () => {
  const LAB = 'int main() {\n  setlocale(LC_ALL, "rus");\n  int n;\n  scanf("%d", &n);\n  printf("%d", n);\n  system("pause");\n  return 0;\n}\n';

  test("a JSON answer lists it in omitted with chart, line and text; verbatim draws it and omits nothing", async () => {
    const res = await render({ code: LAB, lang: "c", format: "json" }, "?json=1");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { omitted: unknown; content: string };
    expect(body.omitted).toEqual([{ chart: "main", line: 2, text: 'setlocale(LC_ALL, "rus")' }, { chart: "main", line: 6, text: 'system("pause")' }]);
    expect(body.content).not.toContain("setlocale");
    const verbatim = (await (await render({ code: LAB, lang: "c", format: "json", options: { verbatim: true } }, "?json=1")).json()) as { omitted: unknown; content: string };
    expect(verbatim.omitted).toEqual([]);
    expect(verbatim.content).toContain("setlocale");
  });

  test("a file answer counts it in X-Omitted-Setup; none → no header", async () => {
    const res = await render({ code: LAB, lang: "c" });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-omitted-setup")).toBe("2");
    expect((await render({ code: SMALL, lang: "python" })).headers.get("x-omitted-setup")).toBeNull();
  });

  test("batch items that rendered carry theirs", async () => {
    const res = await postJson(`${server.url}/render/batch?json=1`, key, { items: [{ code: LAB, lang: "c" }, { code: SMALL, lang: "python" }] });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: { omitted?: { line: number }[] }[] };
    expect(body.items.map((i) => i.omitted?.map((o) => o.line))).toEqual([[2, 6], []]);
  });

  test("OpenAPI documents omitted and the verbatim option", async () => {
    const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as { components: { schemas: Record<string, { properties?: Record<string, { description?: string }> }> } };
    const schemas = doc.components.schemas;
    expect(schemas.RenderJSONResponse!.properties!.omitted!.description).toContain("runtime set-up");
    expect(schemas.BatchItemResult!.properties!.omitted).toBeDefined();
    expect(schemas.OmittedStatement).toBeDefined();
    expect(schemas.Options!.properties!.verbatim!.description).toContain("as written");
  });
});

describe("functions not drawn", () => {
  // C lets a syntax error stay inside one function; the other two are drawn (and charged). A broken
  // head leaves the function out; a statement the parser cannot read is drawn from its text (RECOVERED).
  const BROKEN = "int good(int x) { return x; }\nint погано(int x { return x; }\nint main() { return good(1); }\n";
  const RECOVERED = "int good(int x) { return x; }\nint погано(int x) { return x +; }\nint main() { return good(1); }\n";

  test("a JSON answer lists them in skipped, with the error and its position", async () => {
    const res = await render({ code: BROKEN, lang: "c" }, "?json=1");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { skipped: unknown };
    expect(body.skipped).toEqual([{ name: "погано", error: 'syntax error at line 2, column 17: missing ")"', line: 2, col: 17 }]);
    expect(body).not.toHaveProperty("recovered");
  });

  test("a function drawn around a statement it cannot read is not skipped: listed in recovered / X-Recovered-Functions (issue 20)", async () => {
    const res = await render({ code: RECOVERED, lang: "c" }, "?json=1");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { skipped: unknown; recovered: { name: string; error: string; line: number }[] };
    expect(body.skipped).toEqual([]);
    expect(body.recovered).toEqual([expect.objectContaining({ name: "погано", line: 2, error: expect.stringContaining("syntax error at line 2, column 31") })]);
    const file = await render({ code: RECOVERED, lang: "c", format: "svg" });
    expect(file.headers.get("x-skipped-functions")).toBeNull();
    expect(file.headers.get("x-recovered-functions")).toBe(encodeURIComponent("погано"));
    expect(await file.text()).toContain("return x +");
  });

  test("a file answer names them in X-Skipped-Functions, percent-encoded; none → no header", async () => {
    for (const format of ["svg", "json", "pdf"]) {
      const res = await render({ code: BROKEN, lang: "c", format });
      expect(res.status).toBe(200);
      const header = res.headers.get("x-skipped-functions")!;
      expect(header).toBe(encodeURIComponent("погано"));
      expect(header.split(",").map(decodeURIComponent)).toEqual(["погано"]);
    }
    const clean = await render({ code: SMALL, lang: "python" });
    expect(clean.headers.get("x-skipped-functions")).toBeNull();
  });

  test("batch items that rendered carry their skipped functions, and recovered ones where there are some", async () => {
    const items = [{ code: BROKEN, lang: "c" }, { code: SMALL, lang: "python" }, { code: RECOVERED, lang: "c" }];
    const res = await postJson(`${server.url}/render/batch?json=1`, key, { items });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: { ok: boolean; skipped?: { name: string }[]; recovered?: { name: string }[] }[] };
    expect(body.items.map((i) => i.skipped?.map((s) => s.name))).toEqual([["погано"], [], []]);
    expect(body.items.map((i) => i.recovered?.map((s) => s.name))).toEqual([undefined, undefined, ["погано"]]);
  });

  test("the OpenAPI description documents the field and the header", async () => {
    const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as {
      components: { schemas: Record<string, { properties?: Record<string, unknown> }> };
      paths: Record<string, { post: { responses: { 200: { headers: Record<string, unknown> } } } }>;
    };
    expect(doc.components.schemas.RenderJSONResponse!.properties!.skipped).toBeDefined();
    expect(doc.components.schemas.SkippedFunction).toBeDefined();
    expect(doc.components.schemas.BatchItemResult!.properties!.skipped).toBeDefined();
    const paths = Object.keys(doc.paths).filter((p) => p.endsWith("/render"));
    expect(paths.length).toBeGreaterThan(0);
    for (const p of paths) expect(doc.paths[p]!.post.responses[200].headers["X-Skipped-Functions"]).toBeDefined();
    for (const p of paths) expect(doc.paths[p]!.post.responses[200].headers["X-Recovered-Functions"]).toBeDefined();
    expect(doc.components.schemas.RenderJSONResponse!.properties!.recovered).toBeDefined();
  });
});

describe("multipart", () => {
  const upload = (fields: Record<string, string | Blob>, name = "lab1.py", k = key) => {
    const form = new FormData();
    for (const [field, value] of Object.entries(fields)) form.append(field, value);
    if (!("file" in fields)) form.append("file", new File([SMALL], name));
    return fetch(`${server.url}/render`, { method: "POST", headers: { "x-api-key": k }, body: form });
  };

  test("the language comes from the file's extension; the name from its stem", async () => {
    const res = await upload({ format: "png", scale: "2" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("content-disposition")).toContain(`filename="lab1.png"`);
  });

  test.each(EXAMPLES)("%s uploads as %s", async (file, lang) => {
    const form = new FormData();
    form.append("file", new File([example(file)], file));
    form.append("json", "1");
    const res = await fetch(`${server.url}/render`, { method: "POST", headers: { "x-api-key": key }, body: form });
    expect(((await res.json()) as { lang: string }).lang).toBe(lang);
  });

  test("lang overrides the extension; options come as a JSON string", async () => {
    const form = new FormData();
    form.append("file", new File([example("primes.c")], "prog.txt"));
    form.append("lang", "c");
    form.append("json", "1");
    const c = await fetch(`${server.url}/render`, { method: "POST", headers: { "x-api-key": key }, body: form });
    expect(await c.json()).toMatchObject({ lang: "c", filename: "prog.svg" });
    const en = await upload({ lang: "python", options: JSON.stringify({ locale: "en" }), json: "true" }, "prog.txt");
    expect(((await en.json()) as { content: string }).content).toContain(">Start<");
  });

  test("an unknown extension without lang is unknown_lang", async () => {
    await expectError(await upload({}, "notes.txt"), 400, "unknown_lang");
  });

  test("bad options JSON, a missing file, a bad scale are bad_request", async () => {
    await expectError(await upload({ options: "{nope" }), 400, "bad_request");
    const form = new FormData();
    form.append("lang", "python");
    await expectError(await fetch(`${server.url}/render`, { method: "POST", headers: { "x-api-key": key }, body: form }), 400, "bad_request");
    await expectError(await upload({ scale: "eleven" }), 400, "bad_request");
    await expectError(await upload({ format: "gif" }), 400, "unknown_format");
  });
});

describe("charging", () => {
  test("1 credit per chart, one ledger row per render with reason render", async () => {
    const { user, key: k } = await server.user({ credits: 5 });
    const res = await render({ code: TWO_FUNCTIONS, lang: "python" }, "?json=1", k);
    expect(((await res.json()) as { creditsLeft: number }).creditsLeft).toBe(3);
    const rows = await ledgerOf(server.database.db, user.id);
    expect(rows[0]).toMatchObject({ delta: -2, balanceAfter: 3, reason: "render" });
    expect(await ledgerConsistent(server.database, user.id)).toMatchObject({ balance: 3, sum: 3 });
  });

  test("no credits → 402 no_credits before any work", async () => {
    const { key: k } = await server.user({ credits: 0 });
    await expectError(await render({ code: SMALL, lang: "python" }, "", k), 402, "no_credits");
  });

  test("more charts than credits → 402 no_credits, nothing delivered, nothing charged", async () => {
    const { user, key: k } = await server.user({ credits: 1 });
    await expectError(await render({ code: TWO_FUNCTIONS, lang: "python" }, "", k), 402, "no_credits");
    expect((await findUser(server.database.db, user.id))!.credits).toBe(1);
  });

  test("a failed render charges nothing", async () => {
    const { user, key: k } = await server.user({ credits: 2 });
    await expectError(await render({ code: "def f(:\n  pass\n", lang: "python" }, "", k), 500, "render_failed");
    await expectError(await render({ code: SMALL, lang: "python", format: "gif" }, "", k), 400, "unknown_format");
    expect((await findUser(server.database.db, user.id))!.credits).toBe(2);
  });
});

describe("Pro", () => {
  test("lang=native without Pro → 402 pro_required listing native", async () => {
    const body = await expectError(await render({ code: NATIVE, lang: "native" }), 402, "pro_required");
    expect(body.proFeatures).toEqual(["native"]);
  });

  test("custom text options without Pro → each one listed; free options need no Pro", async () => {
    const body = await expectError(await render({ code: SMALL, lang: "python", options: { yes: "+", no: "-", capFormat: "{num}" } }), 402, "pro_required");
    expect(body.proFeatures).toEqual(["yes", "no", "capFormat"]);
    const free = await render({ code: SMALL, lang: "python", options: { locale: "en", singleEnd: true, figStart: 3 } });
    expect(free.status).toBe(200);
  });

  test("with active Pro: native trees and custom texts render", async () => {
    const { key: k } = await server.user({ credits: 5, pro: true });
    expect((await render({ code: NATIVE, lang: "native" }, "", k)).status).toBe(200);
    const res = await render({ code: SMALL, lang: "python", options: { yes: "+", no: "−" } }, "", k);
    expect(await res.text()).toContain(">+<");
  });

  test("native tree limits: more than 2000 nodes or deeper than 100 → 400 bad_request", async () => {
    const { key: k } = await server.user({ credits: 5, pro: true });
    const wide = [{ name: "main", main: true, block: { stmts: Array.from({ length: 2001 }, (_, i) => ({ kind: "process", text: `x := ${i}` })) } }];
    expect((await expectError(await render({ code: JSON.stringify(wide), lang: "native" }, "", k), 400, "bad_request")).error).toContain("2000");
    let deep: object = { kind: "process", text: "x := 1" };
    for (let i = 0; i < 101; i++) deep = { kind: "while", cond: "c", body: { stmts: [deep] } };
    const tall = [{ name: "main", main: true, block: { stmts: [deep] } }];
    expect((await expectError(await render({ code: JSON.stringify(tall), lang: "native" }, "", k), 400, "bad_request")).error).toContain("100");
  });

  test("an invalid native tree is 400 bad_request with every problem and its path", async () => {
    const { key: k } = await server.user({ credits: 5, pro: true });
    const tree = [{ name: "f", block: { stmts: [{ kind: "break" }, { kind: "if", then: { stmts: [] } }] } }];
    const body = await expectError(await render({ code: JSON.stringify(tree), lang: "native" }, "", k), 400, "bad_request");
    expect(body.error).toContain("[0].block.stmts[0]: break outside a loop");
    expect(body.error).toContain("[0].block.stmts[1]");
  });
});

describe("bad requests", () => {
  test.each([
    ["malformed JSON", "{\"code\": ", "bad_request"],
    ["a JSON array", "[]", "bad_request"],
    ["code of the wrong type", { code: 5, lang: "python" }, "bad_request"],
    ["split of the wrong type", { code: SMALL, lang: "python", split: "yes" }, "bad_request"],
    ["both code and url", { code: SMALL, url: "https://gitlab.com/a.py", lang: "python" }, "bad_request"],
    ["neither code nor url", { lang: "python" }, "bad_request"],
    ["an unknown field", { code: SMALL, lang: "python", colour: "red" }, "bad_request"],
    ["an unknown option", { code: SMALL, lang: "python", options: { theme: "dark" } }, "bad_request"],
    ["a bad option value", { code: SMALL, lang: "python", options: { locale: "fr" } }, "bad_request"],
    ["scale 0", { code: SMALL, lang: "python", format: "png", scale: 0 }, "bad_request"],
    ["scale 11", { code: SMALL, lang: "python", format: "png", scale: 11 }, "bad_request"],
    ["scale 2.5", { code: SMALL, lang: "python", format: "png", scale: 2.5 }, "bad_request"],
    ["an unknown font", { code: SMALL, lang: "python", font: "Comic Sans" }, "bad_request"],
    ["code without lang", { code: SMALL }, "bad_request"],
    ["empty code", { code: "", lang: "python" }, "bad_request"],
    ["an unknown format", { code: SMALL, lang: "python", format: "gif" }, "unknown_format"],
    ["a format of the wrong type", { code: SMALL, lang: "python", format: 7 }, "unknown_format"],
    ["an unknown lang", { code: SMALL, lang: "cobol" }, "unknown_lang"],
  ])("%s → %s", async (_, body, code) => {
    const res = await render(body);
    const error = await expectError(res, 400, code);
    expect(Object.keys(error).sort()).toEqual(["code", "error"]);
  });

  test("a syntax error → 500 render_failed with line and column", async () => {
    // A broken head leaves the only function out (a statement it cannot read would be drawn: issue 20).
    const body = await expectError(await render({ code: "def f(:\n    return 1\n", lang: "python" }), 500, "render_failed");
    expect(body.error).toMatch(/line \d+, column \d+/);
  });

  test("fn that does not exist → render_failed naming the functions there are", async () => {
    const body = await expectError(await render({ code: TWO_FUNCTIONS, lang: "python", fn: "c" }), 500, "render_failed");
    expect(body.error).toContain("a, b");
  });

  test("a content type other than JSON or multipart → bad_request", async () => {
    const res = await fetch(`${server.url}/render`, { method: "POST", headers: { "x-api-key": key, "content-type": "text/plain" }, body: SMALL });
    await expectError(res, 400, "bad_request");
  });

  test("a source over 1 MiB → bad_request", async () => {
    const big = `${"x = 1\n".repeat(180_000)}`;
    const body = await expectError(await render({ code: big, lang: "python" }), 400, "bad_request");
    expect(body.error).toContain("1 MiB");
  });

  test("missing or wrong key → 401 unauthorized, before the body is looked at", async () => {
    await expectError(await render({ code: SMALL, lang: "python" }, "", ""), 401, "unauthorized");
    await expectError(await render({ code: SMALL, lang: "python" }, "", "rk_wrong"), 401, "unauthorized");
    await expectError(await render("{not json", "", `rk_${"A".repeat(43)}`), 401, "unauthorized");
  });
});

describe("body size limit", () => {
  let small: TestServer;
  let smallKey: string;
  beforeAll(async () => {
    small = await startServer({ MAX_BODY_BYTES: "4096" });
    smallKey = (await small.user({ credits: 5 })).key;
  });
  afterAll(() => small.stop());

  test("a body over MAX_BODY_BYTES → 400 bad_request (declared length)", async () => {
    const res = await postJson(`${small.url}/render`, smallKey, { code: "x = 1\n".repeat(2000), lang: "python" });
    const body = await expectError(res, 400, "bad_request");
    expect(body.error).toContain("4096");
  });

  test("a chunked body without Content-Length is cut off at the limit too", async () => {
    const chunk = new TextEncoder().encode(`{"lang":"python","code":"${"x = 1\\n".repeat(500)}`);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sent++ < 20) {
          await Bun.sleep(1);
          controller.enqueue(chunk);
        } else controller.close();
      },
    });
    const res = await fetch(`${small.url}/render`, {
      method: "POST", headers: { "x-api-key": smallKey, "content-type": "application/json" }, body: stream, duplex: "half",
    } as RequestInit);
    await expectError(res, 400, "bad_request");
    expect(sent).toBeLessThan(21);
  });
});

describe("url sources", () => {
  let sources: SourceHost;
  let admitted: TestServer;
  let admittedKey: string;

  beforeAll(async () => {
    sources = startSourceHost({
      "/repo/lab.py": () => new Response(SMALL),
      "/repo/Main.java": () => new Response(example("Diagonal.java")),
      "/repo/sort.go": () => new Response(example("sort.go")),
      "/moved.py": () => Response.redirect("/repo/lab.py", 302),
      "/away.py": () => Response.redirect("https://example.com/lab.py", 302),
      "/huge.py": () => new Response("x = 1\n".repeat(400_000)),
    });
    admitted = await startServer(sources.env);
    admittedKey = (await admitted.user({ credits: 50 })).key;
  });
  afterAll(async () => {
    await admitted.stop();
    await sources.stop();
  });

  const fromUrl = (path: string, extra: object = {}) => postJson(`${admitted.url}/render?json=1`, admittedKey, { url: `${sources.base}${path}`, ...extra });

  test("the language and the file name come from the URL", async () => {
    const res = await fromUrl("/repo/lab.py");
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ lang: "python", filename: "lab.svg" });
    const java = await fromUrl("/repo/Main.java", { format: "pdf" });
    expect(await java.json()).toMatchObject({ lang: "java", filename: "Main.pdf", encoding: "base64" });
  });

  test("a .go URL is Go (issue 27: the new languages are inferred like the others)", async () => {
    const go = await fromUrl("/repo/sort.go");
    expect(await go.json()).toMatchObject({ lang: "go", filename: "sort.svg" });
  }, 30_000);

  test("redirects inside the allowlist are followed; out of it → bad_source", async () => {
    expect((await fromUrl("/moved.py")).status).toBe(200);
    const body = await expectError(await fromUrl("/away.py"), 400, "bad_source");
    expect(body.error).toContain("example.com");
  });

  test("an upstream 404 and a source over the cap → bad_source, nothing charged", async () => {
    const before = (await (await fetch(`${admitted.url}/me`, { headers: { "x-api-key": admittedKey } })).json()) as { credits: number };
    expect((await expectError(await fromUrl("/missing.py"), 400, "bad_source")).error).toContain("404");
    expect((await expectError(await fromUrl("/huge.py"), 400, "bad_source")).error).toContain("larger than");
    const after = (await (await fetch(`${admitted.url}/me`, { headers: { "x-api-key": admittedKey } })).json()) as { credits: number };
    expect(after.credits).toBe(before.credits);
  });

  test("with the default allowlist: other hosts, http and loopback are refused", async () => {
    for (const url of ["https://example.com/a.py", "http://raw.githubusercontent.com/a/b/main/a.py", `${sources.base}/repo/lab.py`, "https://github.com/a/b/issues/1.py"]) {
      await expectError(await render({ url, lang: "python" }), 400, "bad_source");
    }
  });

  test("a URL without a known extension and without lang → unknown_lang", async () => {
    await expectError(await render({ url: "https://gitlab.com/a/b/-/raw/main/README" }), 400, "unknown_lang");
  });
});

describe("request ids", () => {
  test("every answer carries X-Request-Id; a render's ledger row refers to it", async () => {
    const { user, key: k } = await server.user({ credits: 3 });
    const ok = await render({ code: SMALL, lang: "python" }, "", k);
    const id = ok.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await ledgerOf(server.database.db, user.id))[0]!.ref).toBe(id!);
    const failed = await render({ code: SMALL, lang: "cobol" }, "", k);
    expect(failed.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(failed.headers.get("x-request-id")).not.toBe(id);
  });
});

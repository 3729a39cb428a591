/**
 * `skhema mcp` driven by the MCP SDK's own client over stdio, against a real server with a real
 * database: the six tools are listed with their input schemas, each is called, every error with a
 * code comes back as an `isError` result, and the server survives all of it.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { decodePng, isPng } from "./support/png-decode.ts";
import { cliEnv, cliHome, repoRoot } from "./support/cli.ts";
import { JAR, providerEnv, startFake } from "./support/payments.ts";
import { startServer, type TestServer } from "./support/server.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const PY = "def double(x):\n    return x * 2\n\nn = int(input())\nprint(double(n))\n";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.stop());

/** A connected client to a fresh `skhema mcp` whose key is `key` (none: no key configured). */
async function connect(key: string | undefined, url = server.url): Promise<Client> {
  const home = cliHome();
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(repoRoot, "cli/main.ts"), "mcp"],
    cwd: home.cwd,
    env: cliEnv({ XDG_CONFIG_HOME: home.config, SKHEMA_API_URL: url, SKHEMA_API_KEY: key }),
    stderr: "ignore",
  });
  const client = new Client({ name: "skhema-test", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

const call = async (client: Client, name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as CallToolResult;
const texts = (r: CallToolResult) => r.content.flatMap((c) => (c.type === "text" ? [c.text] : []));

function expectError(result: CallToolResult, code: string) {
  expect(result.isError).toBe(true);
  expect(texts(result)[0]).toStartWith(`${code}: `);
}

describe("skhema mcp", () => {
  let client: Client;
  let userId: number;
  beforeAll(async () => {
    const { user, key } = await server.user({ credits: 30 });
    userId = user.id;
    client = await connect(key);
  });
  afterAll(() => client.close());

  test("lists the six tools, each with an input schema that describes its fields", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(["balance", "gift_credits", "products", "render_flowchart", "render_report", "topup_link"]);
    const render = tools.find((t) => t.name === "render_flowchart")!;
    const props = render.inputSchema.properties as Record<string, { description?: string; enum?: string[] }>;
    for (const field of ["code", "path", "url", "lang", "format", "fn", "split", "scale", "fragment", "font", "options", "outputPath"]) {
      expect(props[field]?.description ?? "").not.toBe("");
    }
    for (const lang of ["csharp", "javascript", "typescript", "go", "php"]) expect(props.lang?.enum).toContain(lang);
    expect(props.options?.description).toContain("verbatim");
    expect(JSON.stringify(props.format)).toContain("excalidraw");
    const gift = tools.find((t) => t.name === "gift_credits")!;
    expect(gift.inputSchema.required).toEqual(["email", "qty"]);
  });

  test("render_flowchart svg: the SVG text, a PNG picture of it, the charts and the credits left", async () => {
    const result = await call(client, "render_flowchart", { code: PY, lang: "python" });
    expect(result.isError).toBeFalsy();
    const [summary, svg] = texts(result);
    expect(summary).toBe("2 chart(s); 28 credits left.");
    expect(svg).toContain("<svg");
    const image = result.content.find((c) => c.type === "image");
    expect(image).toMatchObject({ type: "image", mimeType: "image/png" });
    const png = Buffer.from((image as { data: string }).data, "base64");
    expect(isPng(png)).toBe(true);
    const grey = decodePng(png);
    expect(grey.width).toBeGreaterThan(100);
    // Black lines on white: the picture is not blank.
    // (A reduce, not Math.min(...lum): a picture of two figures has more pixels than a call may take arguments.)
    expect(grey.lum.reduce((a, b) => Math.min(a, b), 255)).toBeLessThan(64);
    expect(grey.lum.reduce((a, b) => Math.max(a, b), 0)).toBe(255);
  });

  test("render_flowchart pdf from a file path: written to the named path, returned as an embedded resource", async () => {
    const dir = cliHome().cwd;
    writeFileSync(join(dir, "lab.c"), "#include <stdio.h>\nint main(void) { int n; scanf(\"%d\", &n); printf(\"%d\", n);\n  system(\"pause\"); return 0; }\n");
    const out = join(dir, "chart.pdf");
    const result = await call(client, "render_flowchart", { path: join(dir, "lab.c"), format: "pdf", outputPath: out });
    expect(result.isError).toBeFalsy();
    expect(texts(result)[0]).toStartWith("1 chart(s); ");
    expect(texts(result)[0]).toContain(`Wrote ${out}`);
    // Runtime set-up left out of the chart is said (issue 20).
    expect(texts(result)[0]).toContain('Left out as runtime set-up (options.verbatim draws it): system("pause") (line 3).');
    expect(readFileSync(out).subarray(0, 5).toString()).toBe("%PDF-");
    const resource = result.content.find((c) => c.type === "resource") as { resource: { uri: string; mimeType: string; blob: string } };
    expect(resource.resource.mimeType).toBe("application/pdf");
    expect(resource.resource.uri).toBe(`file://${out}`);
    expect(Buffer.from(resource.resource.blob, "base64")).toEqual(readFileSync(out));
  });

  test("render_report: the files as one report document, written and embedded; a file not drawn is said", async () => {
    const dir = cliHome().cwd;
    writeFileSync(join(dir, "main.py"), PY);
    writeFileSync(join(dir, "broken.py"), "def f(:\n  pass\n");
    const out = join(dir, "report.docx");
    const result = await call(client, "render_report", { paths: [join(dir, "main.py"), join(dir, "broken.py")], outputPath: out, report: { figureWord: "Рис." } });
    expect(result.isError).toBeFalsy();
    expect(texts(result)[0]).toStartWith("2 chart(s); ");
    expect(texts(result)[0]).toContain("Not drawn: broken.py");
    expect(texts(result)[0]).toContain(`Wrote ${out}`);
    const resource = result.content.find((c) => c.type === "resource") as { resource: { mimeType: string; blob: string } };
    expect(resource.resource.mimeType).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    expect(Buffer.from(resource.resource.blob, "base64")).toEqual(readFileSync(out));
  });

  test("render_flowchart docx without a path: a temporary file; png also as an image", async () => {
    const docx = await call(client, "render_flowchart", { code: PY, lang: "python", format: "docx", options: { locale: "en" } });
    expect(docx.isError).toBeFalsy();
    const path = /Wrote (\S+) /.exec(texts(docx)[0]!)![1]!;
    expect(existsSync(path)).toBe(true);
    expect(readFileSync(path).subarray(0, 2).toString()).toBe("PK");
    const png = await call(client, "render_flowchart", { code: PY, lang: "python", format: "png", scale: 1 });
    const image = png.content.find((c) => c.type === "image") as { data: string };
    expect(isPng(Buffer.from(image.data, "base64"))).toBe(true);
  });

  test("balance: the account as JSON", async () => {
    const result = await call(client, "balance");
    expect(result.isError).toBeFalsy();
    const me = JSON.parse(texts(result)[0]!);
    expect(me).toMatchObject({ pro: false, proUntil: "" });
    const row = await server.database.client.execute({ sql: "SELECT credits FROM users WHERE id = ?", args: [userId] });
    expect(me.credits).toBe(Number(row.rows[0]!.credits));
  });

  test("errors with a code are error results, and the server goes on serving", async () => {
    expectError(await call(client, "render_flowchart", { code: PY }), "bad_request"); // no lang
    expectError(await call(client, "render_flowchart", { code: PY, lang: "python", url: "https://example.com/x.py" }), "bad_request");
    expectError(await call(client, "render_flowchart", { code: PY, lang: "python", fn: "nosuch" }), "render_failed");
    expectError(await call(client, "render_flowchart", { url: "https://example.com/lab.py" }), "bad_source");
    expectError(await call(client, "render_flowchart", { code: PY, lang: "python", options: { yes: "Авжеж" } }), "pro_required");
    expectError(await call(client, "render_flowchart", { path: "/nonexistent/lab.py" }), "usage");
    // A value the schema refuses never reaches the handler, and is an error result too.
    const invalid = await call(client, "render_flowchart", { code: PY, lang: "cobol" });
    expect(invalid.isError).toBe(true);
    // Still alive.
    expect((await call(client, "balance")).isError).toBeFalsy();
  });

  test("products, topup_link and gift_credits answer", async () => {
    const products = await call(client, "products");
    expect(products.isError).toBeFalsy();
    expect(JSON.parse(texts(products)[0]!)).toMatchObject({ credits: expect.any(Array), pro: expect.any(Array), available: false });
    // No payment provider configured on this server.
    expectError(await call(client, "topup_link", { kind: "credits_unit", qty: 10 }), "payment_unavailable");
    expectError(await call(client, "gift_credits", { email: "not-an-address", qty: 1 }), "bad_email");
    expectError(await call(client, "gift_credits", { email: "friend@example.com", qty: 1000 }), "gift_failed");
    const gift = await call(client, "gift_credits", { email: "friend@example.com", qty: 2 });
    expect(gift.isError).toBeFalsy();
    expect(JSON.parse(texts(gift)[0]!)).toMatchObject({ ok: true });
  });

  // Last in this block: it spends a credit the counts above do not expect.
  test("render_flowchart draws Go code given with lang (issue 27)", async () => {
    const result = await call(client, "render_flowchart", { code: "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfmt.Println(1)\n}\n", lang: "go", format: "json" });
    expect(result.isError).toBeFalsy();
    expect(texts(result)[0]).toStartWith("1 chart(s)");
  }, 30_000);
});

describe("skhema mcp without a usable key or service", () => {
  test("unauthorized, no_credits and network are error results", async () => {
    const none = await connect(undefined);
    try {
      expectError(await call(none, "balance"), "unauthorized");
    } finally {
      await none.close();
    }
    const wrong = await connect("rk_wrong");
    try {
      expectError(await call(wrong, "render_flowchart", { code: PY, lang: "python" }), "unauthorized");
    } finally {
      await wrong.close();
    }
    const { key } = await server.user({ credits: 0 });
    const poor = await connect(key);
    try {
      expectError(await call(poor, "render_flowchart", { code: PY, lang: "python" }), "no_credits");
    } finally {
      await poor.close();
    }
    const down = await connect("rk_x", "http://127.0.0.1:9/v1");
    try {
      expectError(await call(down, "products"), "network");
    } finally {
      await down.close();
    }
  });
});

describe("skhema mcp with a payment provider configured", () => {
  test("topup_link answers the jar link", async () => {
    const fake = startFake();
    const paid = await startServer(providerEnv(fake, { MONOBANK_POLL_INTERVAL_MS: "3600000" }));
    try {
      const { key } = await paid.user({ credits: 1 });
      const client = await connect(key, paid.url);
      try {
        const result = await call(client, "topup_link", { kind: "credits_unit", qty: 10 });
        expect(result.isError).toBeFalsy();
        expect(JSON.parse(texts(result)[0]!)).toMatchObject({ jarUrl: expect.stringContaining(JAR.sendId), comment: expect.any(String), amountKop: expect.any(Number) });
        expectError(await call(client, "topup_link", { kind: "credits", id: 999 }), "bad_request");
      } finally {
        await client.close();
      }
    } finally {
      await paid.stop();
      await fake.stop();
    }
  });
});

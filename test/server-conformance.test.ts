/**
 * Answers a black-box check of the HTTP interface found wrong, each pinned down: a body over the
 * server's maximum gets the JSON error (on the real `server/main.ts` process, whose Bun settings
 * decide it), invalid UTF-8 in a JSON body is refused (a multipart file's encoding is detected instead), and a wrong method
 * on a known path is 405 with Allow.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { expectError, ledgerConsistent, spawnServer, startServer, type SpawnedServer, type TestServer } from "./support/server.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

let server: TestServer;
let main: SpawnedServer;
let key: string;
let userId: number;

beforeAll(async () => {
  server = await startServer();
  main = await spawnServer(server.databaseUrl);
  const account = await server.user({ credits: 10 });
  key = account.key;
  userId = account.user.id;
});
afterAll(async () => {
  await main.stop();
  await server.stop();
});

const MiB = 1024 * 1024;

async function expectUntouched(): Promise<void> {
  expect(await ledgerConsistent(server.database, userId)).toEqual({ balance: 10, sum: 10, rows: 1 });
}

describe("a body over the server's maximum", () => {
  test("20 MB to every endpoint of the real server process: the Error JSON with its documented status, never a bare 413", async () => {
    const body = new Uint8Array(20 * MiB).fill(0x20); // spaces: valid JSON whitespace, just too much of it
    const cases: [string, string, number, string][] = [
      ["POST", "/render", 400, "bad_request"],
      ["POST", "/render/batch", 400, "bad_request"],
      ["POST", "/gift", 400, "bad_request"],
      ["POST", "/topup", 400, "bad_request"],
      ["POST", "/nope", 404, "not_found"],
      ["GET", "/render", 405, "method_not_allowed"],
    ];
    for (const [method, path, status, code] of cases) {
      const response = await fetch(`${main.url}${path}`, {
        method, headers: { "x-api-key": key, "content-type": "application/json" }, ...(method === "GET" ? {} : { body }),
      });
      expect(response.headers.get("content-type"), `${method} ${path}`).toContain("application/json");
      const error = await expectError(response, status, code);
      if (code === "bad_request") expect(error.error).toMatch(/larger than \d+ bytes/);
    }
    await expectUntouched();
  });
});

describe("invalid UTF-8", () => {
  // 0xC3 0x28: a lead byte followed by a byte that cannot continue it.
  const bytes = (before: string, after: string) => new Uint8Array([...new TextEncoder().encode(before), 0xc3, 0x28, ...new TextEncoder().encode(after)]);

  test("inside a JSON string → 400 bad_request on /render, /render/batch and /gift; nothing rendered or charged", async () => {
    const bodies: [string, Uint8Array<ArrayBuffer>][] = [
      ["/render", bytes('{"lang":"python","code":"print(\'', '\')\\n"}')],
      ["/render?json=1", bytes('{"lang":"python","code":"print(\'', '\')\\n"}')],
      ["/render/batch", bytes('{"items":[{"lang":"python","code":"print(\'', '\')\\n"}]}')],
      ["/gift", bytes('{"email":"a', '@example.com","qty":1}')],
    ];
    for (const [path, body] of bodies) {
      const response = await fetch(`${server.url}${path}`, { method: "POST", headers: { "x-api-key": key, "content-type": "application/json" }, body });
      const error = await expectError(response, 400, "bad_request");
      expect(error.error, path).toContain("UTF-8");
    }
    await expectUntouched();
  });

  test("the same bytes as a multipart file are a file, not JSON: read as Windows-1251 (test/server-encodings.test.ts)", async () => {
    const { key: other } = await server.user({ credits: 1 });
    const form = new FormData();
    form.append("file", new File([bytes("print('", "')\n")], "lab.py"));
    form.append("json", "1");
    const response = await fetch(`${server.url}/render`, { method: "POST", headers: { "x-api-key": other }, body: form });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { content: string }).content).toContain("Г(");
  });

  test("valid UTF-8 (Cyrillic, a BOM) still renders", async () => {
    const { key: other } = await server.user({ credits: 1 });
    const body = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(JSON.stringify({ lang: "python", code: "print('Привіт')\n", json: true }))]);
    const response = await fetch(`${server.url}/render`, { method: "POST", headers: { "x-api-key": other, "content-type": "application/json" }, body });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { content: string }).content).toContain("Привіт");
  });
});

describe("a wrong method on a known path", () => {
  const cases: [string, string, string][] = [
    ["GET", "/render", "POST"],
    ["PUT", "/render", "POST"],
    ["GET", "/render/batch", "POST"],
    ["DELETE", "/gift", "POST"],
    ["GET", "/gift", "POST"],
    ["POST", "/me", "GET, HEAD"],
    ["POST", "/health", "GET, HEAD"],
    ["POST", "/openapi.json", "GET, HEAD"],
    ["POST", "/products", "GET, HEAD"],
    ["GET", "/topup", "POST"],
  ];
  for (const withKey of [true, false]) {
    test(`405 method_not_allowed with Allow, ${withKey ? "with" : "without"} a key`, async () => {
      for (const [method, path, allow] of cases) {
        const response = await fetch(`${server.url}${path}`, { method, headers: withKey ? { "x-api-key": key } : {} });
        expect(response.headers.get("allow"), `${method} ${path}`).toBe(allow);
        const body = await expectError(response, 405, "method_not_allowed");
        expect(Object.keys(body).sort()).toEqual(["code", "error"]);
        expect(body.error).toContain(method);
      }
    });
  }

  test("the right methods still work; HEAD is answered where GET is; unknown paths stay 404", async () => {
    expect((await fetch(`${server.url}/health`, { method: "HEAD" })).status).toBe(200);
    expect((await fetch(`${server.url}/me`, { method: "HEAD", headers: { "x-api-key": key } })).status).toBe(200);
    await expectError(await fetch(`${server.url}/render/nope`, { method: "GET" }), 404, "not_found");
    await expectError(await fetch(`${server.url}/nope`, { method: "DELETE" }), 404, "not_found");
  });
});

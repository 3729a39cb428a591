/**
 * The §8 rate limit (60 requests per minute per key on /me, /topup, /gift, /products) across server
 * processes: two real `server/main.ts` processes on one database file share one budget per key.
 * The window arithmetic is checked on the counter itself with explicit times.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { countRequest } from "../server/http/rate-limit.ts";
import { expectError, spawnServer, startServer, type SpawnedServer, type TestServer } from "./support/server.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

let server: TestServer;
let processes: SpawnedServer[] = [];

beforeAll(async () => {
  server = await startServer();
  processes = await Promise.all([spawnServer(server.databaseUrl), spawnServer(server.databaseUrl)]);
});
afterAll(async () => {
  await Promise.all(processes.map((p) => p.stop()));
  await server.stop();
});

describe("rate limit across processes", () => {
  // Counted per process, each would let its 40 through (80).
  test("40 /me to each of two processes with one key: exactly 60 succeed, 20 get 429 with Retry-After", async () => {
    const { key } = await server.user({ credits: 1 });
    const calls = processes.flatMap((p) => Array.from({ length: 40 }, () => fetch(`${p.url}/me`, { headers: { "x-api-key": key } })));
    const answers = await Promise.all(calls);
    const ok = answers.filter((r) => r.status === 200);
    const limited = answers.filter((r) => r.status === 429);
    expect(ok).toHaveLength(60);
    expect(limited).toHaveLength(20);
    for (const r of limited) {
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
      expect(Number(r.headers.get("retry-after"))).toBeLessThanOrEqual(60);
      await expectError(r, 429, "rate_limited");
    }
  });

  test("the /gift budget is the same budget", async () => {
    const { key } = await server.user({ credits: 100 });
    const me = await Promise.all(Array.from({ length: 59 }, (_, i) => fetch(`${processes[i % 2]!.url}/me`, { headers: { "x-api-key": key } })));
    expect(me.every((r) => r.status === 200)).toBe(true);
    const post = (p: SpawnedServer) => fetch(`${p.url}/gift`, { method: "POST", headers: { "x-api-key": key, "content-type": "application/json" }, body: JSON.stringify({ email: "friend@example.com", qty: 1 }) });
    expect((await post(processes[0]!)).status).toBe(200);
    await expectError(await post(processes[1]!), 429, "rate_limited");
  });
});

describe("the counter", () => {
  test("a key's window opens with its first request and lasts the window; then it starts over", async () => {
    const db = server.database.db;
    const t = 1_000_000;
    expect(await countRequest(db, "window-test", 60_000, t)).toEqual({ count: 1, resetAt: t + 60_000 });
    for (let i = 2; i <= 60; i++) expect((await countRequest(db, "window-test", 60_000, t + i * 100)).count).toBe(i);
    expect(await countRequest(db, "window-test", 60_000, t + 59_999)).toEqual({ count: 61, resetAt: t + 60_000 });
    expect(await countRequest(db, "window-test", 60_000, t + 60_000)).toEqual({ count: 1, resetAt: t + 120_000 });
    expect(await countRequest(db, "other-key", 60_000, t + 60_000)).toEqual({ count: 1, resetAt: t + 120_000 });
  });
});

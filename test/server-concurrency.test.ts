/**
 * Money under pressure: parallel /render calls against one balance (one server, then two server
 * processes on the same database file) never double-spend, and a server killed with SIGKILL in the
 * middle of a batch charges nothing for the work it never delivered and leaves a database that
 * opens cleanly. Outcomes are counted, never timed.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApiKey } from "../server/accounts/keys.ts";
import { createUser } from "../server/accounts/users.ts";
import { openDatabase, type Database } from "../server/db/open.ts";
import { expectError, ledgerConsistent, postJson, spawnServer, startServer, type SpawnedServer } from "./support/server.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const SMALL = "x = int(input())\nif x > 0:\n    print(x)\nelse:\n    print(-x)\n";
/** A medium source: five functions with nested loops (five charts; their PDF figures share pages where they fit). */
const MEDIUM = readFileSync(new URL("./corpus/python/lab10_sorting.py", import.meta.url), "utf8");

const dirs: string[] = [];
const servers: SpawnedServer[] = [];
afterAll(async () => {
  for (const s of servers) if (s.process.exitCode === null && s.process.signalCode === null) await s.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A migrated database file in a fresh temp dir with one user and key; the handle is closed again. */
async function freshDatabase(credits: number): Promise<{ databaseUrl: string; userId: number; key: string }> {
  const dir = mkdtempSync(join(tmpdir(), "skhema-conc-"));
  dirs.push(dir);
  const databaseUrl = `file:${join(dir, "skhema.db")}`;
  const database = await openDatabase(databaseUrl);
  try {
    const user = await createUser(database.db, { email: `conc-${Date.now()}@example.com`, name: "Concurrency", credits });
    const { key } = await createApiKey(database.db, user.id, "test");
    return { databaseUrl, userId: user.id, key };
  } finally {
    database.close();
  }
}

async function withDatabase<T>(databaseUrl: string, use: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase(databaseUrl);
  try {
    return await use(database);
  } finally {
    database.close();
  }
}

/** A spawned server, checked to answer /health with ok. */
async function healthyServer(databaseUrl: string, env: Record<string, string> = {}): Promise<SpawnedServer> {
  const s = await spawnServer(databaseUrl, env);
  servers.push(s);
  const health = await fetch(`${s.url}/health`);
  expect(health.status).toBe(200);
  expect(((await health.json()) as { ok: boolean }).ok).toBe(true);
  return s;
}

/** These tests race 100 renders of one key against one balance: the per-key limit on renders in flight (fair use, server-pool.test.ts) is lifted. */
const UNLIMITED = { RENDER_CONCURRENCY_PER_KEY: "1000" };

const renderSmall = (url: string, key: string) => postJson(`${url}/render`, key, { code: SMALL, lang: "python", format: "svg" });

/** Status codes of the answers, counted; every 402 must be no_credits and every 200 an SVG. */
async function tally(responses: Response[]): Promise<Record<number, number>> {
  const counts: Record<number, number> = {};
  for (const res of responses) {
    counts[res.status] = (counts[res.status] ?? 0) + 1;
    if (res.status === 200) expect(await res.text()).toContain("<svg");
    else if (res.status === 402) await expectError(res, 402, "no_credits");
    else throw new Error(`unexpected ${res.status}: ${await res.text()}`);
  }
  return counts;
}

async function rowsByReason(database: Database, userId: number): Promise<Record<string, number>> {
  const result = await database.client.execute({ sql: "SELECT reason, COUNT(*) AS n FROM ledger WHERE user_id = ? GROUP BY reason", args: [userId] });
  return Object.fromEntries(result.rows.map((r) => [String(r.reason), Number(r.n)]));
}

describe("parallel /render against one balance", () => {
  test("balance 50, 100 parallel calls → exactly 50 rendered, 50 no_credits, balance 0", async () => {
    const server = await startServer(UNLIMITED);
    try {
      const { user, key } = await server.user({ credits: 50 });
      const responses = await Promise.all(Array.from({ length: 100 }, () => renderSmall(server.url, key)));
      expect(await tally(responses)).toEqual({ 200: 50, 402: 50 });
      expect(await ledgerConsistent(server.database, user.id)).toEqual({ balance: 0, sum: 0, rows: 51 });
      expect(await rowsByReason(server.database, user.id)).toEqual({ admin_grant: 1, render: 50 });
      // Every charge row is -1 and the balances after them run 49 … 0 without a gap or a repeat.
      const rows = await server.database.client.execute({ sql: "SELECT delta, balance_after FROM ledger WHERE user_id = ? AND reason = 'render' ORDER BY id", args: [user.id] });
      expect(rows.rows.map((r) => Number(r.delta))).toEqual(Array(50).fill(-1));
      expect(rows.rows.map((r) => Number(r.balance_after))).toEqual(Array.from({ length: 50 }, (_, i) => 49 - i));
    } finally {
      await server.stop();
    }
  }, 120_000);

  test("two server processes on one database file: the same guarantee", async () => {
    const { databaseUrl, userId, key } = await freshDatabase(50);
    // The second starts only once the first is serving (it has run the migrations by then).
    const a = await healthyServer(databaseUrl, UNLIMITED);
    const b = await healthyServer(databaseUrl, UNLIMITED);
    const responses = await Promise.all(Array.from({ length: 100 }, (_, i) => renderSmall(i % 2 ? a.url : b.url, key)));
    expect(await tally(responses)).toEqual({ 200: 50, 402: 50 });
    const me = (await (await fetch(`${a.url}/me`, { headers: { "x-api-key": key } })).json()) as { credits: number };
    expect(me.credits).toBe(0);
    // Graceful shutdown of both, then the file must add up.
    expect(await a.stop()).toBe(0);
    expect(await b.stop()).toBe(0);
    await withDatabase(databaseUrl, async (database) => {
      expect(await ledgerConsistent(database, userId)).toEqual({ balance: 0, sum: 0, rows: 51 });
      expect(await rowsByReason(database, userId)).toEqual({ admin_grant: 1, render: 50 });
    });
  }, 120_000);
});

describe("crash safety", () => {
  test("kill -9 during a batch: nothing charged, database intact, the restarted server renders and charges", async () => {
    // One item's source hangs until the test ends, so the batch cannot answer before the kill; the
    // other 99 are medium sources rendering to PDF meanwhile.
    let arrived!: () => void;
    const sourceRequested = new Promise<void>((resolve) => (arrived = resolve));
    let release!: () => void;
    const hang = new Promise<void>((resolve) => (release = resolve));
    const sources = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      async fetch() {
        arrived();
        await hang;
        return new Response(SMALL);
      },
    });
    try {
      const env = { SOURCE_HOSTS: `127.0.0.1:${sources.port}`, SOURCE_ALLOW_HTTP: "1", SOURCE_ALLOW_PRIVATE: "1", SOURCE_TIMEOUT_MS: "60000" };
      const { databaseUrl, userId, key } = await freshDatabase(1000);
      const first = await healthyServer(databaseUrl, env);

      const items = [{ url: `http://127.0.0.1:${sources.port}/slow.py` }, ...Array.from({ length: 99 }, () => ({ code: MEDIUM, lang: "python" }))];
      const batch = postJson(`${first.url}/render/batch`, key, { format: "pdf", items }).then(
        (res) => ({ answered: res.status }),
        (error: unknown) => ({ failed: error }),
      );
      await sourceRequested; // the batch passed its checks and is working
      await Bun.sleep(300); // let the PDF items render for a while
      first.process.kill("SIGKILL");
      await first.process.exited;
      expect(first.process.signalCode).toBe("SIGKILL");
      const outcome = await batch;
      expect(outcome).toHaveProperty("failed"); // no answer came: the work was never delivered

      const second = await healthyServer(databaseUrl, env);
      const me = (await (await fetch(`${second.url}/me`, { headers: { "x-api-key": key } })).json()) as { credits: number };
      expect(me.credits).toBe(1000);

      const res = await postJson(`${second.url}/render`, key, { code: MEDIUM, lang: "python", format: "svg" });
      expect(res.status).toBe(200);
      expect(res.headers.get("x-credits-left")).toBe("995"); // five charts
      expect(await res.text()).toContain("<svg");

      await withDatabase(databaseUrl, async (database) => {
        const integrity = await database.client.execute("PRAGMA integrity_check");
        expect(integrity.rows.map((r) => String(Object.values(r)[0]))).toEqual(["ok"]);
        expect(await ledgerConsistent(database, userId)).toEqual({ balance: 995, sum: 995, rows: 2 });
        expect(await rowsByReason(database, userId)).toEqual({ admin_grant: 1, render: 1 });
      });
      expect(await second.stop()).toBe(0);
    } finally {
      release();
      await sources.stop(true);
    }
  }, 120_000);

  test("kill -9 while renders are being charged: every delivered render is charged once, the ledger adds up", async () => {
    const { databaseUrl, userId, key } = await freshDatabase(1000);
    const first = await healthyServer(databaseUrl);
    let delivered = 0;
    let sent = 0;
    let killed = false;
    let enough!: () => void;
    const thirtyDelivered = new Promise<void>((resolve) => (enough = resolve));
    // Four clients render back to back until the server dies under them.
    const client = async () => {
      while (!killed) {
        sent++;
        try {
          const res = await renderSmall(first.url, key);
          if (res.status !== 200) throw new Error(`unexpected ${res.status}: ${await res.text()}`);
          await res.arrayBuffer();
          if (++delivered === 30) enough();
        } catch (error) {
          if (!killed) throw error;
        }
      }
    };
    const clients = Promise.all(Array.from({ length: 4 }, client));
    await Promise.race([thirtyDelivered, clients]); // a client's unexpected failure ends the wait too
    killed = true;
    first.process.kill("SIGKILL");
    await first.process.exited;
    await clients;

    const second = await healthyServer(databaseUrl);
    const charged = await withDatabase(databaseUrl, async (database) => {
      const integrity = await database.client.execute("PRAGMA integrity_check");
      expect(integrity.rows.map((r) => String(Object.values(r)[0]))).toEqual(["ok"]);
      const charged = (await rowsByReason(database, userId)).render ?? 0;
      expect(await ledgerConsistent(database, userId)).toEqual({ balance: 1000 - charged, sum: 1000 - charged, rows: 1 + charged });
      return charged;
    });
    // A render can be charged and then lost with the process before its answer left; never the reverse.
    expect(charged).toBeGreaterThanOrEqual(delivered);
    expect(charged).toBeLessThanOrEqual(sent);
    const res = await renderSmall(second.url, key);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-credits-left")).toBe(String(1000 - charged - 1));
    expect(await second.stop()).toBe(0);
  }, 120_000);
});

/**
 * The server as a process: it creates and migrates its database on first start, starts again on the
 * same file without re-applying anything, and on SIGTERM finishes what is in flight, closes the
 * database and exits 0.
 */
import { afterAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApiKey } from "../server/accounts/keys.ts";
import { createUser } from "../server/accounts/users.ts";
import { openDatabase } from "../server/db/open.ts";
import { program } from "../bench/program.ts";
import { spawnServer, startSourceHost } from "./support/server.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const dir = mkdtempSync(join(tmpdir(), "skhema-lifecycle-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("first start creates the database (and its folder) and applies the migrations once", async () => {
  const path = join(dir, "nested", "folder", "skhema.db");
  const server = await spawnServer(`file:${path}`);
  expect(await (await fetch(`${server.url}/health`)).json()).toEqual({ ok: true, version: "1.0.0", softwareVersion: expect.any(String) });
  expect(await server.stop()).toBe(0);
  expect(existsSync(path)).toBe(true);

  const again = await spawnServer(`file:${path}`);
  expect((await fetch(`${again.url}/health`)).ok).toBe(true);
  expect(await again.stop()).toBe(0);

  const database = await openDatabase(`file:${path}`);
  const applied = await database.client.execute("SELECT COUNT(*) AS n FROM __drizzle_migrations");
  const tables = await database.client.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
  database.close();
  // Each committed migration exactly once (the journal lists them), however often the server starts.
  const journal = JSON.parse(readFileSync(new URL("../server/db/migrations/meta/_journal.json", import.meta.url), "utf8")) as { entries: unknown[] };
  expect(journal.entries.length).toBeGreaterThanOrEqual(3);
  expect(Number(applied.rows[0]!.n)).toBe(journal.entries.length);
  expect(tables.rows.map((r) => r.name)).toEqual(
    expect.arrayContaining(["users", "api_keys", "ledger", "payments", "payment_items", "provider_state", "gifts", "notifications", "sessions", "outbox", "rate_limits"]),
  );
});

test("SIGTERM lets an in-flight batch finish and be charged, then exits 0 with the database closed", async () => {
  const url = `file:${join(dir, "graceful.db")}`;
  const database = await openDatabase(url);
  const user = await createUser(database.db, { email: "graceful@example.com", credits: 1000 });
  const { key } = await createApiKey(database.db, user.id);
  database.close();

  // The first item's source is held until the SIGTERM is sent: the batch is surely in flight then,
  // however slowly a busy machine got it there (a fixed sleep once decided that).
  let requested!: () => void;
  const batchWorking = new Promise<void>((resolve) => (requested = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const source = new TextEncoder().encode(program(6));
  const sources = startSourceHost({
    "/held.py": () => {
      requested();
      return new Response(new ReadableStream({ async pull(controller) { await released; controller.enqueue(source); controller.close(); } }));
    },
  });
  const server = await spawnServer(url, sources.env);
  const items = [{ url: `${sources.base}/held.py` }, ...Array.from({ length: 40 }, () => ({ code: program(6), lang: "python" }))];
  const inFlight = fetch(`${server.url}/render/batch`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-api-key": key },
    body: JSON.stringify({ items, format: "pdf", json: true }),
  });
  await batchWorking;
  server.process.kill("SIGTERM");
  release();
  const response = await inFlight;
  await sources.stop();
  expect(response.status).toBe(200);
  const body = (await response.json()) as { rendered: number; credits: number; creditsLeft: number };
  expect(body.rendered).toBe(41);
  expect(await server.process.exited).toBe(0);

  // New connections are refused once it has stopped.
  await expect(fetch(`${server.url}/health`)).rejects.toThrow();

  const reopened = await openDatabase(url);
  const integrity = await reopened.client.execute("PRAGMA integrity_check");
  const balance = await reopened.client.execute({ sql: "SELECT credits FROM users WHERE id = ?", args: [user.id] });
  reopened.close();
  expect(integrity.rows[0]![0]).toBe("ok");
  expect(Number(balance.rows[0]!.credits)).toBe(1000 - body.credits);
  expect(body.creditsLeft).toBe(1000 - body.credits);
}, 180_000);

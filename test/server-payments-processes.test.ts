/**
 * Payments across processes, with `bun server/main.ts` as separate processes on one database file and
 * the fake Monobank: a server killed with SIGKILL after reading the statement and before crediting
 * leaves nothing half-done, and the restarted server credits exactly once; two polling processes
 * credit every payment once and never call the provider sooner than the minimum interval after
 * each other (the fake refuses such a call with 429 and records it).
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FakeMonobank } from "../dev/fake-monobank/fake.ts";
import { createApiKey } from "../server/accounts/keys.ts";
import { createUser } from "../server/accounts/users.ts";
import { openDatabase, type Database } from "../server/db/open.ts";
import { balance, eventually, paymentLedger, providerEnv, rows, startFake, topup } from "./support/payments.ts";
import { ledgerConsistent, spawnServer, type SpawnedServer } from "./support/server.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const cleanup: (() => unknown)[] = [];
afterAll(async () => {
  for (const f of cleanup.splice(0).reverse()) await f();
});

async function freshDatabase(): Promise<{ databaseUrl: string; database: Database; userId: number; key: string }> {
  const dir = mkdtempSync(join(tmpdir(), "skhema-pay-"));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  const databaseUrl = `file:${join(dir, "skhema.db")}`;
  const database = await openDatabase(databaseUrl);
  cleanup.push(() => database.close());
  const user = await createUser(database.db, { email: `pay-${Date.now()}@example.com`, name: "Payer" });
  const { key } = await createApiKey(database.db, user.id, "test");
  return { databaseUrl, database, userId: user.id, key };
}

async function spawn(databaseUrl: string, env: Record<string, string>, stdout: "ignore" | "pipe" = "ignore"): Promise<SpawnedServer> {
  const server = await spawnServer(databaseUrl, env, stdout);
  cleanup.push(async () => {
    if (server.process.exitCode === null && server.process.signalCode === null) await server.stop();
  });
  return server;
}

/** Reads a piped stdout until a line matches (bounded by the stream: a killed process ends it). */
async function waitForLine(stream: ReadableStream<Uint8Array>, pattern: RegExp): Promise<string | undefined> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return undefined;
      text += decoder.decode(value, { stream: true });
      const line = text.split("\n").find((l) => pattern.test(l));
      if (line) return line;
    }
  } finally {
    reader.releaseLock();
  }
}

function fakeFor(options: Parameters<typeof startFake>[0]): FakeMonobank {
  const fake = startFake(options);
  cleanup.push(() => fake.stop());
  return fake;
}

describe("a server killed between reading the statement and crediting", () => {
  test("SIGKILL after the statement was read: nothing credited, nothing recorded; after a restart exactly one credit", async () => {
    const { databaseUrl, database, userId, key } = await freshDatabase();
    const fake = fakeFor({ minCallIntervalMs: 1 });
    const env = providerEnv(fake, { MONOBANK_MIN_CALL_INTERVAL_MS: "300", MONOBANK_POLL_INTERVAL_MS: "100" });
    const first = await spawn(databaseUrl, { ...env, PAYMENTS_TEST_PAUSE_BEFORE_CREDIT_MS: "600000" }, "pipe");
    const bought = await topup(first.url, key, { kind: "credits", id: 2 });
    await fake.pay({ comment: bought.comment, amountKop: bought.amountKop });
    const line = await waitForLine(first.process.stdout as ReadableStream<Uint8Array>, /statement read, \d+ item\(s\), [1-9]\d* incoming/);
    expect(line).toContain("1 incoming");
    first.process.kill("SIGKILL");
    expect(await first.process.exited).not.toBe(0);
    expect(first.process.signalCode).toBe("SIGKILL");

    expect(await rows(database, "SELECT COUNT(*) AS n FROM payment_items")).toEqual([{ n: 0 }]);
    expect(await rows(database, "SELECT status FROM payments")).toEqual([{ status: "pending" }]);
    expect(await ledgerConsistent(database, userId)).toEqual({ balance: 0, sum: 0, rows: 0 });

    const second = await spawn(databaseUrl, env);
    expect((await eventually(() => balance(second.url, key), (b) => b.credits === 200)).credits).toBe(200);
    const calls = fake.calls.length;
    await eventually(async () => fake.calls.length, (n) => n >= calls + 3); // the same window read again
    expect((await balance(second.url, key)).credits).toBe(200);
    expect(await paymentLedger(database, bought.comment)).toEqual([{ delta: 200, reason: "topup", balance_after: 200 }]);
    expect(await ledgerConsistent(database, userId)).toEqual({ balance: 200, sum: 200, rows: 1 });
    expect(await rows(database, "SELECT outcome, COUNT(*) AS n FROM payment_items GROUP BY outcome")).toEqual([{ outcome: "credited", n: 1 }]);
  }, 60_000);
});

describe("two polling processes on one database", () => {
  test("every payment credited once; the provider never called twice within the minimum interval", async () => {
    const { databaseUrl, database, userId, key } = await freshDatabase();
    const interval = 3000;
    // The fake refuses (429, recorded in tooSoon) any call closer than the interval, less half of it for
    // the time between a process winning the budget and its request arriving: on a machine whose cores
    // other processes keep busy, 500 ms of that scheduling delay was seen (issue 24.11). The budget's own
    // guarantee (one claim per interval, server/payments/budget.ts) does not depend on it.
    const slack = 1500;
    const fake = fakeFor({ minCallIntervalMs: interval, slackMs: slack, duplicateItems: true });
    const env = providerEnv(fake, { MONOBANK_MIN_CALL_INTERVAL_MS: String(interval), MONOBANK_POLL_INTERVAL_MS: "50" });
    const [a, b] = await Promise.all([spawn(databaseUrl, env), spawn(databaseUrl, env)]);
    const bought = [
      await topup(a.url, key, { kind: "credits_unit", qty: 3 }),
      await topup(b.url, key, { kind: "credits_unit", qty: 4 }),
      await topup(a.url, key, { kind: "credits", id: 1 }),
    ];
    for (const p of bought) await fake.pay({ comment: p.comment, amountKop: p.amountKop });
    expect((await eventually(() => balance(a.url, key), (m) => m.credits === 57)).credits).toBe(57);
    await eventually(async () => fake.calls.length, (n) => n >= 5);
    expect(fake.calls.length).toBeGreaterThanOrEqual(5);
    expect(fake.tooSoon).toEqual([]);
    const gaps = fake.calls.slice(1).map((c, i) => c.at - fake.calls[i]!.at);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(interval - slack);
    expect((await balance(b.url, key)).credits).toBe(57);
    expect(await ledgerConsistent(database, userId)).toEqual({ balance: 57, sum: 57, rows: 3 });
    expect(await rows(database, "SELECT outcome, COUNT(*) AS n FROM payment_items GROUP BY outcome")).toEqual([{ outcome: "credited", n: 3 }]);
  }, 60_000);
});

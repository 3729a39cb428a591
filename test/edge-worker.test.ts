/**
 * The edge deployment (server/edge/worker.ts, built by scripts/build-edge.ts) served by workerd
 * through miniflare on a loopback port, over miniflare's local D1 (the same SQLite-in-a-Durable-
 * Object engine as Cloudflare's), migrated with the committed migrations: the same /v1 app with
 * auth and charging, and the money guarantee under parallel renders. Outcomes are counted, never
 * timed.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createApiKey } from "../server/accounts/keys.ts";
import { createUser } from "../server/accounts/users.ts";
import { d1Client, openD1 } from "../server/db/d1.ts";
import type { Database } from "../server/db/open.ts";
import { startEdgeWorker, type EdgeWorker } from "./support/edge-worker.ts";
import { expectError, ledgerConsistent, postJson } from "./support/server.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const SMALL = "x = int(input())\nif x > 0:\n    print(x)\nelse:\n    print(-x)\n";
let worker: EdgeWorker;
let url: string;
let database: Database;
let seq = 0;

async function user(credits: number): Promise<{ userId: number; key: string }> {
  const created = await createUser(database.db, { email: `edge${++seq}@example.com`, name: "Edge", credits });
  const { key } = await createApiKey(database.db, created.id, "edge");
  return { userId: created.id, key };
}

beforeAll(async () => {
  // The money test races 100 renders of one key: the per-key limit on renders in flight (fair use) is lifted.
  worker = await startEdgeWorker({ RENDER_CONCURRENCY_PER_KEY: "1000" });
  url = worker.url;
  database = { db: openD1(worker.d1), client: d1Client(worker.d1), close: () => {} };
}, 120_000);

afterAll(async () => {
  await worker?.stop();
});

describe("the API as a worker (workerd + D1)", () => {
  test("health answers with the database", async () => {
    const res = await fetch(`${url}/health`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { ok: boolean }).ok).toBe(true);
  });

  test("/render needs a key; a render is charged one credit per chart, with its ledger row", async () => {
    await expectError(await postJson(`${url}/render`, undefined, { code: SMALL, lang: "python" }), 401, "unauthorized");
    await expectError(await postJson(`${url}/render`, "rk_not_a_key", { code: SMALL, lang: "python" }), 401, "unauthorized");
    const { userId, key } = await user(3);
    const svg = await postJson(`${url}/render`, key, { code: SMALL, lang: "python", format: "svg" });
    expect(svg.status).toBe(200);
    expect(svg.headers.get("content-type")).toContain("image/svg+xml");
    expect(await svg.text()).toContain("<svg");
    const me = (await (await fetch(`${url}/me`, { headers: { "x-api-key": key } })).json()) as { credits: number };
    expect(me.credits).toBe(2);
    expect(await ledgerConsistent(database, userId)).toEqual({ balance: 2, sum: 2, rows: 2 });
  }, 60_000);

  test("PNG and PDF render in the worker (WASM from compiled modules, fonts from data modules)", async () => {
    const { key } = await user(10);
    const png = await postJson(`${url}/render`, key, { code: SMALL, lang: "python", format: "png" });
    expect(png.status).toBe(200);
    expect([...new Uint8Array(await png.arrayBuffer()).subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
    const pdf = await postJson(`${url}/render`, key, { code: "int main(void) { for (int i = 0; i < 3; i++) {} return 0; }", lang: "c", format: "pdf" });
    expect(pdf.status).toBe(200);
    expect(new TextDecoder().decode(new Uint8Array(await pdf.arrayBuffer()).subarray(0, 5))).toBe("%PDF-");
  }, 60_000);

  test("gifts: one D1 batch moves credits with its gift row, ledger rows and queued e-mail; parallel gifts and renders never overdraw", async () => {
    const { userId: senderId, key } = await user(10);
    const recipient = await user(0);
    const email = `edge${seq}@example.com`;
    await expectError(await postJson(`${url}/gift`, key, { email, qty: 11 }), 400, "gift_failed");
    expect((await postJson(`${url}/gift`, key, { email, qty: 1 })).status).toBe(200);
    const gifts = Array.from({ length: 12 }, (_, i) => postJson(`${url}/gift`, key, { email, qty: 1 + (i % 2) }));
    const renders = Array.from({ length: 12 }, () => postJson(`${url}/render`, key, { code: SMALL, lang: "python" }));
    let gifted = 1;
    for (const [i, r] of (await Promise.all(gifts)).entries()) {
      if (r.status === 200) gifted += 1 + (i % 2);
      else await expectError(r, 400, "gift_failed");
    }
    let rendered = 0;
    for (const r of await Promise.all(renders)) {
      if (r.status === 200) rendered++;
      else await expectError(r, 402, "no_credits");
    }
    const sender = await ledgerConsistent(database, senderId);
    expect(sender.balance).toBe(10 - gifted - rendered);
    expect(sender.sum).toBe(sender.balance);
    expect(await ledgerConsistent(database, recipient.userId)).toMatchObject({ balance: gifted, sum: gifted });
    const rows = await database.client.execute({ sql: "SELECT COUNT(*) AS n FROM gifts WHERE from_user_id = ?", args: [senderId] });
    const mails = await database.client.execute({ sql: "SELECT COUNT(*) AS n FROM outbox WHERE `to` = ?", args: [email] });
    expect(Number(mails.rows[0]!.n)).toBe(Number(rows.rows[0]!.n));
  }, 120_000);

  test("balance 50, 100 parallel renders: exactly 50 succeed, 50 are refused, the ledger adds up", async () => {
    const { userId, key } = await user(50);
    const responses = await Promise.all(Array.from({ length: 100 }, () => postJson(`${url}/render`, key, { code: SMALL, lang: "python", format: "svg" })));
    const counts: Record<number, number> = {};
    for (const res of responses) {
      counts[res.status] = (counts[res.status] ?? 0) + 1;
      if (res.status === 200) expect(await res.text()).toContain("<svg");
      else await expectError(res, 402, "no_credits");
    }
    expect(counts).toEqual({ 200: 50, 402: 50 });
    expect(await ledgerConsistent(database, userId)).toEqual({ balance: 0, sum: 0, rows: 51 });
  }, 120_000);
});

/**
 * Issue 22's faster paid path — a key's lookup reused for KEY_CACHE_MS, the failure count remembered,
 * jobs and answers sealed as JSON for the workers — still charges every render and every batch once,
 * each with its one ledger row, and a reused lookup never decides against the database: a revocation
 * or a spent balance in this process counts at once, a top-up from elsewhere too (a refusal re-reads).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { ledgerOf } from "../server/accounts/credits.ts";
import { revokeApiKey } from "../server/accounts/keys.ts";
import { expectError, ledgerConsistent, postJson, startServer, type TestServer } from "./support/server.ts";

const SMALL = "def f(x):\n    return x + 1\n";
const TWO = "def f(x):\n    return x + 1\n\ndef g(x):\n    return x - 1\n";

describe("one charge per render and per batch, with its ledger row", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  test("renders in a row on one key: one ledger row each, for its charts, naming its request; the ledger sums to the balance", async () => {
    const { user, key } = await server.user({ credits: 100 });
    const ids: string[] = [];
    let expected = 100;
    for (const code of [SMALL, TWO, SMALL, TWO, SMALL]) {
      const res = await postJson(`${server.url}/render`, key, { code, lang: "python", format: "svg" });
      expect(res.status).toBe(200);
      expected -= code === TWO ? 2 : 1;
      expect(res.headers.get("x-credits-left")).toBe(String(expected));
      ids.push(res.headers.get("x-request-id")!);
      await res.arrayBuffer();
    }
    const rows = (await ledgerOf(server.database.db, user.id)).filter((r) => r.reason === "render").reverse();
    expect(rows.map((r) => r.ref)).toEqual(ids);
    expect(rows.map((r) => r.delta)).toEqual([-1, -2, -1, -2, -1]);
    expect(rows.map((r) => r.balanceAfter)).toEqual([99, 97, 96, 94, 93]);
    expect(await ledgerConsistent(server.database, user.id)).toEqual({ balance: 93, sum: 93, rows: 6 });
  }, 120_000);

  test("a batch is one ledger row for the charts of the items that rendered; the failed item costs nothing", async () => {
    const { user, key } = await server.user({ credits: 20 });
    const items = [{ code: TWO, lang: "python" }, { code: "def broken(:\n", lang: "python" }, { code: SMALL, lang: "python" }];
    const res = await postJson(`${server.url}/render/batch?json=1`, key, { format: "pdf", items });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { rendered: number; credits: number; creditsLeft: number };
    expect(body).toMatchObject({ rendered: 2, credits: 3, creditsLeft: 17 });
    const rows = (await ledgerOf(server.database.db, user.id)).filter((r) => r.reason === "batch");
    expect(rows.map((r) => [r.delta, r.balanceAfter, r.ref])).toEqual([[-3, 17, res.headers.get("x-request-id")!]]);
    expect(await ledgerConsistent(server.database, user.id)).toEqual({ balance: 17, sum: 17, rows: 2 });
  }, 120_000);

  test("many renders at once on one key: each charged once, the ledger and the balance agree", async () => {
    const { user, key } = await server.user({ credits: 30 });
    const answers = await Promise.all(Array.from({ length: 12 }, () => postJson(`${server.url}/render`, key, { code: SMALL, lang: "python", format: "svg" })));
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    const rows = (await ledgerOf(server.database.db, user.id)).filter((r) => r.reason === "render");
    expect(new Set(rows.map((r) => r.ref)).size).toBe(12);
    expect(await ledgerConsistent(server.database, user.id)).toEqual({ balance: 18, sum: 18, rows: 13 });
  }, 120_000);
});

describe("a reused key lookup never decides against the database", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  test("a key revoked in this process is refused at once, though its lookup was just reused", async () => {
    const { user, key } = await server.user({ credits: 10 });
    expect((await postJson(`${server.url}/render`, key, { code: SMALL, lang: "python" })).status).toBe(200);
    const [row] = await server.database.client.execute({ sql: "SELECT id FROM api_keys WHERE user_id = ?", args: [user.id] }).then((r) => r.rows);
    expect(await revokeApiKey(server.database.db, Number(row!.id))).toBe(true);
    await expectError(await postJson(`${server.url}/render`, key, { code: SMALL, lang: "python" }), 401, "unauthorized");
    expect((await ledgerConsistent(server.database, user.id)).balance).toBe(9);
  }, 120_000);

  test("a balance spent here is not reused: the last credit renders, the next request is refused before its body is read", async () => {
    const { key } = await server.user({ credits: 1 });
    expect((await postJson(`${server.url}/render`, key, { code: SMALL, lang: "python" })).status).toBe(200);
    const refused = await expectError(await postJson(`${server.url}/render`, key, { code: SMALL, lang: "python" }), 402, "no_credits");
    // The check before the body (render-limits.ts), not the charge after a render done for nothing.
    expect(refused.error).toBe("out of credits: top up with POST /topup");
  }, 120_000);

  test("credits that arrive from elsewhere count at once: a refusal on a reused lookup reads the key again", async () => {
    const { user, key } = await server.user({ credits: 0 });
    await expectError(await postJson(`${server.url}/render`, key, { code: SMALL, lang: "python" }), 402, "no_credits");
    // As another process (the admin command, a second server) would: straight into the database.
    await server.database.client.batch([
      { sql: "UPDATE users SET credits = credits + 2 WHERE id = ?", args: [user.id] },
      { sql: "INSERT INTO ledger (user_id, delta, balance_after, reason, ref, created_at) SELECT id, 2, credits, 'admin_grant', 'test', 0 FROM users WHERE id = ?", args: [user.id] },
    ], "write");
    expect((await postJson(`${server.url}/render`, key, { code: SMALL, lang: "python" })).status).toBe(200);
    expect(await ledgerConsistent(server.database, user.id)).toEqual({ balance: 1, sum: 1, rows: 2 });
  }, 120_000);
});

/**
 * Security probes of the payment webhook (issue 23 §2): a StatementItem posted to the secret URL
 * with a pending payment's code, but with no money in the bank's statement, gave 50 credits. Now
 * the webhook only asks for a statement read: forged and replayed events credit nothing, a genuine
 * payment is credited once, from the statement.
 */
import { afterEach, describe, expect, test } from "bun:test";
import type { FakeMonobank } from "../dev/fake-monobank/fake.ts";
import { balance, eventually, JAR, providerEnv, rows, SECRET, startFake, topup } from "./support/payments.ts";
import { ledgerConsistent, startServer, type TestServer } from "./support/server.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const open: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  for (const s of open.splice(0).reverse()) await s.stop();
});

async function setup(): Promise<{ fake: FakeMonobank; server: TestServer }> {
  const fake = startFake();
  open.push(fake);
  const server = await startServer(providerEnv(fake, { MONOBANK_WEBHOOK_SECRET: SECRET, MONOBANK_POLL_INTERVAL_MS: "3600000", MONOBANK_MIN_CALL_INTERVAL_MS: "200" }));
  open.push(server);
  return { fake, server };
}

const statementReads = (fake: FakeMonobank) => fake.calls.filter((c) => c.path === "/personal/statement" && c.status === 200).length;
const post = (server: TestServer, body: unknown) => fetch(`${server.origin}/hooks/monobank/${SECRET}`, { method: "POST", body: JSON.stringify(body) });

describe("the webhook credits only what the bank's statement holds", () => {
  test("a forged StatementItem with a pending code: the statement is read, nothing is credited or stored", async () => {
    const { fake, server } = await setup();
    const { user, key } = await server.user();
    const bought = await topup(server.url, key, { kind: "credits_unit", qty: 50 });
    const reads = statementReads(fake);
    const forged = { type: "StatementItem", data: { account: JAR.id, statementItem: { id: "forged-1", time: Math.floor(Date.now() / 1000), amount: bought.amountKop, description: "", comment: bought.comment } } };
    for (let i = 0; i < 3; i++) expect((await post(server, forged)).status).toBe(200);
    // The signal was acted on: the statement was read (and had nothing for the code).
    expect(await eventually(async () => statementReads(fake), (n) => n > reads)).toBeGreaterThan(reads);
    await Bun.sleep(500);
    expect((await balance(server.url, key)).credits).toBe(0);
    expect(await rows(server.database, "SELECT COUNT(*) AS n FROM payment_items")).toEqual([{ n: 0 }]);
    expect(await rows(server.database, "SELECT status FROM payments WHERE comment = ?", [bought.comment])).toEqual([{ status: "pending" }]);
    expect(await ledgerConsistent(server.database, user.id)).toEqual({ balance: 0, sum: 0, rows: 0 });
  }, 60_000);

  test("a forged event naming a real item with a larger amount credits the statement's amount, once", async () => {
    const { fake, server } = await setup();
    const { user, key } = await server.user();
    const bought = await topup(server.url, key, { kind: "credits_unit", qty: 10 });
    // The real payment is underpaid by 1 UAH; the forged copy claims the full amount under the same id.
    const paid = await fake.pay({ comment: bought.comment, amountKop: bought.amountKop - 100 });
    const forged = { type: "StatementItem", data: { account: JAR.id, statementItem: { id: paid.id, time: paid.time, amount: bought.amountKop, description: "", comment: bought.comment } } };
    for (let i = 0; i < 3; i++) expect((await post(server, forged)).status).toBe(200);
    const [item] = await eventually(() => rows(server.database, "SELECT outcome, amount_kop FROM payment_items WHERE id = ?", [paid.id]), (r) => r.length === 1);
    expect(item).toEqual({ outcome: "underpaid", amount_kop: bought.amountKop - 100 });
    expect((await balance(server.url, key)).credits).toBe(0); // underpaid: an operator decides
    expect(await ledgerConsistent(server.database, user.id)).toEqual({ balance: 0, sum: 0, rows: 0 });
  }, 60_000);
});

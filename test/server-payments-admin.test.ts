/**
 * The operator's payment commands (`bun server/admin.ts payments …`) as real subprocesses on the
 * database of a running server wired to the fake Monobank: listing pending payments and the items
 * waiting for a decision (with their figures), crediting an underpaid payment, giving a code-less
 * payment's money as credits, refusing an overpaid surplus — each decided once — and the provider
 * commands going through the shared call budget.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { FakeMonobank } from "../dev/fake-monobank/fake.ts";
import { adminCommand } from "./support/admin.ts";
import { balance, eventually, JAR, providerEnv, rows, SECRET, startFake, topup } from "./support/payments.ts";
import { ledgerConsistent, startServer, type TestServer } from "./support/server.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

let fake: FakeMonobank;
let server: TestServer;
let env: Record<string, string>;
beforeAll(async () => {
  fake = startFake();
  // The server polls every other call slot (the bank's minimum gap here is 200 ms), so the admin
  // command's own provider calls find a free slot instead of racing a poller that takes every one.
  env = providerEnv(fake, { MONOBANK_WEBHOOK_SECRET: SECRET, MONOBANK_POLL_INTERVAL_MS: "400" });
  server = await startServer(env);
});
afterAll(async () => {
  await server.stop();
  await fake.stop();
});

const { ok, refused } = adminCommand(() => ({ ...env, DATABASE_URL: server.databaseUrl }));

interface ReviewItem {
  id: string;
  outcome: string;
  review: string | null;
  amountKop: number;
  priceKop?: number;
  differenceKop?: number;
  paymentId: number | null;
  reviewNote: string;
}

describe("npm run admin -- payments …", () => {
  test("list, review with figures, resolve by credit, by credits to an account, by refusal — each once", async () => {
    const { user, key } = await server.user({ email: "buyer@example.com" });
    const under = await topup(server.url, key, { kind: "credits", id: 1 }); // 90 UAH, 50 credits
    const over = await topup(server.url, key, { kind: "credits_unit", qty: 5 }); // 10 UAH
    const underItem = await fake.pay({ comment: under.comment, amountKop: 8500 });
    const overItem = await fake.pay({ comment: over.comment, amountKop: 1550 });
    const codeless = await fake.pay({ comment: "за кредити, buyer@example.com", amountKop: 6000 });
    await eventually(async () => (await rows(server.database, "SELECT COUNT(*) AS n FROM payment_items"))[0]!.n, (n) => n === 3);
    expect((await balance(server.url, key)).credits).toBe(5);

    const pending = await ok<{ comment: string; status: string; amountKop: number; email: string }[]>("payments", "list", "--status", "pending");
    expect(pending.map((p) => [p.comment, p.status, p.amountKop, p.email])).toEqual([[under.comment, "pending", 9000, "buyer@example.com"]]);

    const open = await ok<ReviewItem[]>("payments", "review");
    const byId = new Map(open.map((i) => [i.id, i]));
    expect(open).toHaveLength(3);
    expect(byId.get(underItem.id)).toMatchObject({ outcome: "underpaid", review: "open", amountKop: 8500, priceKop: 9000, differenceKop: -500 });
    expect(byId.get(overItem.id)).toMatchObject({ outcome: "overpaid", review: "open", amountKop: 1550, priceKop: 1000, differenceKop: 550 });
    expect(byId.get(codeless.id)).toMatchObject({ outcome: "no_code", review: "open", amountKop: 6000, paymentId: null });

    // The payer sent the missing 5 UAH another way: the operator completes the payment.
    const credited = await ok("payments", "resolve", "--item", underItem.id, "--credit", "--note", "rest paid by card, receipt 123");
    expect(credited).toMatchObject({ review: "credited", reviewNote: "rest paid by card, receipt 123" });
    expect((await balance(server.url, key)).credits).toBe(55);
    expect(await rows(server.database, "SELECT status, provider_ref FROM payments WHERE comment = ?", [under.comment])).toEqual([{ status: "paid", provider_ref: underItem.id }]);
    await refused(/not waiting for a decision/, "payments", "resolve", "--item", underItem.id, "--credit", "--note", "again");
    expect((await balance(server.url, key)).credits).toBe(55);

    // A code-less payment whose payer is known: its money as credits.
    await ok("payments", "resolve", "--item", codeless.id, "--credit", "--email", "buyer@example.com", "--credits", "30", "--note", "wrote in the comment");
    expect((await balance(server.url, key)).credits).toBe(85);
    expect(await rows(server.database, "SELECT delta, reason FROM ledger WHERE ref = ?", [`item:${codeless.id}`])).toEqual([{ delta: 30, reason: "topup" }]);
    await refused(/not waiting for a decision/, "payments", "resolve", "--item", codeless.id, "--credit", "--email", "buyer@example.com", "--credits", "30", "--note", "x");

    // The surplus of the overpaid one was refunded outside the service.
    await ok("payments", "resolve", "--item", overItem.id, "--refuse", "--note", "5.50 UAH refunded");
    expect((await balance(server.url, key)).credits).toBe(85);

    expect(await ok<ReviewItem[]>("payments", "review")).toEqual([]);
    const all = await ok<ReviewItem[]>("payments", "review", "--all");
    expect(all.map((i) => [i.id, i.outcome, i.review]).sort()).toEqual(
      [[underItem.id, "underpaid", "credited"], [overItem.id, "overpaid", "refused"], [codeless.id, "no_code", "credited"]].sort(),
    );
    expect(await ledgerConsistent(server.database, user.id)).toEqual({ balance: 85, sum: 85, rows: 3 });
  });

  test("refusals: no note, both or neither decision, an unknown item, credits to nobody", async () => {
    const item = await fake.pay({ comment: "nothing", amountKop: 100 });
    await eventually(async () => (await rows(server.database, "SELECT COUNT(*) AS n FROM payment_items WHERE id = ?", [item.id]))[0]!.n, (n) => n === 1);
    await refused(/--note is required/, "payments", "resolve", "--item", item.id, "--refuse");
    await refused(/exactly one of --refuse and --credit/, "payments", "resolve", "--item", item.id, "--refuse", "--credit", "--note", "x");
    await refused(/exactly one of --refuse and --credit/, "payments", "resolve", "--item", item.id, "--note", "x");
    await refused(/no statement item nope/, "payments", "resolve", "--item", "nope", "--refuse", "--note", "x");
    await refused(/names no payment/, "payments", "resolve", "--item", item.id, "--credit", "--note", "x");
    await refused(/no user ghost@example.com/, "payments", "resolve", "--item", item.id, "--credit", "--email", "ghost@example.com", "--credits", "1", "--note", "x");
    await refused(/--status must be one of/, "payments", "list", "--status", "lost");
    expect(await rows(server.database, "SELECT review FROM payment_items WHERE id = ?", [item.id])).toEqual([{ review: "open" }]);
  });

  test("provider: the token's jars; webhook: the bank checks the URL and then posts to it", async () => {
    const info = await ok<{ jars: { id: string; sendId: string }[] }>("payments", "provider");
    expect(info.jars.map((j) => [j.id, j.sendId])).toEqual([[JAR.id, JAR.sendId]]);
    const hook = `${server.origin}/hooks/monobank/${SECRET}`;
    expect(await ok("payments", "webhook", "--url", hook)).toEqual({ webHookUrl: hook });
    expect(fake.webhookUrl).toBe(hook);
    expect(fake.tooSoon).toEqual([]);
  });
});

/**
 * Crediting payments against the fake Monobank, with the production client, poller and webhook:
 * a top-up is credited at the next statement poll; the webhook has the statement read at once; duplicated,
 * shuffled and replayed items (statement windows overlap, webhooks repeat) credit once; 429, 5xx and
 * slow answers only delay; Pro extends from the later of now and the current expiry; an expired
 * payment paid later, an underpaid, an overpaid, a code-less and a repeated payment are recorded
 * for the operator. Every figure is read from the API and the database.
 */
import { afterAll, afterEach, describe, expect, test } from "bun:test";
import type { FakeMonobank } from "../dev/fake-monobank/fake.ts";
import { MonobankClient } from "../server/payments/monobank.ts";
import { settleItem } from "../server/payments/settle.ts";
import { StatementPoller } from "../server/payments/poller.ts";
import { loadConfig } from "../server/config.ts";
import { balance, eventually, JAR, paymentLedger, providerEnv, rows, SECRET, startFake, TOKEN, topup } from "./support/payments.ts";
import { expectError, ledgerConsistent, startServer, type TestServer } from "./support/server.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const DAY = 86_400_000;
const open: { stop(): Promise<void> }[] = [];
afterEach(async () => {
  for (const s of open.splice(0).reverse()) await s.stop();
});
afterAll(async () => {
  for (const s of open.splice(0).reverse()) await s.stop();
});

async function setup(fakeOptions: Parameters<typeof startFake>[0] = {}, env: Record<string, string> = {}): Promise<{ fake: FakeMonobank; server: TestServer }> {
  const fake = startFake(fakeOptions);
  open.push(fake);
  const server = await startServer(providerEnv(fake, env));
  open.push(server);
  return { fake, server };
}

const statementCalls = (fake: FakeMonobank) => fake.calls.filter((c) => c.path === "/personal/statement" && c.status === 200).length;

/** Waits until the fake has answered `more` further statement calls (bounded). */
async function polls(fake: FakeMonobank, more: number): Promise<void> {
  const target = statementCalls(fake) + more;
  const reached = await eventually(async () => statementCalls(fake), (n) => n >= target);
  expect(reached).toBeGreaterThanOrEqual(target);
}

const item = (server: TestServer, id: string) => rows(server.database, "SELECT * FROM payment_items WHERE id = ?", [id]);

describe("the statement poller", () => {
  test("a paid top-up is credited at the next poll: balance, one ledger row, paid status with the item as reference, a notification", async () => {
    const { fake, server } = await setup();
    const { user, key } = await server.user({ credits: 3 });
    const bought = await topup(server.url, key, { kind: "credits_unit", qty: 10 });
    await polls(fake, 1); // nothing to credit yet
    expect((await balance(server.url, key)).credits).toBe(3);

    const paid = await fake.pay({ comment: `Оплата ${bought.comment.toLowerCase()}`, amountKop: bought.amountKop });
    const me = await eventually(() => balance(server.url, key), (b) => b.credits === 13);
    expect(me.credits).toBe(13);
    expect(await paymentLedger(server.database, bought.comment)).toEqual([{ delta: 10, reason: "topup", balance_after: 13 }]);
    const [payment] = await rows(server.database, "SELECT status, provider_ref, paid_at FROM payments WHERE comment = ?", [bought.comment]);
    expect(payment).toMatchObject({ status: "paid", provider_ref: paid.id });
    expect(await item(server, paid.id)).toEqual([expect.objectContaining({ outcome: "credited", review: null, amount_kop: 2000, source: "poll", account: JAR.id })]);
    const notes = await rows(server.database, "SELECT kind, payload FROM notifications WHERE user_id = ?", [user.id]);
    expect(notes).toHaveLength(1);
    expect(notes[0]!.kind).toBe("payment_paid");
    expect(JSON.parse(String(notes[0]!.payload))).toMatchObject({ kind: "credits_unit", credits: 10, amountKop: 2000, label: "10 credits" });

    const mail = await rows(server.database, "SELECT kind, subject, text FROM outbox WHERE \"to\" = ?", [user.email]);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ kind: "payment", subject: "«Схема»: оплату отримано — 10 credits" });
    expect(String(mail[0]!.text)).toContain(`20 грн (код ${bought.comment})`);
    expect(String(mail[0]!.text)).toContain("10 кредитів");

    await polls(fake, 3); // the same item in every overlapping window
    expect((await balance(server.url, key)).credits).toBe(13);
    expect(await ledgerConsistent(server.database, user.id)).toEqual({ balance: 13, sum: 13, rows: 2 });
    expect(await rows(server.database, "SELECT COUNT(*) AS n FROM outbox WHERE \"to\" = ?", [user.email])).toEqual([{ n: 1 }]);
    expect(await rows(server.database, "SELECT COUNT(*) AS n FROM notifications WHERE user_id = ?", [user.id])).toEqual([{ n: 1 }]);
  });

  test("duplicated and shuffled statement items, several payments: each credited exactly once", async () => {
    const { fake, server } = await setup({ duplicateItems: true, shuffleItems: true });
    const { user, key } = await server.user();
    const bought = [];
    for (const qty of [2, 3, 5]) bought.push(await topup(server.url, key, { kind: "credits_unit", qty }));
    const pack = await topup(server.url, key, { kind: "credits", id: 1 });
    for (const b of [...bought, pack]) await fake.pay({ comment: b.comment, amountKop: b.amountKop });
    await fake.pay({ comment: "not ours", amountKop: -5000 }); // money going out of the jar: ignored
    const me = await eventually(() => balance(server.url, key), (b) => b.credits === 60);
    expect(me.credits).toBe(60);
    await polls(fake, 3);
    expect((await balance(server.url, key)).credits).toBe(60);
    expect(await ledgerConsistent(server.database, user.id)).toEqual({ balance: 60, sum: 60, rows: 4 });
    expect(await rows(server.database, "SELECT outcome, COUNT(*) AS n FROM payment_items GROUP BY outcome")).toEqual([{ outcome: "credited", n: 4 }]);
  });

  test("a window with more items than one answer holds (500): the older ones are read next, none is missed", async () => {
    const { fake, server } = await setup({}, { MONOBANK_POLL_INTERVAL_MS: "3600000", MONOBANK_MIN_CALL_INTERVAL_MS: "3600000" });
    const { key } = await server.user();
    const bought = await topup(server.url, key, { kind: "credits_unit", qty: 9 });
    const now = Math.floor(Date.now() / 1000);
    // 700 donations over the last 350 s (inside the poll's overlap with its last window); the payment is
    // among the oldest, left out of the first answer (newest first, at most 500).
    for (let i = 0; i < 700; i++) {
      const time = now - 350 + Math.floor(i / 2);
      await fake.pay(i === 20 ? { comment: bought.comment, amountKop: bought.amountKop, time } : { comment: `donation ${i}`, amountKop: 100 + i, time });
    }
    const config = loadConfig(providerEnv(fake, { MONOBANK_MIN_CALL_INTERVAL_MS: "1" })).payments.monobank!;
    const poller = new StatementPoller(server.database.db, config);
    const first = await poller.pollOnce(Date.now() + 10);
    expect([first.called, first.items, first.recorded]).toEqual([true, 500, 500]);
    expect((await balance(server.url, key)).credits).toBe(0); // the payment is in the part not answered yet
    const second = await poller.pollOnce(Date.now() + 20);
    expect(second.called).toBe(true);
    expect(second.recorded).toBe(200);
    expect((await balance(server.url, key)).credits).toBe(9);
    expect(await rows(server.database, "SELECT COUNT(*) AS n FROM payment_items")).toEqual([{ n: 700 }]);
    const [state] = await rows(server.database, "SELECT cursor, gap_to, reached_to FROM provider_state");
    expect(state!.gap_to).toBeNull();
    expect(state!.reached_to).toBeNull();
    expect(Number(state!.cursor)).toBeGreaterThanOrEqual(now * 1000);
  });

  test("429, 5xx and a slow answer delay the credit, never lose it; the failures back off and then reset", async () => {
    const { fake, server } = await setup({}, { MONOBANK_TIMEOUT_MS: "300", MONOBANK_MAX_BACKOFF_MS: "400" });
    const { key } = await server.user();
    const bought = await topup(server.url, key, { kind: "credits", id: 1 });
    await fake.pay({ comment: bought.comment, amountKop: bought.amountKop });
    fake.faults.push({ status: 429 }, { status: 500 }, { slowMs: 1000 }, { status: 503 });
    const me = await eventually(() => balance(server.url, key), (b) => b.credits === 50);
    expect(me.credits).toBe(50);
    const failed = fake.calls.filter((c) => c.status !== 200).map((c) => c.status);
    expect(failed).toEqual([429, 500, 503]); // the slow one answered 200 after the client gave up
    const [state] = await rows(server.database, "SELECT failures, not_before FROM provider_state");
    expect(state).toEqual({ failures: 0, not_before: 0 });
    expect(fake.tooSoon).toEqual([]);
  });
});

describe("the development loop (README's worked example)", () => {
  test("the jarUrl opens the fake's jar page; paying there credits the account", async () => {
    const fake = startFake();
    open.push(fake);
    const server = await startServer(providerEnv(fake, { MONOBANK_SEND_URL: `${fake.url}/jar/` }));
    open.push(server);
    const { key } = await server.user();
    const bought = await topup(server.url, key, { kind: "credits", id: 3 });
    expect(bought.jarUrl).toBe(`${fake.url}/jar/${JAR.sendId}?a=1400&t=${bought.comment}`);
    const page = await (await fetch(bought.jarUrl)).text();
    expect(page).toContain(`value="${bought.comment}"`);
    expect(page).toContain('value="1400"');
    const form = new URLSearchParams({ a: "1400", t: bought.comment });
    expect((await fetch(bought.jarUrl, { method: "POST", body: form })).status).toBe(200);
    expect((await eventually(() => balance(server.url, key), (b) => b.credits === 1000)).credits).toBe(1000);
  });
});

describe("the crediting function under concurrency (what the transaction itself guarantees)", () => {
  test("the same item settled 20 times at once, and 10 different items paying one code at once: one credit", async () => {
    const { server } = await setup({}, { MONOBANK_POLL_INTERVAL_MS: "3600000", MONOBANK_MIN_CALL_INTERVAL_MS: "3600000" });
    const { user, key } = await server.user();
    const a = await topup(server.url, key, { kind: "credits_unit", qty: 7 });
    const now = Math.floor(Date.now() / 1000);
    const same = { id: "same-item", time: now, amount: a.amountKop, comment: a.comment };
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => settleItem(server.database.db, JAR.id, same, i % 2 ? "poll" : "webhook")));
    expect(results.filter((r) => r.recorded)).toHaveLength(1);
    const b = await topup(server.url, key, { kind: "credits_unit", qty: 11 });
    const racing = await Promise.all(Array.from({ length: 10 }, (_, i) => settleItem(server.database.db, JAR.id, { id: `race-${i}`, time: now, amount: b.amountKop, comment: b.comment }, "poll")));
    expect(racing.filter((r) => r.recorded)).toHaveLength(10); // every item is recorded…
    const outcomes = await rows(server.database, "SELECT outcome, COUNT(*) AS n FROM payment_items WHERE id LIKE 'race-%' GROUP BY outcome ORDER BY outcome");
    expect(outcomes).toEqual([{ outcome: "already_paid", n: 9 }, { outcome: "credited", n: 1 }]); // …one of them paid
    expect((await balance(server.url, key)).credits).toBe(18);
    expect(await ledgerConsistent(server.database, user.id)).toEqual({ balance: 18, sum: 18, rows: 2 });
    expect(await rows(server.database, "SELECT COUNT(*) AS n FROM notifications WHERE user_id = ?", [user.id])).toEqual([{ n: 2 }]);
    expect(await rows(server.database, "SELECT COUNT(*) AS n FROM outbox WHERE kind = 'payment' AND \"to\" = ?", [user.email])).toEqual([{ n: 2 }]);
  });
});

describe("the webhook", () => {
  // Polls an hour apart: a credit within the test comes from the read the webhook asked for.
  const hookEnv = { MONOBANK_WEBHOOK_SECRET: SECRET, MONOBANK_POLL_INTERVAL_MS: "3600000", MONOBANK_MIN_CALL_INTERVAL_MS: "300" };

  test("set through the client (the bank's GET check answers 200), it has the statement read at once; repeated events credit once", async () => {
    const { fake, server } = await setup({ webhookCopies: 3 }, hookEnv);
    const hook = `${server.origin}/hooks/monobank/${SECRET}`;
    await new MonobankClient({ apiUrl: fake.url, token: TOKEN, timeoutMs: 5000 }).setWebhook(hook);
    expect(fake.webhookUrl).toBe(hook);
    const { user, key } = await server.user();
    const bought = await topup(server.url, key, { kind: "pro", id: 2 });
    const before = Date.now();
    const paid = await fake.pay({ comment: bought.comment, amountKop: bought.amountKop });
    expect(fake.deliveries).toEqual([{ itemId: paid.id, status: 200 }, { itemId: paid.id, status: 200 }, { itemId: paid.id, status: 200 }]);
    // Within the bank's call limit of the start's first read (300 ms here, a minute for the real bank).
    const me = await eventually(() => balance(server.url, key), (b) => b.credits === 1500);
    expect(me.credits).toBe(1500);
    expect(me.pro).toBe(true);
    expect(Date.parse(me.proUntil) - before).toBeGreaterThan(365 * DAY - 60_000);
    expect(Date.parse(me.proUntil) - before).toBeLessThan(365 * DAY + 60_000);
    expect(await paymentLedger(server.database, bought.comment)).toEqual([{ delta: 1500, reason: "pro_bonus", balance_after: 1500 }]);
    expect(await item(server, paid.id)).toEqual([expect.objectContaining({ outcome: "credited", source: "webhook" })]);
    expect(await ledgerConsistent(server.database, user.id)).toEqual({ balance: 1500, sum: 1500, rows: 1 });
  });

  test("a wrong secret is 404; items of the owner's other accounts are acknowledged and not stored; a non-event is 400", async () => {
    const { server } = await setup({}, hookEnv);
    await expectError(await fetch(`${server.origin}/hooks/monobank/${SECRET.replace(/.$/, "x")}`), 404, "not_found");
    await expectError(await fetch(`${server.origin}/hooks/monobank/${SECRET.replace(/.$/, "x")}`, { method: "POST", body: "{}" }), 404, "not_found");
    expect((await fetch(`${server.origin}/hooks/monobank/${SECRET}`)).status).toBe(200);
    const card = { type: "StatementItem", data: { account: "card-account-1", statementItem: { id: "card-1", time: 1, amount: 100000, description: "salary", comment: "SK-ABCDEFGH" } } };
    expect((await fetch(`${server.origin}/hooks/monobank/${SECRET}`, { method: "POST", body: JSON.stringify(card) })).status).toBe(200);
    expect(await rows(server.database, "SELECT COUNT(*) AS n FROM payment_items")).toEqual([{ n: 0 }]);
    await expectError(await fetch(`${server.origin}/hooks/monobank/${SECRET}`, { method: "POST", body: "not json" }), 400, "bad_request");
  });

  test("without a configured secret there is no webhook route", async () => {
    const { server } = await setup({}, { MONOBANK_POLL_INTERVAL_MS: "3600000" });
    await expectError(await fetch(`${server.origin}/hooks/monobank/${SECRET}`), 404, "not_found");
  });
});

describe("Pro", () => {
  test("a second tier extends from the current expiry, not from now; the bonus is a pro_bonus ledger row", async () => {
    const { fake, server } = await setup();
    const { user, key } = await server.user();
    const start = Date.now();
    for (let i = 1; i <= 2; i++) {
      const bought = await topup(server.url, key, { kind: "pro", id: 1 });
      await fake.pay({ comment: bought.comment, amountKop: bought.amountKop });
      await eventually(() => balance(server.url, key), (b) => b.credits === 100 * i);
    }
    const me = await balance(server.url, key);
    expect(me.credits).toBe(200);
    const left = Date.parse(me.proUntil) - start;
    expect(left).toBeGreaterThan(60 * DAY - 60_000);
    expect(left).toBeLessThan(60 * DAY + 60_000);
    expect(await rows(server.database, "SELECT reason, delta FROM ledger WHERE user_id = ? ORDER BY id", [user.id])).toEqual([
      { reason: "pro_bonus", delta: 100 }, { reason: "pro_bonus", delta: 100 },
    ]);
  });
});

describe("payments that are not simply credited", () => {
  test("expired, then paid: marked expired by the poller, credited when paid, listed as late", async () => {
    const { fake, server } = await setup({}, { PAYMENT_TTL_HOURS: "1" });
    const { key } = await server.user();
    const bought = await topup(server.url, key, { kind: "credits", id: 1 });
    await server.database.client.execute({ sql: "UPDATE payments SET expires_at = ? WHERE comment = ?", args: [Date.now() - 1000, bought.comment] });
    const status = await eventually(
      async () => (await rows(server.database, "SELECT status FROM payments WHERE comment = ?", [bought.comment]))[0]!.status,
      (s) => s === "expired",
    );
    expect(status).toBe("expired");
    const paid = await fake.pay({ comment: bought.comment, amountKop: bought.amountKop });
    expect((await eventually(() => balance(server.url, key), (b) => b.credits === 50)).credits).toBe(50);
    expect(await item(server, paid.id)).toEqual([expect.objectContaining({ outcome: "late", review: null })]);
    expect((await rows(server.database, "SELECT status FROM payments WHERE comment = ?", [bought.comment]))[0]!.status).toBe("paid");
  });

  test("underpaid, overpaid, code-less, unknown code, and a second payment of a paid code: recorded for the operator with the figures", async () => {
    const { fake, server } = await setup();
    const { user, key } = await server.user();
    const under = await topup(server.url, key, { kind: "credits", id: 1 }); // 90 UAH
    const over = await topup(server.url, key, { kind: "credits_unit", qty: 5 }); // 10 UAH
    const items = {
      under: await fake.pay({ comment: under.comment, amountKop: under.amountKop - 1 }),
      over: await fake.pay({ comment: over.comment, amountKop: over.amountKop + 550 }),
      again: await fake.pay({ comment: over.comment, amountKop: over.amountKop }),
      codeless: await fake.pay({ amountKop: 12345 }),
      chatty: await fake.pay({ comment: "дякую за сервіс", amountKop: 100 }),
      unknown: await fake.pay({ comment: "SK-ABCDEFGH", amountKop: 9000 }),
    };
    await eventually(async () => (await rows(server.database, "SELECT COUNT(*) AS n FROM payment_items"))[0]!.n, (n) => n === 6);
    const outcome = async (id: string) => (await item(server, id))[0];
    expect(await outcome(items.under.id)).toMatchObject({ outcome: "underpaid", review: "open", amount_kop: 8999 });
    expect(await outcome(items.over.id)).toMatchObject({ outcome: "overpaid", review: "open", amount_kop: 1550 });
    expect(await outcome(items.again.id)).toMatchObject({ outcome: "already_paid", review: "open", amount_kop: 1000 });
    expect(await outcome(items.codeless.id)).toMatchObject({ outcome: "no_code", review: "open", payment_id: null });
    expect(await outcome(items.chatty.id)).toMatchObject({ outcome: "no_code", review: "open" });
    expect(await outcome(items.unknown.id)).toMatchObject({ outcome: "unknown_code", review: "open", payment_id: null });
    // Only the overpaid purchase was credited (its price's worth); the underpaid one waits.
    expect((await balance(server.url, key)).credits).toBe(5);
    expect(await ledgerConsistent(server.database, user.id)).toEqual({ balance: 5, sum: 5, rows: 1 });
    expect(await rows(server.database, "SELECT status FROM payments WHERE comment IN (?, ?) ORDER BY id", [under.comment, over.comment])).toEqual([{ status: "pending" }, { status: "paid" }]);
  });
});

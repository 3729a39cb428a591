/**
 * POST /v1/gift (interface.md §4.5, §7, §8) on a real server, database and SMTP server: credits
 * move in one transaction with a gift row, two ledger rows that refer to it, a notification and an
 * e-mail in the recipient's language; an unknown recipient gets an account that waits for its first
 * sign-in; every §7 error of /gift changes nothing; parallel gifts and renders never overdraw; an
 * SMTP outage delays the e-mail but not the gift.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createApiKey } from "../server/accounts/keys.ts";
import { createUser } from "../server/accounts/users.ts";
import { expectError, ledgerConsistent, postJson, startServer, type TestServer } from "./support/server.ts";
import { startSmtp, type TestSmtp } from "./support/smtp.ts";
import { busyMachineTimeouts, WAIT_MS } from "./support/timeouts.ts";

busyMachineTimeouts();

let server: TestServer;
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({
    SMTP_URL: smtp.url, SMTP_FROM: "Skhema <gifts@skhema.example>", PUBLIC_BASE_URL: "https://skhema.example",
    MAIL_POLL_MS: "100", MAIL_RETRY_BASE_MS: "100", MAIL_RETRY_MAX_MS: "400",
  });
});
afterAll(async () => {
  await server.stop();
  await smtp.stop();
});

const gift = (key: string | undefined, body: unknown) => postJson(`${server.url}/gift`, key, body);

async function query(sql: string, ...args: (string | number)[]) {
  return (await server.database.client.execute({ sql, args })).rows;
}

async function credits(email: string): Promise<number | undefined> {
  const [row] = await query("SELECT credits FROM users WHERE email = ?", email);
  return row === undefined ? undefined : Number(row.credits);
}

/** Rows of the tables a gift writes: an error must leave them as they were. */
async function footprint() {
  const [row] = await query(
    "SELECT (SELECT COUNT(*) FROM gifts) AS gifts, (SELECT COUNT(*) FROM ledger) AS ledger, (SELECT COUNT(*) FROM users) AS users, " +
      "(SELECT COUNT(*) FROM notifications) AS notifications, (SELECT COUNT(*) FROM outbox) AS outbox",
  );
  return { ...row };
}

/** Bounded wait until every queued mail has been sent (so a test's outage hits only its own mail). */
async function outboxDrained(): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while ((await query("SELECT id FROM outbox WHERE status <> 'sent'")).length > 0) {
    if (Date.now() > deadline) throw new Error(`outbox not drained within ${WAIT_MS} ms`);
    await Bun.sleep(20);
  }
}

describe("POST /v1/gift", () => {
  test("to an existing account: balances, one gift row, ledger rows referring to it, a notification, an English e-mail", async () => {
    const { user: sender, key } = await server.user({ credits: 10 });
    const recipient = await createUser(server.database.db, { email: "reader@example.com", name: "Reader", credits: 1, locale: "en" });
    const before = smtp.messages.length;

    const response = await gift(key, { email: " Reader@Example.COM ", qty: 4 });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, credits: 6 });
    expect(await credits(sender.email)).toBe(6);
    expect(await credits("reader@example.com")).toBe(5);

    const [giftRow] = await query("SELECT * FROM gifts WHERE from_user_id = ?", sender.id);
    expect(giftRow).toMatchObject({ to_user_id: recipient.id, qty: 4 });
    const ledger = await query("SELECT user_id, delta, balance_after, reason, ref FROM ledger WHERE ref = ? ORDER BY id", `gift:${giftRow!.id}`);
    expect(ledger.map((r) => ({ ...r }) as Record<string, unknown>)).toEqual([
      { user_id: sender.id, delta: -4, balance_after: 6, reason: "gift_out", ref: `gift:${giftRow!.id}` },
      { user_id: recipient.id, delta: 4, balance_after: 5, reason: "gift_in", ref: `gift:${giftRow!.id}` },
    ]);
    for (const id of [sender.id, recipient.id]) {
      const { balance, sum } = await ledgerConsistent(server.database, id);
      expect(sum).toBe(balance);
    }
    const [notification] = await query("SELECT kind, payload, read_at FROM notifications WHERE user_id = ?", recipient.id);
    expect(notification!.kind).toBe("gift");
    expect(JSON.parse(String(notification!.payload))).toEqual({ giftId: giftRow!.id, from: "Test User", qty: 4 });
    expect(notification!.read_at).toBeNull();

    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect((mail!.to as { text: string }).text).toBe("reader@example.com");
    expect(mail!.from?.text).toContain("gifts@skhema.example");
    expect(mail!.subject).toBe("Test User sent you 4 credits for Skhema");
    expect(mail!.text).toContain("already in your account (https://skhema.example)");
    expect(mail!.html).toContain("<strong>4 credits</strong>");
  });

  test("to an unknown e-mail: an account is created, not signed in, holding the credits; the e-mail is Ukrainian", async () => {
    const { user: sender, key } = await server.user({ credits: 3 });
    const before = smtp.messages.length;
    const response = await gift(key, { email: "New.Student@Example.org", qty: 3 });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, credits: 0 });

    const [created] = await query("SELECT * FROM users WHERE email = ?", "new.student@example.org");
    expect(created).toMatchObject({ credits: 3, signed_in_at: null, locale: "uk", name: "" });
    expect(await ledgerConsistent(server.database, Number(created!.id))).toEqual({ balance: 3, sum: 3, rows: 1 });
    expect(await ledgerConsistent(server.database, sender.id)).toEqual({ balance: 0, sum: 0, rows: 2 });

    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect((mail!.to as { text: string }).text).toBe("new.student@example.org");
    expect(mail!.subject).toBe("Test User дарує вам 3 кредити у «Схемі»");
    expect(mail!.text).toContain("Увійдіть на https://skhema.example");
    expect(mail!.html).toContain('<html lang="uk">');

    // A second gift to the same, still not signed-in address adds to the same account.
    const { key: other } = await server.user({ credits: 2 });
    expect((await gift(other, { email: "new.student@example.org", qty: 2 })).status).toBe(200);
    expect(await query("SELECT id FROM users WHERE email = ?", "new.student@example.org")).toHaveLength(1);
    expect(await credits("new.student@example.org")).toBe(5);
  });

  test("every §7 error of /gift: the documented code, and nothing written", async () => {
    const { user, key } = await server.user({ credits: 5 });
    const cases: [string, unknown, number, string][] = [
      ["missing email", { qty: 1 }, 400, "bad_email"],
      ["not an address", { email: "nobody", qty: 1 }, 400, "bad_email"],
      ["no dot in the domain", { email: "a@b", qty: 1 }, 400, "bad_email"],
      ["two @", { email: "a@b@c.com", qty: 1 }, 400, "bad_email"],
      ["a number", { email: 42, qty: 1 }, 400, "bad_email"],
      ["empty", { email: "", qty: 1 }, 400, "bad_email"],
      ["missing qty", { email: "x@example.com" }, 400, "bad_qty"],
      ["qty 0", { email: "x@example.com", qty: 0 }, 400, "bad_qty"],
      ["qty negative", { email: "x@example.com", qty: -3 }, 400, "bad_qty"],
      ["qty 1001", { email: "x@example.com", qty: 1001 }, 400, "bad_qty"],
      ["qty fractional", { email: "x@example.com", qty: 1.5 }, 400, "bad_qty"],
      ["qty a string", { email: "x@example.com", qty: "2" }, 400, "bad_qty"],
      ["more than the balance", { email: "x@example.com", qty: 6 }, 400, "gift_failed"],
      ["to oneself", { email: user.email, qty: 1 }, 400, "gift_failed"],
      ["to oneself, other case", { email: user.email.toUpperCase(), qty: 1 }, 400, "gift_failed"],
      ["an unknown field", { email: "x@example.com", qty: 1, note: "hi" }, 400, "bad_request"],
      ["not an object", [1, 2], 400, "bad_request"],
      ["not JSON", "{email:", 400, "bad_request"],
    ];
    const before = await footprint();
    for (const [what, body, status, code] of cases) {
      try {
        await expectError(await gift(key, body), status, code);
      } catch (err) {
        throw new Error(`${what}: ${(err as Error).message}`);
      }
    }
    await expectError(await gift(undefined, { email: "x@example.com", qty: 1 }), 401, "unauthorized");
    const form = await fetch(`${server.url}/gift`, { method: "POST", headers: { "x-api-key": key, "content-type": "text/plain" }, body: "x" });
    await expectError(form, 400, "bad_request");
    expect(await footprint()).toEqual(before);
    expect(await credits(user.email)).toBe(5);
  });

  test("qty 1000, the upper bound, with enough credits", async () => {
    const { key } = await server.user({ credits: 1000 });
    const response = await gift(key, { email: "thousand@example.com", qty: 1000 });
    expect(await response.json()).toEqual({ ok: true, credits: 0 });
    expect(await credits("thousand@example.com")).toBe(1000);
  });

  test("parallel gifts and renders against a small balance never overdraw; the ledgers add up", async () => {
    const { user: sender, key } = await server.user({ credits: 10 });
    const recipient = await createUser(server.database.db, { email: "race@example.com" });
    const gifts = Array.from({ length: 12 }, (_, i) => gift(key, { email: "race@example.com", qty: 1 + (i % 2) }));
    const renders = Array.from({ length: 12 }, (_, i) => postJson(`${server.url}/render`, key, { code: `print(${i})\n`, lang: "python", json: true }));
    const giftAnswers = await Promise.all(gifts);
    const renderAnswers = await Promise.all(renders);

    let gifted = 0;
    for (const [i, r] of giftAnswers.entries()) {
      if (r.status === 200) gifted += 1 + (i % 2);
      else await expectError(r, 400, "gift_failed");
    }
    let rendered = 0;
    for (const r of renderAnswers) {
      if (r.status === 200) rendered++;
      else await expectError(r, 402, "no_credits");
    }
    expect(gifted + rendered).toBeLessThanOrEqual(10);
    const left = await credits(sender.email);
    expect(left).toBe(10 - gifted - rendered);
    expect(await credits("race@example.com")).toBe(gifted);
    // Every balance is its ledger's sum, and no ledger row ever shows a negative balance.
    for (const id of [sender.id, recipient.id]) {
      const { balance, sum } = await ledgerConsistent(server.database, id);
      expect(sum).toBe(balance);
    }
    expect(await query("SELECT id FROM ledger WHERE balance_after < 0")).toHaveLength(0);
    // One gift row per successful gift, each with its two ledger rows.
    const giftRows = await query("SELECT id, qty FROM gifts WHERE from_user_id = ?", sender.id);
    expect(giftRows.reduce((n, g) => n + Number(g.qty), 0)).toBe(gifted);
    for (const g of giftRows) expect(await query("SELECT reason FROM ledger WHERE ref = ? ORDER BY reason", `gift:${g.id}`)).toHaveLength(2);
  });

  test("an SMTP outage: the gift still succeeds; the e-mail waits in the outbox and arrives when the server is back", async () => {
    const { key } = await server.user({ credits: 2 });
    await outboxDrained();
    await smtp.stop();
    const before = smtp.messages.length;
    try {
      const response = await gift(key, { email: "patient@example.com", qty: 2 });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ok: true, credits: 0 });
      expect(await credits("patient@example.com")).toBe(2);
      // Bounded wait for the sender to have tried and failed at least once.
      const deadline = Date.now() + WAIT_MS;
      let row: Awaited<ReturnType<typeof query>>[number] | undefined;
      for (;;) {
        [row] = await query("SELECT status, attempts, last_error FROM outbox WHERE \"to\" = ?", "patient@example.com");
        if (Number(row?.attempts) >= 1 && row?.last_error) break;
        if (Date.now() > deadline) throw new Error(`no failed attempt recorded: ${JSON.stringify(row)}`);
        await Bun.sleep(20);
      }
      expect(row!.status).toBe("pending");
      expect(smtp.messages.length).toBe(before);
    } finally {
      await smtp.start();
    }
    const [mail] = (await smtp.waitFor(before + 1)).slice(before);
    expect((mail!.to as { text: string }).text).toBe("patient@example.com");
    expect(mail!.subject).toContain("2 кредити");
    await outboxDrained();
    expect(smtp.messages.filter((m) => (m.to as { text: string }).text === "patient@example.com")).toHaveLength(1);
  });
});

describe("a second key of the same user", () => {
  test("sees the balance the gift left", async () => {
    const { user, key } = await server.user({ credits: 4 });
    const second = await createApiKey(server.database.db, user.id, "second");
    expect((await gift(key, { email: "k2@example.com", qty: 1 })).status).toBe(200);
    const me = await fetch(`${server.url}/me`, { headers: { "x-api-key": second.key } });
    expect(((await me.json()) as { credits: number }).credits).toBe(3);
  });
});

/**
 * The e-mail outbox (server/mail): a queued mail is delivered through a real SMTP server on
 * loopback in both languages; an outage delays it with backoff and it arrives once the server is
 * back; several senders on one database never send a mail twice; a mail that keeps failing is
 * marked failed and can be put back by the operator; without SMTP the mail is printed and counted
 * as sent.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig, type MailConfig } from "../server/config.ts";
import { openDatabase, type Database } from "../server/db/open.ts";
import { enqueueMail, listOutbox, mailQueued, retryMail, type OutgoingMail } from "../server/mail/outbox.ts";
import { backoffMs, logDelivery, startMailSender } from "../server/mail/sender.ts";
import { templates } from "../server/mail/templates/index.ts";
import { credits } from "../server/mail/templates/uk.ts";
import { startSmtp, type TestSmtp } from "./support/smtp.ts";
import { busyMachineTimeouts, WAIT_MS } from "./support/timeouts.ts";

busyMachineTimeouts();

let dir: string;
let database: Database;
let smtp: TestSmtp;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "skhema-mail-"));
  database = await openDatabase(`file:${join(dir, "mail.db")}`);
  smtp = await startSmtp();
});
afterAll(async () => {
  await smtp.stop();
  database.close();
  rmSync(dir, { recursive: true, force: true });
});

function mailConfig(env: Record<string, string> = {}): MailConfig {
  return loadConfig({ SMTP_URL: smtp.url, MAIL_POLL_MS: "50", MAIL_RETRY_BASE_MS: "50", MAIL_RETRY_MAX_MS: "200", ...env }).mail;
}

async function queue(mail: OutgoingMail): Promise<number> {
  const [result] = await database.client.batch([enqueueMail(database.db, mail)], "write");
  mailQueued();
  return Number(result!.lastInsertRowid);
}

async function row(id: number) {
  return (await database.client.execute({ sql: "SELECT * FROM outbox WHERE id = ?", args: [id] })).rows[0]!;
}

/** Polls `check` until it is true; bounded. */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = WAIT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(20);
  }
}

const giftLetter = (locale: "uk" | "en", qty: number) => templates(locale).gift({ from: "Олена <b>", qty, newAccount: true, siteUrl: "https://skhema.example" });

describe("templates", () => {
  test("Ukrainian plural of кредит", () => {
    expect([1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 101, 111, 1000].map(credits)).toEqual([
      "1 кредит", "2 кредити", "4 кредити", "5 кредитів", "11 кредитів", "12 кредитів", "14 кредитів", "21 кредит", "22 кредити",
      "25 кредитів", "101 кредит", "111 кредитів", "1000 кредитів",
    ]);
  });

  test("both languages have a subject, a text and an HTML body; HTML escapes what a user typed", () => {
    for (const locale of ["uk", "en"] as const) {
      const letter = giftLetter(locale, 3);
      expect(letter.subject).toContain("Олена <b>");
      expect(letter.text).toContain("https://skhema.example");
      expect(letter.html).toContain(`<html lang="${locale}">`);
      expect(letter.html).toContain("Олена &lt;b&gt;");
      expect(letter.html).not.toContain("Олена <b>");
      expect(letter.html).toContain('<a href="https://skhema.example"');
      expect(letter.text).not.toContain("<a ");
    }
    // A URL with characters HTML escapes stays as typed in the plain text.
    const odd = templates("en").gift({ from: "A & B", qty: 1, newAccount: false, siteUrl: "https://skhema.example/?a=1&b=2" });
    expect(odd.text).toContain("(https://skhema.example/?a=1&b=2)");
    expect(odd.text).toContain("A & B has given you 1 credit");
    expect(odd.html).toContain('href="https://skhema.example/?a=1&amp;b=2"');
    expect(giftLetter("uk", 3).subject).toContain("3 кредити");
    expect(giftLetter("en", 3).subject).toContain("3 credits");
  });
});

describe("templates: one product name per language, the site always linked (issue 24)", () => {
  test("Ukrainian letters say «Схема» as the Ukrainian site does, English ones Skhema; every gift letter links to the site", () => {
    const letters = (locale: "uk" | "en") => {
      const t = templates(locale);
      return [
        giftLetter(locale, 2),
        t.gift({ from: "a@example.com", qty: 1, newAccount: false, siteUrl: "https://skhema.example" }),
        t.signIn({ code: "123456", link: "https://skhema.example/signin/link?token=x", minutes: 15 }),
        t.payment({ label: "50", amountUah: 90, code: "SK-1", credits: 50, proDays: 0 }),
      ];
    };
    for (const letter of letters("uk")) {
      for (const part of [letter.subject, letter.text, letter.html]) expect(part).not.toContain("Skhema");
      expect(`${letter.subject}${letter.text}`).toMatch(/«Схем[аиуіо]/);
    }
    for (const letter of letters("en")) {
      for (const part of [letter.subject, letter.text, letter.html]) expect(part).not.toContain("Схема");
      expect(letter.html).toContain("Skhema");
    }
    for (const locale of ["uk", "en"] as const) {
      for (const letter of letters(locale).slice(0, 2)) {
        expect(letter.text).toContain("https://skhema.example");
        expect(letter.html).toContain('<a href="https://skhema.example"');
      }
    }
  });
});

describe("sender", () => {
  test("delivers a queued mail through SMTP: both bodies, marked sent", async () => {
    const sender = startMailSender(database.db, mailConfig());
    try {
      const before = smtp.messages.length;
      const id = await queue({ kind: "test", to: "reader@example.com", ...giftLetter("uk", 5) });
      const [mail] = (await smtp.waitFor(before + 1)).slice(before);
      expect(mail!.subject).toBe(giftLetter("uk", 5).subject);
      expect(mail!.text).toContain("5 кредитів");
      expect(mail!.html).toContain("5 кредитів");
      expect((mail!.to as { text: string }).text).toBe("reader@example.com");
      expect(mail!.from?.text).toContain("no-reply@localhost");
      await until("sent", async () => (await row(id)).status === "sent");
      expect((await row(id)).attempts).toBe(1);
    } finally {
      await sender.stop();
    }
  });

  test("an SMTP outage: attempts fail with backoff, the mail arrives once the server is back", async () => {
    const sender = startMailSender(database.db, mailConfig({ MAIL_MAX_ATTEMPTS: "1000" }));
    try {
      await smtp.stop();
      const before = smtp.messages.length;
      const id = await queue({ kind: "test", to: "late@example.com", ...giftLetter("en", 1) });
      await until("two failed attempts", async () => Number((await row(id)).attempts) >= 2);
      const failing = await row(id);
      expect(failing.status).toBe("pending");
      expect(String(failing.last_error)).toMatch(/ECONNREFUSED|connect/i);
      expect(Number(failing.next_attempt_at)).toBeGreaterThan(Number(failing.created_at));
      expect(smtp.messages.length).toBe(before);
      await smtp.start();
      const [mail] = (await smtp.waitFor(before + 1)).slice(before);
      expect(mail!.subject).toBe("Олена <b> sent you 1 credit for Skhema");
      await until("sent", async () => (await row(id)).status === "sent");
      expect((await row(id)).last_error).toBeNull();
    } finally {
      await smtp.start();
      await sender.stop();
    }
  });

  test("three senders on one database: 30 mails, each delivered exactly once", async () => {
    const before = smtp.messages.length;
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) ids.push(await queue({ kind: "test", to: `many${i}@example.com`, subject: `n${i}`, text: `body ${i}`, html: `<p>${i}</p>` }));
    const senders = [0, 1, 2].map(() => startMailSender(database.db, mailConfig()));
    try {
      await smtp.waitFor(before + 30);
      await until("all sent", async () => (await Promise.all(ids.map(row))).every((r) => r.status === "sent"));
      await Bun.sleep(200); // a duplicate would arrive now
      const subjects = smtp.messages.slice(before).map((m) => m.subject).sort();
      expect(subjects).toEqual(ids.map((_, i) => `n${i}`).sort());
      for (const r of await Promise.all(ids.map(row))) expect(r.attempts).toBe(1);
    } finally {
      await Promise.all(senders.map((s) => s.stop()));
    }
  });

  test("a mail leased by a sender that died is left alone until the lease runs out, then sent once", async () => {
    const id = await queue({ kind: "test", to: "orphan@example.com", subject: "orphan", text: "t", html: "<p>t</p>" });
    // As a sender that claimed it and was killed mid-send would leave it.
    await database.client.execute({ sql: "UPDATE outbox SET attempts = 1, lease_until = ?, claim = 'dead' WHERE id = ?", args: [Date.now() + 600_000, id] });
    const sender = startMailSender(database.db, mailConfig());
    try {
      expect(await sender.runOnce()).toBe(0);
      expect((await row(id)).status).toBe("pending");
      expect(smtp.messages.some((m) => m.subject === "orphan")).toBe(false);
      await database.client.execute({ sql: "UPDATE outbox SET lease_until = ? WHERE id = ?", args: [Date.now() - 1, id] }); // the lease ran out
      mailQueued();
      await until("sent by the living sender", async () => (await row(id)).status === "sent");
      expect(smtp.messages.filter((m) => m.subject === "orphan")).toHaveLength(1);
      expect((await row(id)).attempts).toBe(2);
    } finally {
      await sender.stop();
    }
  });

  test("after maxAttempts the mail is failed; the operator's retry sends it", async () => {
    const sender = startMailSender(database.db, mailConfig({ MAIL_MAX_ATTEMPTS: "2" }));
    let id = 0;
    try {
      await smtp.stop();
      id = await queue({ kind: "test", to: "doomed@example.com", subject: "doomed", text: "t", html: "<p>t</p>" });
      await until("failed", async () => (await row(id)).status === "failed");
      expect((await row(id)).attempts).toBe(2);
      expect((await listOutbox(database.db, ["failed"])).map((r) => r.id)).toContain(id);
      await smtp.start();
      expect(await retryMail(database.db, id)).toBe(true);
      mailQueued();
      await until("sent after retry", async () => (await row(id)).status === "sent");
      expect(smtp.messages.some((m) => m.subject === "doomed")).toBe(true);
      expect(await retryMail(database.db, id)).toBe(false); // a sent mail is never sent again
    } finally {
      await smtp.start();
      await sender.stop();
    }
  });

  test("without SMTP the mail is printed to the log and marked sent", async () => {
    const lines: string[] = [];
    const config = loadConfig({ MAIL_POLL_MS: "50" }).mail;
    expect(config.smtp).toBeUndefined();
    const sender = startMailSender(database.db, config, logDelivery((line) => lines.push(line)));
    try {
      const id = await queue({ kind: "test", to: "dev@example.com", ...giftLetter("uk", 2) });
      await until("sent", async () => (await row(id)).status === "sent");
      expect(lines.join("\n")).toContain("dev@example.com");
      expect(lines.join("\n")).toContain("2 кредити");
    } finally {
      await sender.stop();
    }
  });

  test("backoff doubles from the base up to the cap", () => {
    const config = { retryBaseMs: 1000, retryMaxMs: 10_000 };
    expect([1, 2, 3, 4, 5, 60].map((n) => backoffMs(config, n))).toEqual([1000, 2000, 4000, 8000, 10_000, 10_000]);
  });
});

describe("configuration", () => {
  test("SMTP from a URL or from host/port/user/password; bad values stop start-up", () => {
    expect(loadConfig({ SMTP_URL: "smtp://u:p@mail.example:2525" }).mail.smtp).toEqual({ url: "smtp://u:p@mail.example:2525" });
    expect(loadConfig({ SMTP_HOST: "mail.example", SMTP_PORT: "465", SMTP_USER: "u", SMTP_PASS: "p" }).mail.smtp).toEqual({
      host: "mail.example", port: 465, secure: true, user: "u", pass: "p",
    });
    expect(() => loadConfig({ SMTP_URL: "http://mail.example" })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ SMTP_HOST: "mail.example", SMTP_PORT: "x" })).toThrow(/SMTP_PORT/);
    expect(() => loadConfig({ PUBLIC_BASE_URL: "skhema.example" })).toThrow(/PUBLIC_BASE_URL/);
    expect(loadConfig({ PUBLIC_BASE_URL: "https://skhema.example/" }).publicBaseUrl).toBe("https://skhema.example");
  });
});

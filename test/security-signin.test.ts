/**
 * Security probes of sign-in (issue 23 §1, §3), run as the review ran them, on loopback: a forged
 * Host/Origin pair, lock-outs through a shared proxy address, fresh budgets from new addresses,
 * someone else spending a person's codes, and races on the attempt counter.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { ParsedMail } from "mailparser";
import { DAY_MS, LIMITS, MAX_ATTEMPTS_PER_CODE, requestCode, verifyCode } from "../site/server/auth/codes.ts";
import { startServer, type TestServer } from "./support/server.ts";
import { startSmtp, type TestSmtp } from "./support/smtp.ts";
import { busyMachineTimeouts, WAIT_MS } from "./support/timeouts.ts";

busyMachineTimeouts();

const TIMEOUT = 60_000;
let smtp: TestSmtp;
const servers: TestServer[] = [];

beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(async () => {
  for (const s of servers) await s.stop();
  await smtp.stop();
});

async function server(env: Record<string, string> = {}): Promise<TestServer> {
  const s = await startServer({ SMTP_URL: smtp.url, ...env });
  servers.push(s);
  return s;
}

async function letterTo(email: string, after: number): Promise<ParsedMail> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const found = smtp.messages.slice(after).filter((m) => JSON.stringify(m.to ?? "").includes(email));
    if (found.length > 0) return found.at(-1)!;
    if (Date.now() > deadline) throw new Error(`no letter to ${email}`);
    await Bun.sleep(25);
  }
}
const codeOf = (mail: ParsedMail) => /\b(\d{6})\b/.exec(mail.text ?? "")?.[1] ?? "";
const linkOf = (mail: ParsedMail) => /(https?:\/\/\S+\/signin\/link\?token=[A-Za-z0-9_-]+)/.exec(mail.text ?? "")?.[1] ?? "";

/** A form post as a browser (or a forger) sends it: the headers are the probe's. */
function form(s: TestServer, path: string, body: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${s.origin}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: s.origin, "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(body),
  });
}

describe("§1 the link in the sign-in letter", () => {
  test("a forged Host and Origin are refused, and no letter goes out", async () => {
    const s = await server();
    const before = smtp.messages.length;
    const forged = await form(s, "/signin", { email: "victim@example.com" }, { host: "evil.example", origin: "http://evil.example" });
    expect(forged.status).toBe(421);
    await Bun.sleep(300);
    expect(smtp.messages.slice(before).filter((m) => JSON.stringify(m.to).includes("victim@example.com"))).toEqual([]);
  }, TIMEOUT);

  test("with PUBLIC_BASE_URL the letter's link is that address, whatever Host the form came with", async () => {
    const s = await server({ PUBLIC_BASE_URL: "https://skhema.example" });
    const before = smtp.messages.length;
    // Host localhost (a proxy hop on this machine) is let through; the link still comes from configuration.
    const answer = await form(s, "/signin", { email: "victim2@example.com" }, { host: "localhost", origin: "https://skhema.example" });
    expect(answer.status).toBe(200);
    expect(linkOf(await letterTo("victim2@example.com", before))).toStartWith("https://skhema.example/signin/link?token=");
  }, TIMEOUT);

  test("without it, the development origin is fixed: http://localhost:<port>", async () => {
    const s = await server();
    const before = smtp.messages.length;
    expect((await form(s, "/signin", { email: "dev@example.com" })).status).toBe(200);
    expect(linkOf(await letterTo("dev@example.com", before))).toStartWith(`http://localhost:${new URL(s.origin).port}/signin/link?token=`);
  }, TIMEOUT);
});

describe("§3 sign-in limits per client", () => {
  test("behind a trusted proxy, 30 wrong codes from one client do not lock out another (the real user signs in)", async () => {
    const s = await server({ TRUSTED_PROXIES: "127.0.0.1" });
    const attacker = { "x-forwarded-for": "203.0.113.7" };
    const victim = { "x-forwarded-for": "198.51.100.9" };
    const before = smtp.messages.length;
    expect((await form(s, "/signin", { email: "real@example.com" }, victim)).status).toBe(200);
    const code = codeOf(await letterTo("real@example.com", before));
    const wrong = code === "000000" ? "111111" : "000000";
    const tries: number[] = [];
    for (let i = 0; i < LIMITS.failuresPerClient + 1; i++) tries.push((await form(s, "/signin/code", { email: `other${i}@example.com`, code: wrong }, attacker)).status);
    expect(tries.at(-1)).toBe(429);
    expect((await form(s, "/signin/code", { email: "real@example.com", code }, victim)).status).toBe(303);
  }, TIMEOUT);

  test("without trusted proxies a client's own X-Forwarded-For buys no fresh budget", async () => {
    const s = await server();
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.failuresPerClient + 1; i++) {
      statuses.push((await form(s, "/signin/code", { email: "x@example.com", code: "123456" }, { "x-forwarded-for": `192.0.2.${i + 1}` })).status);
    }
    expect(statuses.slice(0, LIMITS.failuresPerClient).every((x) => x === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  }, TIMEOUT);

  test("IPv6 clients are counted by their /64: new addresses in it share one budget", async () => {
    const s = await server({ TRUSTED_PROXIES: "127.0.0.1" });
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.failuresPerClient + 1; i++) {
      statuses.push((await form(s, "/signin/code", { email: "y@example.com", code: "123456" }, { "x-forwarded-for": `2001:db8:5:6::${(i + 1).toString(16)}` })).status);
    }
    expect(statuses.at(-1)).toBe(429);
    // Another /64 has its own budget.
    expect((await form(s, "/signin/code", { email: "y@example.com", code: "123456" }, { "x-forwarded-for": "2001:db8:5:7::1" })).status).toBe(400);
  }, TIMEOUT);

  test("someone asking for codes for your address neither voids your code nor stops you asking", async () => {
    const s = await server({ TRUSTED_PROXIES: "127.0.0.1" });
    const victim = { "x-forwarded-for": "198.51.100.20" };
    const attacker = { "x-forwarded-for": "203.0.113.50" };
    const start = smtp.messages.length;
    let before = start;
    expect((await form(s, "/signin", { email: "target@example.com" }, victim)).status).toBe(200);
    const first = codeOf(await letterTo("target@example.com", before));
    expect((await form(s, "/signin", { email: "target@example.com" }, attacker)).status).toBe(200);
    expect((await form(s, "/signin/code", { email: "target@example.com", code: first }, victim)).status).toBe(303); // not replaced
    const spent: number[] = [];
    for (let i = 0; i < LIMITS.requestsPerAddressAndClient; i++) spent.push((await form(s, "/signin", { email: "target@example.com" }, attacker)).status);
    expect(spent.at(-1)).toBe(429); // the other client's budget for this address is spent …
    await smtp.waitFor(start + 1 + LIMITS.requestsPerAddressAndClient); // every letter so far has arrived
    before = smtp.messages.length;
    expect((await form(s, "/signin", { email: "target@example.com" }, victim)).status).toBe(200); // … not the owner's
    const fresh = codeOf(await letterTo("target@example.com", before));
    expect((await form(s, "/signin/code", { email: "target@example.com", code: fresh }, victim)).status).toBe(303);
  }, TIMEOUT);

  test("the attempt counter is counted before comparing: concurrent tries never exceed a code's budget", async () => {
    const s = await server();
    const db = s.database.db;
    const before = smtp.messages.length;
    await requestCode(db, { email: "race@example.com", client: "c0", locale: "uk", linkBase: "http://localhost/signin/link?token=" });
    const code = codeOf(await letterTo("race@example.com", before));
    const wrong = code === "000000" ? "111111" : "000000";
    // 3 × the budget at once, each from its own client (no per-client limit in the way).
    const results = await Promise.all(Array.from({ length: 3 * MAX_ATTEMPTS_PER_CODE }, (_, i) => verifyCode(db, "race@example.com", wrong, `c${i}`)));
    expect(results.every((r) => !r.ok)).toBe(true);
    const [row] = (await s.database.client.execute("SELECT attempts FROM sign_in_codes WHERE email = 'race@example.com'")).rows;
    expect(Number(row!.attempts)).toBe(MAX_ATTEMPTS_PER_CODE);
    expect((await verifyCode(db, "race@example.com", code, "c-last")).ok).toBe(false);
  }, TIMEOUT);

  test("a client has a daily cap on failures, across 15-minute windows", async () => {
    const s = await server();
    const db = s.database.db;
    const start = Date.now();
    let t = start;
    let failures = 0;
    while (failures < LIMITS.failuresPerClientPerDay) {
      const r = await verifyCode(db, "day@example.com", "123456", "daily-client", t);
      if (r.ok || r.retryAfterS !== undefined) {
        t += 16 * 60_000; // the 15-minute budget is spent: the next window
        continue;
      }
      failures++;
    }
    t += 16 * 60_000;
    const capped = await verifyCode(db, "day@example.com", "123456", "daily-client", t);
    expect(capped.ok).toBe(false);
    expect(!capped.ok && capped.retryAfterS).toBeGreaterThan(60 * 60);
    expect(t - start).toBeLessThan(DAY_MS);
  }, TIMEOUT);
});

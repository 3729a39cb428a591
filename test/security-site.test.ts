/**
 * Security probes of issue 23 §4 as the review ran them (loopback only): the open redirect of the
 * language switch, a JSON-bodied cross-site request, headers of API answers and of the docs page,
 * secrets in logs and a production start without its settings, addresses that differ only in
 * spelling, and per-account maxima with the purge of what has ended.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { purgeStale, EXPIRED_PAYMENT_KEEP_MS } from "../server/accounts/housekeeping.ts";
import { createApiKey, KeyLimitReached, MAX_ACTIVE_KEYS } from "../server/accounts/keys.ts";
import { normaliseEmail } from "../server/accounts/users.ts";
import { deploymentProblems, loadConfig, redactedUrl } from "../server/config.ts";
import { deliveryFor } from "../server/mail/sender.ts";
import { MAX_OPEN_PAYMENTS } from "../server/payments/topup.ts";
import { MAX_SESSIONS, openSessionStatements } from "../site/server/auth/sessions.ts";
import { providerEnv, rows, startFake, topup } from "./support/payments.ts";
import { expectError, postJson, startServer, type TestServer } from "./support/server.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const TIMEOUT = 60_000;
const repoRoot = join(import.meta.dir, "..");
let server: TestServer;
let fake: ReturnType<typeof startFake>;

beforeAll(async () => {
  fake = startFake();
  server = await startServer(providerEnv(fake, { MONOBANK_POLL_INTERVAL_MS: "3600000" }));
});
afterAll(async () => {
  await server.stop();
  await fake.stop();
});

describe("redirects stay on the site", () => {
  test("/lang/en?back= with a tab, a backslash, two slashes or another origin goes to /; a newline is no 500", async () => {
    const go = (back: string) => fetch(`${server.origin}/lang/en?back=${back}`, { redirect: "manual" });
    for (const back of ["/%09/evil.example", "//evil.example", "/%5Cevil.example", "http://evil.example/", "/%0a/evil.example", "javascript:alert(1)"]) {
      const answer = await go(back);
      expect(answer.status).toBe(303);
      expect(answer.headers.get("location")).toBe("/");
    }
    // A newline is dropped as a browser drops it: a path of this site, no second header, no 500.
    const newline = await go("/%0d%0aSet-Cookie:%20x=1");
    expect(newline.status).toBe(303);
    expect(newline.headers.get("set-cookie") ?? "").not.toContain("x=1");
    expect(newline.headers.get("location")).toStartWith("/");
    const local = await go("/account?page=2");
    expect(local.headers.get("location")).toBe("/account?page=2");
  });
});

describe("state changes only from this site's pages, whatever the body type", () => {
  test("POST /account/keys with a JSON body and no Origin is refused; so is a foreign Origin", async () => {
    const { user } = await server.user({ email: "csrf.owner@example.com" });
    const { token, statements } = openSessionStatements(server.database.db, user.id);
    await server.database.client.batch(statements, "write");
    const cookie = `skhema_session=${token}`;
    const json = await fetch(`${server.origin}/account/keys`, { method: "POST", headers: { cookie, "content-type": "application/json" }, body: JSON.stringify({ name: "x" }) });
    expect(json.status).toBe(403);
    const foreign = await fetch(`${server.origin}/account/keys`, { method: "POST", headers: { cookie, origin: "http://evil.example", "content-type": "text/plain" }, body: "name=x" });
    expect(foreign.status).toBe(403);
    const nullOrigin = await fetch(`${server.origin}/account/keys`, { method: "POST", headers: { cookie, origin: "null", "content-type": "application/x-www-form-urlencoded" }, body: "name=x" });
    expect(nullOrigin.status).toBe(403);
    // server.user() made one key; the refused requests made none.
    expect(await rows(server.database, "SELECT COUNT(*) AS n FROM api_keys WHERE user_id = ?", [user.id])).toEqual([{ n: 1 }]);
    // The site's own form (same origin) still works.
    const own = await fetch(`${server.origin}/account/keys`, { method: "POST", headers: { cookie, origin: server.origin, "content-type": "application/x-www-form-urlencoded" }, body: "name=laptop" });
    // Post/Redirect/Get (issue 24): the key goes to the page that shows it once, in a cookie of that page only.
    expect(own.status).toBe(200);
    const manual = await fetch(`${server.origin}/account/keys`, { method: "POST", redirect: "manual", headers: { cookie, origin: server.origin, "content-type": "application/x-www-form-urlencoded" }, body: "name=desk" });
    expect(manual.status).toBe(303);
    expect(manual.headers.get("location")).toBe("/account/keys/new");
    const handOver = manual.headers.get("set-cookie") ?? "";
    expect(handOver).toMatch(/^skhema_new_key=\d+\.rk_[0-9A-Za-z]{43};/);
    expect(handOver).toContain("Path=/account/keys/new");
    expect(handOver).toContain("HttpOnly");
    expect(handOver).toContain("SameSite=Strict");
    const shown = await fetch(`${server.origin}/account/keys/new`, { redirect: "manual", headers: { cookie: `${cookie}; ${handOver.split(";")[0]}` } });
    expect(shown.status).toBe(200);
    expect(shown.headers.get("cache-control")).toBe("no-store");
    expect(shown.headers.get("set-cookie")).toMatch(/^skhema_new_key=;.*Max-Age=0/);
    expect(await shown.text()).toContain(handOver.split(";")[0]!.split(".").slice(1).join("."));
    // Without the hand-over cookie (a reload) the page is the account.
    const again = await fetch(`${server.origin}/account/keys/new`, { redirect: "manual", headers: { cookie } });
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe("/account");
  });
});

describe("headers", () => {
  test("API answers carry nosniff and a sandboxing CSP: a chart, JSON, an error", async () => {
    const { key } = await server.user({ credits: 2 });
    const svg = await postJson(`${server.url}/render`, key, { lang: "python", code: "print(1)\n" });
    const error = await fetch(`${server.url}/me`);
    for (const answer of [svg, error, await fetch(`${server.url}/health`), await fetch(`${server.url}/openapi.json`)]) {
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
      expect(answer.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    }
    expect(svg.headers.get("content-type")).toContain("image/svg+xml");
  });

  test("the docs page runs no inline script, under its own CSP", async () => {
    const page = await fetch(`${server.url}/docs`);
    expect(await page.text()).not.toContain("<script>");
    const csp = page.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});

describe("secrets and production settings", () => {
  test("credentials in a database URL are not printed", () => {
    expect(redactedUrl("libsql://db.example:8080?authToken=eyJhbGciOi.secret")).toBe("libsql://db.example:8080?authToken=…");
    expect(redactedUrl("https://user:pass@db.example/?tls=1&token=abc")).toBe("https://…@db.example/?tls=1&token=…");
    expect(redactedUrl("file:./data/skhema.db")).toBe("file:./data/skhema.db");
  });

  test("a production start names what it lacks; a development start prints mail only when asked", () => {
    expect(deploymentProblems(loadConfig({}))).toEqual([expect.stringContaining("PUBLIC_BASE_URL"), expect.stringContaining("SMTP")]);
    expect(deploymentProblems(loadConfig({ SKHEMA_DEV: "1", HOST: "0.0.0.0" }))).toEqual([expect.stringContaining("HOST=0.0.0.0")]);
    expect(deploymentProblems(loadConfig({ SKHEMA_DEV: "1" }))).toEqual([]);
    expect(deploymentProblems(loadConfig({ PUBLIC_BASE_URL: "https://skhema.example", SMTP_URL: "smtps://u:p@mail.example:465", HOST: "0.0.0.0" }))).toEqual([]);
    expect(loadConfig({ SKHEMA_DEV: "1" }).mail.toLog).toBe(true);
    expect(loadConfig({}).mail.toLog).toBe(false);
  });

  test("without SMTP outside development a letter is not printed: it stays in the outbox", async () => {
    const printed: string[] = [];
    const original = console.log;
    console.log = (...args: unknown[]) => void printed.push(args.join(" "));
    try {
      const delivery = deliveryFor(loadConfig({}).mail);
      await expect(delivery.send({ kind: "sign_in", to: "x@example.com", subject: "code", text: "123456", html: "" } as never)).rejects.toThrow(/no SMTP/);
    } finally {
      console.log = original;
    }
    expect(printed.join("\n")).not.toContain("123456");
  });

  test("server/main.ts refuses a production start without its settings, and prints no token", async () => {
    const dir = mkdtempSync(join(tmpdir(), "skhema-prod-"));
    try {
      const child = Bun.spawn([process.execPath, "server/main.ts"], {
        cwd: repoRoot,
        env: { PATH: process.env.PATH ?? "", PORT: "0", DATABASE_URL: `file:${dir}/x.db?authToken=SECRET123` },
        stdout: "pipe",
        stderr: "pipe",
      });
      const timer = setTimeout(() => child.kill(), 30_000);
      const code = await child.exited;
      clearTimeout(timer);
      const output = (await new Response(child.stdout).text()) + (await new Response(child.stderr).text());
      expect(code).not.toBe(0);
      expect(output).toContain("PUBLIC_BASE_URL");
      expect(output).toContain("SMTP");
      expect(output).not.toContain("SECRET123");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, TIMEOUT);
});

describe("one account per address", () => {
  test("a trailing dot, the domain's case and a Unicode domain spell the same address", () => {
    expect(normaliseEmail("Alice@Example.COM.")).toBe("alice@example.com");
    expect(normaliseEmail("юзер@Пошта.Укр")).toBe(normaliseEmail("юзер@xn--80a1acn3a.xn--j1amh"));
  });

  test("a gift to your own address with a trailing dot is a gift to yourself (refused), and creates no account", async () => {
    const { key } = await server.user({ credits: 10, email: "alice.gift@example.com" });
    await expectError(await postJson(`${server.url}/gift`, key, { email: "alice.gift@example.com.", qty: 1 }), 400, "gift_failed");
    expect(await rows(server.database, "SELECT COUNT(*) AS n FROM users WHERE email LIKE 'alice.gift@%'")).toEqual([{ n: 1 }]);
  });
});

describe("per-account maxima, and what has ended is purged", () => {
  test(`at most ${MAX_ACTIVE_KEYS} active keys, even when asked for at once`, async () => {
    const { user } = await server.user();
    const results = await Promise.allSettled(Array.from({ length: MAX_ACTIVE_KEYS + 5 }, () => createApiKey(server.database.db, user.id, "k")));
    // server.user() made one already.
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(MAX_ACTIVE_KEYS - 1);
    expect(results.filter((r) => r.status === "rejected").every((r) => (r as PromiseRejectedResult).reason instanceof KeyLimitReached)).toBe(true);
  });

  test(`at most ${MAX_OPEN_PAYMENTS} open payments: then 429 rate_limited with Retry-After`, async () => {
    const { key } = await server.user();
    for (let i = 0; i < MAX_OPEN_PAYMENTS; i++) await topup(server.url, key, { kind: "credits_unit", qty: 2 });
    const over = await postJson(`${server.url}/topup`, key, { kind: "credits_unit", qty: 2 });
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    await expectError(over, 429, "rate_limited");
  });

  test(`at most ${MAX_SESSIONS} sessions: a new sign-in ends the oldest`, async () => {
    const { user } = await server.user();
    for (let i = 0; i < MAX_SESSIONS + 3; i++) await server.database.client.batch(openSessionStatements(server.database.db, user.id).statements, "write");
    expect(await rows(server.database, "SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?", [user.id])).toEqual([{ n: MAX_SESSIONS }]);
  });

  test("expired sessions, old codes and counters, and long-expired unpaid payments are purged; a paid one stays", async () => {
    const { user } = await server.user();
    const now = Date.now();
    const long = now - EXPIRED_PAYMENT_KEEP_MS - 86_400_000;
    const c = server.database.client;
    await c.execute({ sql: "INSERT INTO sessions (user_id, token_hash, created_at, expires_at) VALUES (?, 'old-session', ?, ?)", args: [user.id, long, now - 1] });
    await c.execute({ sql: "INSERT INTO rate_limits (key, window_start, count) VALUES ('old-counter', ?, 3)", args: [long] });
    await c.execute({ sql: "INSERT INTO payments (user_id, kind, qty, amount_kop, label, comment, status, created_at, expires_at) VALUES (?, 'credits_unit', 2, 400, '2 credits', 'SK-OLDEXPRD', 'expired', ?, ?)", args: [user.id, long, long] });
    await c.execute({ sql: "INSERT INTO payments (user_id, kind, qty, amount_kop, label, comment, status, created_at, expires_at, paid_at) VALUES (?, 'credits_unit', 2, 400, '2 credits', 'SK-OLDPAIDD', 'paid', ?, ?, ?)", args: [user.id, long, long, long] });
    const purged = await purgeStale(server.database.db, now);
    expect(purged.sessions).toBeGreaterThanOrEqual(1);
    expect(purged.counters).toBeGreaterThanOrEqual(1);
    expect(purged.payments).toBe(1);
    expect(await rows(server.database, "SELECT comment FROM payments WHERE comment IN ('SK-OLDEXPRD', 'SK-OLDPAIDD')")).toEqual([{ comment: "SK-OLDPAIDD" }]);
  });
});

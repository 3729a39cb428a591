/**
 * Sign-in and the account in a real browser, with the real SMTP path: the code and the link are
 * read from the letters a local SMTP server received (through the outbox and its sender). Keys are
 * created, seen once, used against /v1/render and revoked (401 after); a gift moves credits and
 * its recipient signs in to find them; CSRF, limits and the no-enumeration rule are checked.
 * Screenshots of the pages go to out/screenshots/.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { ParsedMail } from "mailparser";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { ensureSiteBuilt, launchBrowser, screenshot, VIEWPORTS, watchProblems } from "./support/browser.ts";
import { startServer, type TestServer } from "./support/server.ts";
import { MAX_ATTEMPTS_PER_CODE } from "../site/server/auth/codes.ts";
import { startSmtp, type TestSmtp } from "./support/smtp.ts";
import { providerEnv, startFake } from "./support/payments.ts";
import type { FakeMonobank } from "../dev/fake-monobank/fake.ts";
import { busyMachineTimeouts, WAIT_MS } from "./support/timeouts.ts";

busyMachineTimeouts();

const TIMEOUT = 180_000;

let server: TestServer;
let smtp: TestSmtp;
let fake: FakeMonobank;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  await ensureSiteBuilt();
  smtp = await startSmtp();
  fake = startFake();
  server = await startServer({ SMTP_URL: smtp.url, ...providerEnv(fake, { MONOBANK_POLL_INTERVAL_MS: "1000" }) });
  origin = new URL(server.url).origin;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.stop();
  await fake?.stop();
});

/** The newest letter to `email` (waiting for it to arrive). */
async function letterTo(email: string, after: number): Promise<ParsedMail> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const found = smtp.messages.slice(after).filter((m) => m.to && JSON.stringify(m.to).includes(email));
    if (found.length > 0) return found.at(-1)!;
    if (Date.now() > deadline) throw new Error(`no letter to ${email}`);
    await Bun.sleep(25);
  }
}

const codeOf = (mail: ParsedMail) => /\b(\d{6})\b/.exec(mail.text ?? "")?.[1] ?? "";
const linkOf = (mail: ParsedMail) => /(https?:\/\/\S+\/signin\/link\?token=[A-Za-z0-9_-]+)/.exec(mail.text ?? "")?.[1] ?? "";

/** Signs in through the pages with the code from the letter; leaves the page on /account. */
async function signIn(page: Page, email: string): Promise<void> {
  const before = smtp.messages.length;
  await page.goto(`${origin}/signin`);
  await page.fill("input[name=email]", email);
  await page.click("button[type=submit].primary");
  await page.waitForSelector("input[name=code]");
  const code = codeOf(await letterTo(email, before));
  expect(code).toMatch(/^\d{6}$/);
  await page.fill("input[name=code]", code);
  await Promise.all([page.waitForURL(`${origin}/account`), page.click("button[type=submit].primary")]);
}

async function balanceOn(page: Page): Promise<number> {
  return Number((await page.textContent("#balance strong")) ?? "NaN");
}

async function render(key: string): Promise<Response> {
  return fetch(`${server.url}/render`, {
    method: "POST",
    headers: { "x-api-key": key, "content-type": "application/json" },
    body: JSON.stringify({ lang: "python", code: "print(1)\n" }),
  });
}

describe("sign-in and account", () => {
  test("sign in with the e-mailed code; the session cookie is HttpOnly and SameSite=Lax; sign out", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await signIn(page, "new.student@example.com");
    expect(await page.textContent("main")).toContain("new.student@example.com");
    const [cookie] = (await context.cookies()).filter((c) => c.name === "skhema_session");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
    // Only the hash is stored.
    const rows = await server.database.client.execute("SELECT token_hash FROM sessions");
    expect(rows.rows.map((r) => r.token_hash)).not.toContain(cookie!.value);
    expect(String(rows.rows[0]!.token_hash)).toMatch(/^[0-9a-f]{64}$/);
    await Promise.all([page.waitForURL(`${origin}/`), page.click("form.signout button")]);
    await page.goto(`${origin}/account`);
    expect(page.url()).toBe(`${origin}/signin`);
    expect(problems).toEqual([]);
    await context.close();
  }, TIMEOUT);

  test("the link in the letter signs in too (after a press, so a mail scanner cannot use it up)", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const before = smtp.messages.length;
    await page.goto(`${origin}/signin`);
    await page.fill("input[name=email]", "link.user@example.com");
    await page.click("button[type=submit].primary");
    const link = linkOf(await letterTo("link.user@example.com", before));
    // The configured origin (here the development one), never the Host the form was posted to.
    const site = `http://localhost:${new URL(origin).port}`;
    expect(link.startsWith(`${site}/signin/link?token=`)).toBe(true);
    await page.goto(link);
    await Promise.all([page.waitForURL(`${site}/account`), page.click("button[type=submit].primary")]);
    // Used once: the same link again does not sign in.
    const again = await browser.newContext();
    const second = await again.newPage();
    await second.goto(link);
    await second.click("button[type=submit].primary");
    expect(second.url()).not.toBe(`${site}/account`);
    await again.close();
    await context.close();
  }, TIMEOUT);

  test("the answer does not tell whether an address has an account; wrong codes use a code up", async () => {
    const { user } = await server.user({ email: "known@example.com" });
    const post = (email: string) =>
      fetch(`${origin}/signin`, { method: "POST", headers: { origin, "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ email }) });
    const known = (await (await post("known@example.com")).text()).replaceAll("known@example.com", "X");
    const unknown = (await (await post("nobody@example.com")).text()).replaceAll("nobody@example.com", "X");
    const strip = (html: string) => html.replace(/nonce-[^'"]+|content="[A-Za-z0-9+/=]{24}"/g, "");
    expect(strip(known)).toBe(strip(unknown));
    expect(user.email).toBe("known@example.com");

    const before = smtp.messages.length;
    await post("guess@example.com");
    const code = codeOf(await letterTo("guess@example.com", before));
    const verify = (c: string) =>
      fetch(`${origin}/signin/code`, { method: "POST", redirect: "manual", headers: { origin, "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ email: "guess@example.com", code: c }) });
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < MAX_ATTEMPTS_PER_CODE; i++) expect((await verify(wrong)).status).toBe(400);
    expect((await verify(code)).status).toBe(400); // the right code is dead after its tries are used up
    const hashes = await server.database.client.execute("SELECT code_hash FROM sign_in_codes");
    expect(hashes.rows.every((r) => /^[0-9a-f]{64}$/.test(String(r.code_hash)) && r.code_hash !== code)).toBe(true);
  }, TIMEOUT);

  test("behind a TLS proxy the session cookie is Secure", async () => {
    const form = (body: Record<string, string>) => ({
      method: "POST",
      redirect: "manual" as const,
      headers: { origin, "content-type": "application/x-www-form-urlencoded", "x-forwarded-proto": "https" },
      body: new URLSearchParams(body),
    });
    const before = smtp.messages.length;
    await fetch(`${origin}/signin`, form({ email: "tls@example.com" }));
    const code = codeOf(await letterTo("tls@example.com", before));
    const signedIn = await fetch(`${origin}/signin/code`, form({ email: "tls@example.com", code }));
    expect(signedIn.status).toBe(303);
    const cookie = signedIn.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/skhema_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain("Secure");
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
  }, TIMEOUT);

  test("code requests are limited per address", async () => {
    const post = () =>
      fetch(`${origin}/signin`, { method: "POST", headers: { origin, "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ email: "flood@example.com" }) });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post()).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  }, TIMEOUT);

  test("code requests and tries are limited per client, whatever the addresses", async () => {
    const limited = await startServer({ SMTP_URL: smtp.url });
    try {
      const at = new URL(limited.url).origin;
      const post = (path: string, body: Record<string, string>) =>
        fetch(`${at}${path}`, { method: "POST", headers: { origin: at, "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(body) });
      const requests: number[] = [];
      for (let i = 0; i < 21; i++) requests.push((await post("/signin", { email: `client${i}@example.com` })).status);
      expect(requests.slice(0, 20).every((s) => s === 200)).toBe(true);
      expect(requests[20]).toBe(429);
      const tries: number[] = [];
      for (let i = 0; i < 31; i++) tries.push((await post("/signin/code", { email: `client${i % 20}@example.com`, code: "123456" })).status);
      expect(tries.slice(0, 30).every((s) => s === 400)).toBe(true);
      const last = await post("/signin/code", { email: "client0@example.com", code: "123456" });
      expect(last.status).toBe(429);
      expect(Number(last.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      await limited.stop();
    }
  }, TIMEOUT);

  test("a key: created with a name, shown once, renders through the API, revoked → 401; cross-site posts are refused", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await signIn(page, "keys.owner@example.com");
    const [row] = (await server.database.client.execute("SELECT id FROM users WHERE email = 'keys.owner@example.com'")).rows;
    await server.grant(Number(row!.id), 5);
    await page.fill("input[name=name]", "laptop");
    await page.click("form[action='/account/keys'] button");
    await page.waitForSelector("#new-key");
    const key = ((await page.textContent("#new-key")) ?? "").trim();
    expect(key).toMatch(/^rk_[0-9A-Za-z]{43}$/);
    expect(await page.textContent(".alert.warning")).toContain("Скопіюйте");
    // Post/Redirect/Get: the key is shown by a GET page; the curl example fails loudly on 402.
    expect(new URL(page.url()).pathname).toBe("/account/keys/new");
    expect(await page.textContent("pre.example")).toContain("curl --fail-with-body");
    expect(await page.textContent("#key-balance")).toContain("Кредитів на балансі: 5");
    expect(await page.textContent("#key-balance")).toContain("402");
    await screenshot(page, "key-created-uk-desktop");
    // A reload creates no second key and does not show this one again: it lands on the account.
    await page.reload();
    expect(new URL(page.url()).pathname).toBe("/account");
    expect(await page.content()).not.toContain(key);
    const keyRows = await server.database.client.execute({ sql: "SELECT COUNT(*) AS n FROM api_keys WHERE user_id = ?", args: [Number(row!.id)] });
    expect(Number(keyRows.rows[0]!.n)).toBe(1);

    const rendered = await render(key);
    expect(rendered.status).toBe(200);
    await page.goto(`${origin}/account`);
    const accountHtml = await page.content();
    expect(accountHtml).not.toContain(key);
    expect(accountHtml).toContain(key.slice(0, 9));
    expect(await page.textContent("table.keys")).toContain("laptop");
    expect(await balanceOn(page)).toBe(4);

    // A form posted from another origin with the user's cookie is refused.
    const cookie = (await context.cookies()).find((c) => c.name === "skhema_session")!;
    const forged = await fetch(`${origin}/account/keys`, {
      method: "POST",
      headers: { origin: "http://evil.example", cookie: `skhema_session=${cookie.value}`, "content-type": "application/x-www-form-urlencoded" },
      body: "name=stolen",
    });
    expect(forged.status).toBe(403);

    page.once("dialog", (dialog) => void dialog.accept());
    await Promise.all([page.waitForURL(`${origin}/account?done=revoked`), page.click("table.keys button.danger")]);
    expect((await render(key)).status).toBe(401);
    await context.close();
  }, TIMEOUT);

  test("a gift from the account page; the recipient signs in and finds the credits and the notification", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    await signIn(page, "giver@example.com");
    const [giver] = (await server.database.client.execute("SELECT id FROM users WHERE email = 'giver@example.com'")).rows;
    await server.grant(Number(giver!.id), 10);
    await page.reload();
    expect(await balanceOn(page)).toBe(10);

    // Sending asks first, naming the address and the quantity; declined, nothing is sent.
    const gift = "form[action='/account/gift#gift-title']";
    const questions: string[] = [];
    page.once("dialog", (dialog) => {
      questions.push(dialog.message());
      void dialog.dismiss();
    });
    await page.fill(`${gift} input[name=email]`, "friend@example.com");
    await page.fill(`${gift} input[name=qty]`, "3");
    await page.click(`${gift} button`);
    expect(questions).toEqual(["Надіслати на friend@example.com подарунок — кредитів: 3? Повернути їх не можна."]);
    expect(new URL(page.url()).pathname).toBe("/account");
    expect(await balanceOn(page)).toBe(10);
    page.on("dialog", (dialog) => void dialog.accept());

    // The same rules as POST /gift, with the reason said apart, by the form.
    await page.fill(`${gift} input[name=qty]`, "11");
    await page.click(`${gift} button`);
    await page.waitForSelector("#gift-error");
    expect(await page.textContent("#gift-error")).toBe("Не вдалося: кредитів на балансі 10, а це менше, ніж подарунок.");
    expect(new URL(page.url()).hash).toBe("#gift-title");
    await screenshot(page, "gift-failed-uk-desktop");
    await page.fill(`${gift} input[name=email]`, "Giver@Example.com");
    await page.fill(`${gift} input[name=qty]`, "1");
    await page.click(`${gift} button`);
    await page.waitForFunction(() => document.getElementById("gift-error")?.textContent?.includes("власна адреса") ?? false);

    await page.fill(`${gift} input[name=email]`, "friend@example.com");
    await page.fill(`${gift} input[name=qty]`, "3");
    await Promise.all([page.waitForURL(/done=gift/), page.click(`${gift} button`)]);
    expect(await balanceOn(page)).toBe(7);
    // The ledger row says to whom.
    expect(await page.textContent("table.ledger tbody tr:first-child")).toContain("подарунок надіслано (кому: friend@example.com)");
    const [friendBefore] = (await server.database.client.execute("SELECT signed_in_at FROM users WHERE email = 'friend@example.com'")).rows;
    expect(friendBefore!.signed_in_at).toBeNull();

    const friend = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const friendPage = await friend.newPage();
    await signIn(friendPage, "friend@example.com");
    expect(await balanceOn(friendPage)).toBe(3);
    expect(await friendPage.textContent(".notifications")).toContain("giver@example.com");
    expect(await friendPage.textContent("table.ledger tbody tr:first-child")).toContain("подарунок отримано (від: giver@example.com)");
    const [friendAfter] = (await server.database.client.execute("SELECT signed_in_at FROM users WHERE email = 'friend@example.com'")).rows;
    expect(friendAfter!.signed_in_at).not.toBeNull();
    await screenshot(friendPage, "account-uk-desktop");
    await Promise.all([friendPage.waitForURL(/done=read/), friendPage.click(".notifications button")]);
    expect(await friendPage.$(".notifications")).toBeNull();
    await friend.close();
    await context.close();
  }, TIMEOUT);

  test("top-up: the catalog, the jar link with its QR code and comment code, pending → credited by itself", async () => {
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop });
    const page = await context.newPage();
    const problems = watchProblems(page);
    await signIn(page, "buyer@example.com");
    expect(await balanceOn(page)).toBe(0);
    expect(await page.$$eval("#topup-title ~ .products form", (forms) => forms.length)).toBe(5); // 3 packs + 2 Pro tiers (the default catalog)
    await page.fill("form[action='/account/topup'] input[name=qty]", "10");
    await Promise.all([page.waitForURL(/\/account\/pay\/SK-/), page.click(".row-form button:not(.primary)")]);
    const comment = (await page.textContent("#comment-code"))!.trim();
    expect(comment).toMatch(/^SK-[A-Z0-9]+$/);
    const jar = new URL((await page.getAttribute("#jar-link", "href"))!);
    expect(jar.searchParams.get("t")).toBe(comment);
    expect(jar.searchParams.get("a")).toBe("20");
    expect(await page.$(".qr svg path")).not.toBeNull();
    expect(await page.$("button[data-copy=comment-code]")).not.toBeNull();
    await screenshot(page, "payment-uk-desktop");
    await fake.pay({ comment, amountKop: 2000 });
    // The page polls the status and reloads by itself once the payment is credited.
    await page.waitForSelector("#payment-paid", { timeout: 60_000 });
    expect(await page.textContent("#payment-paid")).toContain("10");
    await page.goto(`${origin}/account`);
    expect(await balanceOn(page)).toBe(10);
    expect(await page.textContent("table.ledger")).toContain("+10");
    expect(problems).toEqual([]);
    await context.close();
  }, TIMEOUT);

  test("top-up without a configured provider says payment is unavailable", async () => {
    const bare = await startServer({ SMTP_URL: smtp.url });
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      const bareOrigin = new URL(bare.url).origin;
      const before = smtp.messages.length;
      await page.goto(`${bareOrigin}/signin`);
      await page.fill("input[name=email]", "nopay@example.com");
      await page.click("button[type=submit].primary");
      await page.fill("input[name=code]", codeOf(await letterTo("nopay@example.com", before)));
      await Promise.all([page.waitForURL(`${bareOrigin}/account`), page.click("button[type=submit].primary")]);
      expect(await page.textContent("#topup-title + .alert")).toContain("Оплата зараз недоступна");
      expect(await page.$("form[action='/account/topup']")).toBeNull();
      // A development start tells the developer how to get a provider.
      expect(await page.textContent("#dev-provider")).toContain("npm run dev:provider");
      // Without Pro, the page says what Pro gives.
      expect(await page.textContent("#pro-status + .hint")).toContain("lang=native");
      await context.close();
    } finally {
      await bare.stop();
    }
  }, TIMEOUT);

  test("screenshots of the sign-in and account pages (uk, en; desktop, phone)", async () => {
    for (const [viewportName, viewport] of Object.entries(VIEWPORTS)) {
      for (const locale of ["uk", "en"]) {
        const context: BrowserContext = await browser.newContext({ viewport });
        await context.addCookies([{ name: "lang", value: locale, url: origin }]);
        const page = await context.newPage();
        await page.goto(`${origin}/signin`);
        await screenshot(page, `signin-${locale}-${viewportName}`);
        await signIn(page, `shots-${locale}-${viewportName}@example.com`);
        await screenshot(page, `account-${locale}-${viewportName}`);
        await page.fill("input[name=name]", "laptop");
        await Promise.all([page.waitForURL(/\/account\/keys\/new$/), page.click("form[action='/account/keys'] button")]);
        await screenshot(page, `key-created-${locale}-${viewportName}`);
        await context.close();
      }
    }
  }, TIMEOUT);
});

/**
 * Sign-in, sign-out and the account: e-mail code or link → session cookie; the account page and
 * its forms (keys, notifications, gift). Every state-changing request is a POST that the site's
 * origin guard (security.ts: Origin / Sec-Fetch-Site must be this site, whatever the body type) has
 * let through, on top of the SameSite=Lax cookie.
 */
import { Hono, type Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { bodyLimit } from "hono/body-limit";
import { and, eq } from "drizzle-orm";
import { giveCredits } from "../../server/accounts/gifts.ts";
import { createApiKey, KeyLimitReached, listApiKeys, MAX_ACTIVE_KEYS, revokeApiKey } from "../../server/accounts/keys.ts";
import { isEmail, normaliseEmail, type User } from "../../server/accounts/users.ts";
import type { Db } from "../../server/db/open.ts";
import { clientKey, type TrustedProxies } from "../../server/http/client-address.ts";
import { payments, users } from "../../server/db/schema.ts";
import { GiftRequest, TopupRequest } from "../../server/http/schemas.ts";
import { ApiError } from "../../server/http/errors.ts";
import { toUah } from "../../server/payments/catalog.ts";
import { createTopup, jarLink } from "../../server/payments/topup.ts";
import { PaymentPage, TopupSection } from "./pages/topup.tsx";
import { fill } from "../i18n/index.ts";
import { accountView, markRead } from "./account-data.ts";
import { CODE_TTL_MS, requestCode, verifyCode, verifyLink, type Verified } from "./auth/codes.ts";
import { endSession, openSessionStatements, overTls, sessionUser, setSessionCookie } from "./auth/sessions.ts";
import { AccountPage, KeyCreatedPage, purchaseText } from "./pages/account.tsx";
import type { PageFrame } from "./pages/layout.tsx";
import { CodePage, LinkPage, MessagePage, SignInPage } from "./pages/signin.tsx";
import { connectedAppsSection, pendingAuthorization } from "./oauth-routes.tsx";
import { frameOf, html, siteNotFound } from "./routes.tsx";
import type { SiteDeps } from "./routes.tsx";

/**
 * The new key on its way from POST /account/keys to the page that shows it (Post/Redirect/Get: a
 * reload must not create a second key). Only that page's path gets it, for minutes, and the page
 * deletes it as it shows the key: the key is seen once, as before.
 */
const NEW_KEY_COOKIE = "skhema_new_key";
const NEW_KEY_PATH = "/account/keys/new";
const NEW_KEY_SECONDS = 600;

/** Form posts of the site carry a few fields. */
const FORM_BODY_LIMIT = 16 * 1024;

type Env = { Variables: { user: User | null } };

/**
 * The client a limit counts (client-address.ts): the socket address from Bun's server (the app's
 * env under Bun.serve; hono/bun's getConnInfo does the same but its adapter module needs the Bun
 * global at import, and server/main.ts also runs on Deno), or behind a trusted proxy the address it
 * saw; an IPv6 client by its /64.
 */
function clientOf(c: Context, trusted: TrustedProxies): string {
  const server = c.env as { requestIP?: (request: Request) => { address: string } | null } | undefined;
  return clientKey(server?.requestIP?.(c.req.raw)?.address, c.req.raw.headers, trusted);
}

async function formField(c: Context, name: string): Promise<string> {
  const body = await c.req.parseBody();
  const value = body[name];
  return typeof value === "string" ? value.trim() : "";
}

function framed(c: Context<Env>): PageFrame {
  const user = c.get("user");
  return { ...frameOf(c), user: user ? { email: user.email } : null };
}

function limitedPage(c: Context<Env>, retryAfterS: number) {
  const frame = framed(c);
  c.header("Retry-After", String(retryAfterS));
  return html(c, frame, <MessagePage {...frame} title={frame.t.signIn.title} message={fill(frame.t.signIn.limited, { minutes: Math.ceil(retryAfterS / 60) })} />, 429);
}

/** The account of a verified address (created now if it is new), signed in with a new session. */
async function signIn(db: Db, c: Context<Env>, email: string) {
  const now = Date.now();
  await db.insert(users).values({ email, createdAt: now, locale: framed(c).locale }).onConflictDoNothing({ target: users.email });
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  const { token, statements } = openSessionStatements(db, user!.id, now);
  await db.$client.batch(statements, "write");
  setSessionCookie(c, token);
  // An app's authorization request that sent the user to sign in continues where it was.
  return c.redirect(pendingAuthorization(c) ?? "/account", 303);
}

async function afterVerification(db: Db, c: Context<Env>, result: Verified, onFailure: () => Promise<Response>) {
  if (result.ok) return signIn(db, c, result.email);
  if (result.retryAfterS !== undefined) return limitedPage(c, result.retryAfterS);
  return onFailure();
}

export function accountRoutes(deps: SiteDeps) {
  const { db } = deps;
  const app = new Hono<Env>();
  const client = (c: Context) => clientOf(c, deps.config.trustedProxies);
  for (const path of ["/signin", "/signin/*", "/signout", "/account/*"]) app.post(path, bodyLimit({ maxSize: FORM_BODY_LIMIT }));
  for (const path of ["/signin", "/signin/*", "/signout", "/account", "/account/*"]) {
    app.use(path, async (c, next) => {
      c.set("user", await sessionUser(db, c));
      await next();
    });
  }

  app.get("/signin", (c) => {
    const frame = framed(c);
    if (frame.user) return c.redirect("/account", 303);
    return html(c, frame, <SignInPage {...frame} />);
  });

  app.post("/signin", async (c) => {
    const frame = framed(c);
    const email = normaliseEmail(await formField(c, "email"));
    if (!isEmail(email)) return html(c, frame, <SignInPage {...frame} email={email} error={frame.t.signIn.badEmail} />, 400);
    const linkBase = new URL("/signin/link?token=", deps.config.origin).href;
    const result = await requestCode(db, { email, client: client(c), locale: frame.locale, linkBase });
    if (!result.ok) return limitedPage(c, result.retryAfterS);
    return html(c, frame, <CodePage {...frame} email={email} minutes={CODE_TTL_MS / 60_000} />);
  });

  app.post("/signin/code", async (c) => {
    const frame = framed(c);
    const body = await c.req.parseBody();
    const email = normaliseEmail(String(body.email ?? ""));
    const code = String(body.code ?? "").replace(/\s+/g, "");
    const result = await verifyCode(db, email, code, client(c));
    return afterVerification(db, c, result, () =>
      html(c, frame, <CodePage {...frame} email={email} minutes={CODE_TTL_MS / 60_000} error={frame.t.signIn.badCode} />, 400),
    );
  });

  // A mail scanner may open the link: opening it only shows a button; the POST signs in.
  app.get("/signin/link", (c) => {
    const frame = framed(c);
    return html(c, frame, <LinkPage {...frame} token={c.req.query("token") ?? ""} />);
  });
  app.post("/signin/link", async (c) => {
    const frame = framed(c);
    const result = await verifyLink(db, await formField(c, "token"), client(c));
    return afterVerification(db, c, result, () =>
      html(c, frame, <MessagePage {...frame} title={frame.t.signIn.linkTitle} message={frame.t.signIn.linkBad} back={{ href: "/signin", label: frame.t.signIn.again }} />, 400),
    );
  });

  app.post("/signout", async (c) => {
    await endSession(db, c);
    return c.redirect("/", 303);
  });

  // Everything under /account needs a session.
  app.use("/account", async (c, next) => (c.get("user") ? next() : c.redirect("/signin", 303)));
  app.use("/account/*", async (c, next) => (c.get("user") ? next() : c.redirect("/signin", 303)));

  async function showAccount(c: Context<Env>, extra: { flash?: string; gift?: { error?: string; email?: string; qty?: string } } = {}, status: 200 | 400 = 200) {
    const frame = framed(c);
    const page = Math.max(1, Math.min(1_000_000, Number.parseInt(c.req.query("page") ?? "1", 10) || 1));
    const { payments: paymentConfig } = deps.config;
    const topup = <TopupSection {...frame} catalog={paymentConfig.catalog} available={paymentConfig.monobank !== null} development={deps.config.dev} />;
    const apps = await connectedAppsSection(deps, frame, c.get("user")!.id);
    const view = { ...(await accountView(db, c.get("user")!, page)), ...extra, topup, apps };
    return html(c, frame, <AccountPage {...frame} view={view} />, status);
  }

  app.get("/account", (c) => {
    const t = framed(c).t.account;
    const done = c.req.query("done");
    // Only known results, numbers at most: a link cannot make the page say anything else.
    const qty = Number(c.req.query("qty"));
    const flash = done === "revoked" ? t.keyRevoked : done === "disconnected" ? framed(c).t.oauth.disconnected : done === "read" ? t.read : done === "gift" && Number.isSafeInteger(qty) ? fill(t.giftSent, { qty }) : undefined;
    return showAccount(c, flash ? { flash } : {});
  });

  app.post("/account/keys", async (c) => {
    const frame = framed(c);
    const name = (await formField(c, "name")).slice(0, 100);
    let created: Awaited<ReturnType<typeof createApiKey>>;
    try {
      created = await createApiKey(db, c.get("user")!.id, name);
    } catch (error) {
      if (error instanceof KeyLimitReached) return showAccount(c, { flash: fill(frame.t.account.keyLimit, { max: MAX_ACTIVE_KEYS }) }, 400);
      throw error;
    }
    setCookie(c, NEW_KEY_COOKIE, `${created.id}.${created.key}`, { path: NEW_KEY_PATH, httpOnly: true, sameSite: "Strict", secure: overTls(c), maxAge: NEW_KEY_SECONDS });
    return c.redirect(NEW_KEY_PATH, 303);
  });

  // The key's one showing: a reload (the cookie is gone) lands on the account, where the key is listed by its prefix.
  app.get(NEW_KEY_PATH, async (c) => {
    const frame = framed(c);
    const [id, secret] = (getCookie(c, NEW_KEY_COOKIE) ?? "").split(".");
    deleteCookie(c, NEW_KEY_COOKIE, { path: NEW_KEY_PATH, secure: overTls(c) });
    const user = c.get("user")!;
    const key = (await listApiKeys(db, user.id)).find((k) => String(k.id) === id && k.revokedAt === null);
    if (!key || !secret?.startsWith(key.prefix)) return c.redirect("/account", 303);
    // The key is in this answer only: never stored, never cached.
    c.header("Cache-Control", "no-store");
    return html(c, frame, <KeyCreatedPage {...frame} name={key.name} secret={secret} credits={user.credits} apiUrl={new URL("/v1", deps.config.origin).href} />);
  });

  app.post("/account/keys/:id/revoke", async (c) => {
    const id = Number(c.req.param("id"));
    if (Number.isSafeInteger(id)) await revokeApiKey(db, id, c.get("user")!.id);
    return c.redirect("/account?done=revoked", 303);
  });

  app.post("/account/notifications/read-all", async (c) => {
    await markRead(db, c.get("user")!.id);
    return c.redirect("/account?done=read", 303);
  });
  app.post("/account/notifications/:id/read", async (c) => {
    const id = Number(c.req.param("id"));
    if (Number.isSafeInteger(id)) await markRead(db, c.get("user")!.id, id);
    return c.redirect("/account?done=read", 303);
  });

  // The same rules and errors as POST /gift (its zod schema, then the shared giveCredits).
  app.post("/account/gift", async (c) => {
    const t = framed(c).t.account;
    const body = await c.req.parseBody();
    const email = String(body.email ?? "").trim();
    const qty = String(body.qty ?? "").trim();
    const again = (code: keyof typeof t.errors) => showAccount(c, { gift: { error: fill(t.errors[code], { credits: c.get("user")!.credits }), email, qty } }, 400);
    if (!isEmail(normaliseEmail(email))) return again("bad_email");
    const parsed = GiftRequest.safeParse({ email, qty: Number(qty) });
    if (!parsed.success || !/^\d+$/.test(qty)) return again("bad_qty");
    const result = await giveCredits(db, c.get("user")!, parsed.data.email, parsed.data.qty, { siteUrl: deps.config.origin });
    // Which of the two reasons, said apart (POST /gift answers gift_failed for both).
    if (!result.ok) return again(result.reason === "self" ? "gift_self" : "gift_balance");
    return c.redirect(`/account?done=gift&qty=${parsed.data.qty}`, 303);
  });

  // Top-up: the same request shape and rules as POST /topup (its zod schema, then createTopup).
  app.post("/account/topup", async (c) => {
    const t = framed(c).t.account;
    const body = await c.req.parseBody();
    const number = (v: unknown) => (typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : undefined);
    const parsed = TopupRequest.safeParse(
      body.kind === "credits_unit" ? { kind: "credits_unit", qty: number(body.qty) } : { kind: body.kind, id: number(body.id) },
    );
    if (!parsed.success) return showAccount(c, { flash: t.errors.bad_qty }, 400);
    const request = parsed.data.kind === "credits_unit" ? { kind: "credits_unit" as const, qty: parsed.data.qty! } : { kind: parsed.data.kind, id: parsed.data.id! };
    try {
      const answer = await createTopup(db, deps.config.payments, c.get("user")!.id, request);
      return c.redirect(`/account/pay/${encodeURIComponent(answer.comment)}`, 303);
    } catch (error) {
      if (error instanceof ApiError) return showAccount(c, { flash: error.code === "payment_unavailable" ? t.topupUnavailable : error.message }, 400);
      throw error;
    }
  });

  async function paymentOf(c: Context<Env>) {
    const [row] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.comment, c.req.param("comment") ?? ""), eq(payments.userId, c.get("user")!.id)));
    return row;
  }

  app.get("/account/pay/:comment", async (c) => {
    const frame = framed(c);
    const payment = await paymentOf(c);
    if (!payment) return siteNotFound(c);
    const monobank = deps.config.payments.monobank;
    const [owner] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, payment.userId));
    const view = {
      comment: payment.comment,
      label: purchaseText(frame.t, { credits: payment.qty ?? 0, days: payment.days ?? 0 }),
      amountUah: toUah(payment.amountKop),
      status: payment.status,
      jarUrl: monobank ? jarLink(monobank, payment.amountKop, payment.comment) : null,
      credits: owner?.credits ?? 0,
    };
    return html(c, frame, <PaymentPage {...frame} payment={view} />);
  });

  // Polled by the payment page: it reloads once the status is no longer pending.
  app.get("/account/pay/:comment/status", async (c) => {
    const payment = await paymentOf(c);
    if (!payment) return c.json({ status: "unknown" }, 404);
    c.header("Cache-Control", "no-store");
    return c.json({ status: payment.status });
  });

  return app;
}

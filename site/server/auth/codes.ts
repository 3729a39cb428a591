/**
 * E-mail sign-in: a request makes a one-time code and link (only hashes stored) and queues the
 * letter through the outbox in the same write batch; the code or the link then signs in once.
 * Codes expire after CODE_TTL_MS; the caller answers the same whether or not the address has an
 * account. Every limit is a database-backed counter that all processes share, and it is built so
 * that nobody else can keep a person from signing in:
 * - a new code does not replace the address's earlier ones (up to MAX_LIVE_CODES live at once), so
 *   someone asking for codes for your address does not void the one in your inbox;
 * - code requests are counted per client and per (address, client), with only a generous daily cap
 *   per address against mail-bombing;
 * - wrong guesses are counted per client (its IPv4 address or IPv6 /64, client-address.ts): a
 *   budget per 15 minutes and a daily cap, so one client's failures lock out only that client;
 * - every try against a code is counted in the code's row first, atomically, and only then compared
 *   (MAX_ATTEMPTS_PER_CODE): guessing a six-digit code stays hopeless however many clients try.
 */
import type { InArgs } from "@libsql/client";
import { and, desc, eq, gt, isNull, lt, notInArray, sql, type SQL } from "drizzle-orm";
import { normaliseEmail } from "../../../server/accounts/users.ts";
import type { Db } from "../../../server/db/open.ts";
import { signInCodes, users, type Locale } from "../../../server/db/schema.ts";
import { countRequest, peekCount } from "../../../server/http/rate-limit.ts";
import { enqueueMail, mailQueued } from "../../../server/mail/outbox.ts";
import { templates } from "../../../server/mail/templates/index.ts";
import { newCode, newToken, sameHash, sha256Hex } from "../../../server/accounts/secrets.ts";

export const CODE_TTL_MS = 15 * 60_000;
/** Tries (right or wrong) a code takes, from everyone together. */
export const MAX_ATTEMPTS_PER_CODE = 10;
/** Live codes an address may hold; a request beyond it drops the oldest. */
export const MAX_LIVE_CODES = 5;

export const LIMIT_WINDOW_MS = 15 * 60_000;
export const DAY_MS = 86_400_000;
/** Limits of the sign-in forms: per LIMIT_WINDOW_MS unless the name says per day. */
export const LIMITS = {
  /** Codes one client asks for one address. */
  requestsPerAddressAndClient: 5,
  /** Codes sent to one address a day, from everyone (against mail-bombing; needs many clients to reach). */
  requestsPerAddressPerDay: 30,
  /** Codes asked for by one client, whatever the addresses. */
  requestsPerClient: 20,
  /** Wrong codes and links from one client. */
  failuresPerClient: 30,
  /** Wrong codes and links from one client a day. */
  failuresPerClientPerDay: 100,
} as const;

export type Limited = { ok: false; retryAfterS: number };

const limitedFor = (resetAt: number, now: number): Limited => ({ ok: false, retryAfterS: Math.max(1, Math.ceil((resetAt - now) / 1000)) });

/** Counts one request against `key`; Limited when it is over `limit` within `windowMs`. */
async function withinLimit(db: Db, key: string, limit: number, now: number, windowMs = LIMIT_WINDOW_MS): Promise<Limited | null> {
  const { count, resetAt } = await countRequest(db, key, windowMs, now);
  return count > limit ? limitedFor(resetAt, now) : null;
}

/** Limited while the client's failures have reached either budget (read, not counted). */
async function failuresLeft(db: Db, client: string, now: number): Promise<Limited | null> {
  for (const [key, limit, windowMs] of [
    [`signin-fail:${client}`, LIMITS.failuresPerClient, LIMIT_WINDOW_MS],
    [`signin-fail-day:${client}`, LIMITS.failuresPerClientPerDay, DAY_MS],
  ] as const) {
    const { count, resetAt } = await peekCount(db, key, windowMs, now);
    if (count >= limit) return limitedFor(resetAt, now);
  }
  return null;
}

async function failed(db: Db, client: string, now: number): Promise<{ ok: false }> {
  await countRequest(db, `signin-fail:${client}`, LIMIT_WINDOW_MS, now);
  await countRequest(db, `signin-fail-day:${client}`, DAY_MS, now);
  return { ok: false };
}

const codeHash = (tokenHash: string, code: string) => sha256Hex(`${tokenHash}:${code}`);

export interface CodeRequest {
  email: string;
  /** Who asks (the client's address): the per-client limit's key. */
  client: string;
  /** Language of the letter. */
  locale: Locale;
  /** Absolute URL of the link page, the token is appended (`…/signin/link?token=`). */
  linkBase: string;
}

/** Sends a code and link to `email` (a valid address), unless a limit is reached. */
export async function requestCode(db: Db, request: CodeRequest, now = Date.now()): Promise<{ ok: true } | Limited> {
  const email = normaliseEmail(request.email);
  const limited =
    (await withinLimit(db, `signin-client:${request.client}`, LIMITS.requestsPerClient, now)) ??
    (await withinLimit(db, `signin-address:${email}:${request.client}`, LIMITS.requestsPerAddressAndClient, now)) ??
    (await withinLimit(db, `signin-address-day:${email}`, LIMITS.requestsPerAddressPerDay, now, DAY_MS));
  if (limited) return limited;

  const token = newToken();
  const code = newCode();
  const tokenHash = sha256Hex(token);
  const [account] = await db.select({ locale: users.locale }).from(users).where(eq(users.email, email));
  const letter = templates(account?.locale ?? request.locale).signIn({ code, link: `${request.linkBase}${token}`, minutes: CODE_TTL_MS / 60_000 });
  const keep = db
    .select({ id: signInCodes.id })
    .from(signInCodes)
    .where(and(eq(signInCodes.email, email), isNull(signInCodes.usedAt), gt(signInCodes.expiresAt, now)))
    .orderBy(desc(signInCodes.id))
    .limit(MAX_LIVE_CODES - 1);
  const statements = [
    // Earlier live codes stay usable (someone else asking must not void yours); the oldest beyond
    // MAX_LIVE_CODES, and every used or expired one of the address, go.
    db.delete(signInCodes).where(and(eq(signInCodes.email, email), notInArray(signInCodes.id, keep))).toSQL(),
    db.insert(signInCodes).values({ email, tokenHash, codeHash: codeHash(tokenHash, code), createdAt: now, expiresAt: now + CODE_TTL_MS }).toSQL(),
  ].map((s) => ({ sql: s.sql, args: s.params as InArgs }));
  await db.$client.batch([...statements, enqueueMail(db, { kind: "sign_in", to: email, ...letter }, now)], "write");
  mailQueued();
  return { ok: true };
}

/** Marks a code row used, once: two tabs submitting the same code cannot both sign in. */
async function consume(db: Db, id: number, now: number): Promise<string | null> {
  const [row] = await db
    .update(signInCodes)
    .set({ usedAt: now })
    .where(and(eq(signInCodes.id, id), isNull(signInCodes.usedAt), gt(signInCodes.expiresAt, now)))
    .returning({ email: signInCodes.email });
  return row?.email ?? null;
}

export type Verified = { ok: true; email: string } | { ok: false; retryAfterS?: number };

/**
 * Counts one try against every live code of `email` (or the one of `tokenHash`) that has tries
 * left, in one UPDATE, before anything is compared: two requests can never both see the last try.
 * The rows it counted are the ones the try may be compared with.
 */
function countTry(db: Db, where: SQL, now: number) {
  return db
    .update(signInCodes)
    .set({ attempts: sql`${signInCodes.attempts} + 1` })
    .where(and(where, isNull(signInCodes.usedAt), gt(signInCodes.expiresAt, now), lt(signInCodes.attempts, MAX_ATTEMPTS_PER_CODE)))
    .returning({ id: signInCodes.id, tokenHash: signInCodes.tokenHash, codeHash: signInCodes.codeHash });
}

/** Checks `code` against the live codes of `email`; the address it signs in, or a failure. */
export async function verifyCode(db: Db, emailInput: string, code: string, client: string, now = Date.now()): Promise<Verified> {
  const limited = await failuresLeft(db, client, now);
  if (limited) return limited;
  if (!/^\d{6}$/.test(code)) return failed(db, client, now);
  const email = normaliseEmail(emailInput);
  const tried = await countTry(db, eq(signInCodes.email, email), now);
  const match = tried.find((row) => sameHash(row.codeHash, codeHash(row.tokenHash, code)));
  const consumed = match ? await consume(db, match.id, now) : null;
  return consumed ? { ok: true, email: consumed } : failed(db, client, now);
}

/** Checks a link token; the address it signs in, or a failure. */
export async function verifyLink(db: Db, token: string, client: string, now = Date.now()): Promise<Verified> {
  const limited = await failuresLeft(db, client, now);
  if (limited) return limited;
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return failed(db, client, now);
  const [row] = await countTry(db, eq(signInCodes.tokenHash, sha256Hex(token)), now);
  const consumed = row ? await consume(db, row.id, now) : null;
  return consumed ? { ok: true, email: consumed } : failed(db, client, now);
}

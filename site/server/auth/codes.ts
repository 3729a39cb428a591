/**
 * E-mail sign-in: a request makes a one-time code and link (only hashes stored) and queues the
 * letter through the outbox in the same write batch; the code or the link then signs in once.
 * Codes expire after CODE_TTL_MS and die after MAX_WRONG_CODES wrong guesses; requests are
 * limited per address and per client (the database-backed counter every process shares). The
 * caller answers the same whether or not the address has an account.
 */
import type { InArgs } from "@libsql/client";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { normaliseEmail } from "../../../server/accounts/users.ts";
import type { Db } from "../../../server/db/open.ts";
import { signInCodes, users, type Locale } from "../../../server/db/schema.ts";
import { countRequest } from "../../../server/http/rate-limit.ts";
import { enqueueMail, mailQueued } from "../../../server/mail/outbox.ts";
import { templates } from "../../../server/mail/templates/index.ts";
import { newCode, newToken, sameHash, sha256Hex } from "./tokens.ts";

export const CODE_TTL_MS = 15 * 60_000;
export const MAX_WRONG_CODES = 5;

/** Limits of the sign-in forms, each over LIMIT_WINDOW_MS. */
export const LIMIT_WINDOW_MS = 15 * 60_000;
export const LIMITS = {
  /** Codes sent to one address (stops mail-bombing someone). */
  requestsPerAddress: 5,
  /** Codes asked for by one client, whatever the addresses. */
  requestsPerClient: 20,
  /** Codes and links tried by one client (with MAX_WRONG_CODES per code: guessing stays hopeless). */
  verificationsPerClient: 30,
} as const;

export type Limited = { ok: false; retryAfterS: number };

async function withinLimit(db: Db, key: string, limit: number, now: number): Promise<Limited | null> {
  const { count, resetAt } = await countRequest(db, key, LIMIT_WINDOW_MS, now);
  return count > limit ? { ok: false, retryAfterS: Math.max(1, Math.ceil((resetAt - now) / 1000)) } : null;
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
    (await withinLimit(db, `signin-address:${email}`, LIMITS.requestsPerAddress, now));
  if (limited) return limited;

  const token = newToken();
  const code = newCode();
  const tokenHash = sha256Hex(token);
  const [account] = await db.select({ locale: users.locale }).from(users).where(eq(users.email, email));
  const letter = templates(account?.locale ?? request.locale).signIn({ code, link: `${request.linkBase}${token}`, minutes: CODE_TTL_MS / 60_000 });
  const statements = [
    // A new code replaces the older ones of the address.
    db.delete(signInCodes).where(and(eq(signInCodes.email, email), isNull(signInCodes.usedAt))).toSQL(),
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

/** Checks `code` against the newest live code of `email`; the address it signs in, or a failure. */
export async function verifyCode(db: Db, emailInput: string, code: string, client: string, now = Date.now()): Promise<Verified> {
  const limited = await withinLimit(db, `signin-verify:${client}`, LIMITS.verificationsPerClient, now);
  if (limited) return limited;
  const email = normaliseEmail(emailInput);
  const [row] = await db
    .select()
    .from(signInCodes)
    .where(and(eq(signInCodes.email, email), isNull(signInCodes.usedAt), gt(signInCodes.expiresAt, now)))
    .orderBy(desc(signInCodes.id))
    .limit(1);
  if (!row || row.attempts >= MAX_WRONG_CODES) return { ok: false };
  if (!/^\d{6}$/.test(code) || !sameHash(row.codeHash, codeHash(row.tokenHash, code))) {
    await db.update(signInCodes).set({ attempts: sql`${signInCodes.attempts} + 1` }).where(eq(signInCodes.id, row.id));
    return { ok: false };
  }
  const consumed = await consume(db, row.id, now);
  return consumed ? { ok: true, email: consumed } : { ok: false };
}

/** Checks a link token; the address it signs in, or a failure. */
export async function verifyLink(db: Db, token: string, client: string, now = Date.now()): Promise<Verified> {
  const limited = await withinLimit(db, `signin-verify:${client}`, LIMITS.verificationsPerClient, now);
  if (limited) return limited;
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return { ok: false };
  const [row] = await db.select({ id: signInCodes.id, attempts: signInCodes.attempts }).from(signInCodes).where(eq(signInCodes.tokenHash, sha256Hex(token)));
  if (!row || row.attempts >= MAX_WRONG_CODES) return { ok: false };
  const consumed = await consume(db, row.id, now);
  return consumed ? { ok: true, email: consumed } : { ok: false };
}

/**
 * Site sessions: a random token in an HttpOnly cookie, only its SHA-256 in the `sessions` table.
 * The cookie is SameSite=Lax (no cross-site POST carries it) and Secure when the request came
 * over TLS (directly or through a proxy that says so).
 */
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { and, desc, eq, gt, notInArray, sql } from "drizzle-orm";
import type { InArgs, InStatement } from "@libsql/client";
import type { User } from "../../../server/accounts/users.ts";
import type { Db } from "../../../server/db/open.ts";
import { sessions, users } from "../../../server/db/schema.ts";
import { newToken, sha256Hex } from "../../../server/accounts/secrets.ts";

export const SESSION_COOKIE = "skhema_session";
const SESSION_DAYS = 30;
const SESSION_MS = SESSION_DAYS * 86_400_000;
/** Live sessions one account keeps (browsers, devices); a new sign-in ends the oldest beyond it. */
export const MAX_SESSIONS = 10;

/** Over TLS: the request's own scheme, or a TLS-terminating proxy's X-Forwarded-Proto. */
export function overTls(c: Context): boolean {
  return new URL(c.req.url).protocol === "https:" || c.req.header("x-forwarded-proto")?.split(",")[0]?.trim() === "https";
}

/**
 * The statements that open a session for `userId` (run them in the caller's batch: the first
 * sign-in of a gift-created account sets signedInAt in the same step), and the token for the cookie.
 */
export function openSessionStatements(db: Db, userId: number, now = Date.now()): { token: string; statements: InStatement[] } {
  const token = newToken();
  const keep = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.id))
    .limit(MAX_SESSIONS - 1);
  const statements = [
    db.delete(sessions).where(and(eq(sessions.userId, userId), notInArray(sessions.id, keep))).toSQL(),
    db.insert(sessions).values({ userId, tokenHash: sha256Hex(token), createdAt: now, expiresAt: now + SESSION_MS }).toSQL(),
    db.update(users).set({ signedInAt: now }).where(and(eq(users.id, userId), sql`${users.signedInAt} IS NULL`)).toSQL(),
  ].map((s) => ({ sql: s.sql, args: s.params as InArgs }));
  return { token, statements };
}

export function setSessionCookie(c: Context, token: string): void {
  setCookie(c, SESSION_COOKIE, token, { path: "/", httpOnly: true, sameSite: "Lax", secure: overTls(c), maxAge: SESSION_DAYS * 86_400 });
}

/** The signed-in user of this request, or null (no cookie, unknown or expired session). */
export async function sessionUser(db: Db, c: Context): Promise<User | null> {
  const token = getCookie(c, SESSION_COOKIE);
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sha256Hex(token)), gt(sessions.expiresAt, Date.now())));
  return row?.user ?? null;
}

/** Ends this request's session (the row and the cookie). */
export async function endSession(db: Db, c: Context): Promise<void> {
  const token = getCookie(c, SESSION_COOKIE);
  if (token) await db.delete(sessions).where(eq(sessions.tokenHash, sha256Hex(token)));
  deleteCookie(c, SESSION_COOKIE, { path: "/", secure: overTls(c) });
}

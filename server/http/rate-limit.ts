/**
 * The per-key limit of the free endpoints (interface.md §8: 60 requests per minute on /me, /topup,
 * /gift, /products), counted in the database so that it holds across every server process sharing
 * it — one more process behind the proxy must not mean one more budget.
 *
 * A key's window opens with its first request and lasts windowMs; one UPSERT counts the request and
 * opens a new window when the old one has passed, atomically (a single statement, so two processes
 * can neither lose a count nor both reset the window). Over the limit the answer is 429 with
 * Retry-After: the seconds until the key's window ends.
 */
import { eq, sql } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { Db } from "../db/open.ts";
import { rateLimits } from "../db/schema.ts";
import type { AuthEnv } from "./auth.ts";
import { ApiError } from "./errors.ts";

export interface RateLimit {
  limit: number;
  windowMs: number;
}

/** Counts one request for `key`; returns the count within the current window and when that window ends. */
export async function countRequest(db: Db, key: string, windowMs: number, now = Date.now()): Promise<{ count: number; resetAt: number }> {
  const current = sql`${rateLimits.windowStart} > ${now - windowMs}`;
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: now, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      // Both right-hand sides read the row as it was before this update.
      set: {
        count: sql`CASE WHEN ${current} THEN ${rateLimits.count} + 1 ELSE 1 END`,
        windowStart: sql`CASE WHEN ${current} THEN ${rateLimits.windowStart} ELSE ${now} END`,
      },
    })
    .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
  return { count: row!.count, resetAt: row!.windowStart + windowMs };
}

/** The count of `key` within its current window without counting anything (0 when the window has passed). */
export async function peekCount(db: Db, key: string, windowMs: number, now = Date.now()): Promise<{ count: number; resetAt: number }> {
  const [row] = await db.select({ count: rateLimits.count, windowStart: rateLimits.windowStart }).from(rateLimits).where(eq(rateLimits.key, key));
  if (!row || row.windowStart <= now - windowMs) return { count: 0, resetAt: now + windowMs };
  return { count: row.count, resetAt: row.windowStart + windowMs };
}

/** Middleware after requireKey: the key's id is what is counted. */
export function rateLimit(db: Db, { limit, windowMs }: RateLimit) {
  return createMiddleware<AuthEnv>(async (c, next) => {
    const now = Date.now();
    const { count, resetAt } = await countRequest(db, c.get("auth").credential, windowMs, now);
    if (count > limit) {
      c.header("Retry-After", String(Math.max(1, Math.ceil((resetAt - now) / 1000))));
      throw new ApiError("rate_limited", `more than ${limit} requests per minute with this key; see Retry-After`);
    }
    await next();
  });
}

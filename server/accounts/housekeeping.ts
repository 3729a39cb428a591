/**
 * What the database must not keep forever: ended sessions, spent sign-in codes, counters of
 * windows long past, payments that expired unpaid long ago, expired temporary links and OAuth
 * codes and tokens. Every server process runs it now and
 * then (server/main.ts); the statements are idempotent, so processes sharing a database may overlap.
 */
import { and, eq, lt, notExists, sql } from "drizzle-orm";
import type { Db } from "../db/open.ts";
import { oauthSecrets, paymentItems, payments, rateLimits, sessions, signInCodes } from "../db/schema.ts";
import { purgeExpiredLinks } from "../links/store.ts";

const DAY_MS = 86_400_000;
/** The longest counter window (the daily sign-in caps), with a day to spare. */
const COUNTER_KEEP_MS = 2 * DAY_MS;
/** A sign-in code is kept a day after it ended (the support desk may ask about it). */
const CODE_KEEP_MS = DAY_MS;
/**
 * An expired, unpaid payment is kept past the bank's longest statement window (31 days + 1 hour)
 * and the poller's overlap: a payment made that late is still read, and without its row it is
 * recorded as `unknown_code` for the operator instead of being lost.
 */
export const EXPIRED_PAYMENT_KEEP_MS = 35 * DAY_MS;
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;

export async function purgeStale(db: Db, now = Date.now()): Promise<{ sessions: number; codes: number; counters: number; payments: number; links: number; oauth: number }> {
  const ended = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
  const codes = await db.delete(signInCodes).where(lt(signInCodes.expiresAt, now - CODE_KEEP_MS)).returning({ id: signInCodes.id });
  const counters = await db.delete(rateLimits).where(lt(rateLimits.windowStart, now - COUNTER_KEEP_MS)).returning({ key: rateLimits.key });
  const unpaid = await db
    .delete(payments)
    .where(
      and(
        eq(payments.status, "expired"),
        lt(payments.expiresAt, now - EXPIRED_PAYMENT_KEEP_MS),
        notExists(db.select({ one: sql`1` }).from(paymentItems).where(eq(paymentItems.paymentId, payments.id))),
      ),
    )
    .returning({ id: payments.id });
  const links = await purgeExpiredLinks(db, now);
  // Codes and tokens a day after they ended (expired, spent or revoked); a grant stays as the record of a connection.
  const oauth = await db.delete(oauthSecrets).where(lt(oauthSecrets.expiresAt, now - DAY_MS)).returning({ id: oauthSecrets.id });
  return { sessions: ended.length, codes: codes.length, counters: counters.length, payments: unpaid.length, links, oauth: oauth.length };
}

/** Runs `purgeStale` now and every HOUSEKEEPING_INTERVAL_MS; a failure is logged and tried again later. */
export function startHousekeeping(db: Db): { stop(): void } {
  const run = () => void purgeStale(db).catch((err) => console.error(`housekeeping: ${err instanceof Error ? err.message : String(err)}`));
  run();
  const timer = setInterval(run, HOUSEKEEPING_INTERVAL_MS);
  return { stop: () => clearInterval(timer) };
}

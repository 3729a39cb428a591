/**
 * Every change of a balance: one conditional UPDATE and its ledger row, committed together.
 *
 * Both statements go to libSQL as one batch (one transaction, one synchronous call into the embedded
 * engine), never as an interactive transaction: nothing else in this process can run between them,
 * another process waits on the file lock, and a killed process leaves either both or neither.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/open.ts";
import { ledger, users, type LedgerReason } from "../db/schema.ts";

/**
 * Adds `delta` (negative to charge) to a user's balance unless that would take it below zero.
 * Returns the new balance, or null when the balance was too small (nothing changed).
 */
export async function applyDelta(db: Db, userId: number, delta: number, reason: LedgerReason, ref: string): Promise<number | null> {
  if (!Number.isSafeInteger(delta) || delta === 0) throw new Error(`a ledger change must be a non-zero whole number, got ${delta}`);
  const now = Date.now();
  const [updated] = await db.batch([
    db
      .update(users)
      .set({ credits: sql`${users.credits} + ${delta}` })
      .where(and(eq(users.id, userId), sql`${users.credits} + ${delta} >= 0`))
      .returning({ credits: users.credits }),
    // changes() is the row count of the UPDATE just above: the row is written only if it applied.
    db.run(sql`INSERT INTO ledger (user_id, delta, balance_after, reason, ref, created_at)
      SELECT id, ${delta}, credits, ${reason}, ${ref}, ${now} FROM users WHERE id = ${userId} AND changes() = 1`),
  ]);
  return updated[0]?.credits ?? null;
}

export type LedgerRow = typeof ledger.$inferSelect;

/** A user's ledger, newest first. */
export function ledgerOf(db: Db, userId: number, limit = 100): Promise<LedgerRow[]> {
  return db.select().from(ledger).where(eq(ledger.userId, userId)).orderBy(desc(ledger.id)).limit(limit);
}

/**
 * Every change of a balance: one conditional UPDATE and its ledger row, committed together.
 *
 * Both statements go to libSQL as one write batch (BEGIN IMMEDIATE … COMMIT in one synchronous call
 * into the embedded engine), never as an interactive transaction: nothing else in this process can
 * run between them, another process waits on the file lock, and a killed process leaves either both
 * or neither. The SQL is built by drizzle once per database (with placeholders) — on the hot path of
 * every render, rebuilding it per call cost more than running it.
 */
import type { InStatement } from "@libsql/client";
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { fillPlaceholders } from "drizzle-orm/sql";
import type { Db } from "../db/open.ts";
import { ledger, users, type LedgerReason } from "../db/schema.ts";

interface Built {
  sql: string;
  params: unknown[];
}

/** `guard`: an extra SQL condition the change needs (a caller's batch decides inside SQL whether it applies). */
function buildStatements(db: Db, guard?: SQL): [Built, Built] {
  const delta = sql.placeholder("delta");
  const userId = sql.placeholder("userId");
  const update = db
    .update(users)
    .set({ credits: sql`${users.credits} + ${delta}` })
    .where(and(eq(users.id, userId), sql`${users.credits} + ${delta} >= 0`, guard))
    .returning({ credits: users.credits });
  // changes() is the row count of the UPDATE just before: the row is written only if it applied.
  const insert = db.insert(ledger).select(
    db
      .select({
        id: sql`NULL`.as("id"), // the table's keys, all of them: NULL lets SQLite number the row
        userId: users.id,
        delta: sql`${delta}`.as("delta"),
        balanceAfter: users.credits,
        reason: sql`${sql.placeholder("reason")}`.as("reason"),
        ref: sql`${sql.placeholder("ref")}`.as("ref"),
        createdAt: sql`${sql.placeholder("now")}`.as("created_at"),
      })
      .from(users)
      .where(and(eq(users.id, userId), sql`changes() = 1`)),
  );
  return [update.toSQL(), insert.toSQL()];
}

const statements = new WeakMap<Db, [Built, Built]>();

type Args = InStatement extends { args?: infer A } ? A : never;

function filled(built: readonly Built[], values: Record<string, unknown>): InStatement[] {
  return built.map((s) => ({ sql: s.sql, args: fillPlaceholders(s.params, values) as Args }));
}

/**
 * The two statements of a balance change (conditional update, then its ledger row), to run inside
 * the caller's own write batch — e.g. a payment's crediting, which commits the payment's new status
 * in the same batch. They apply only when `guard` holds when they run; they must stay adjacent
 * (the ledger row checks that the update just before it changed the row).
 */
export function balanceChangeStatements(db: Db, change: { userId: number; delta: number; reason: LedgerReason; ref: string; now: number }, guard: SQL): InStatement[] {
  checkDelta(change.delta);
  return filled(buildStatements(db, guard), change);
}

function checkDelta(delta: number): void {
  if (!Number.isSafeInteger(delta) || delta === 0) throw new Error(`a ledger change must be a non-zero whole number, got ${delta}`);
}

/**
 * Adds `delta` (negative to charge) to a user's balance unless that would take it below zero.
 * Returns the new balance, or null when the balance was too small (nothing changed).
 */
export async function applyDelta(db: Db, userId: number, delta: number, reason: LedgerReason, ref: string): Promise<number | null> {
  checkDelta(delta);
  let built = statements.get(db);
  if (!built) statements.set(db, (built = buildStatements(db)));
  const [updated] = await db.$client.batch(filled(built, { delta, userId, reason, ref, now: Date.now() }), "write");
  const credits = updated?.rows[0]?.credits;
  return credits === undefined ? null : Number(credits);
}

export type LedgerRow = typeof ledger.$inferSelect;

/** A user's ledger, newest first. */
export function ledgerOf(db: Db, userId: number, limit = 100): Promise<LedgerRow[]> {
  return db.select().from(ledger).where(eq(ledger.userId, userId)).orderBy(desc(ledger.id)).limit(limit);
}

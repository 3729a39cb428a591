/**
 * Every change of a balance: one conditional UPDATE and its ledger row, committed together.
 *
 * Both statements go to libSQL as one write batch (BEGIN IMMEDIATE … COMMIT in one synchronous call
 * into the embedded engine), never as an interactive transaction: nothing else in this process can
 * run between them, another process waits on the file lock, and a killed process leaves either both
 * or neither. The SQL is built by drizzle once per database (with placeholders) — on the hot path of
 * every render, rebuilding it per call cost more than running it — and an embedded database runs it
 * on statements prepared once (db/prepared-writes.ts).
 */
import type { InArgs, InStatement, InValue } from "@libsql/client";
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { fillPlaceholders } from "drizzle-orm/sql";
import type { Db } from "../db/open.ts";
import { preparedWrites } from "../db/prepared-writes.ts";
import { ledger, users, type LedgerReason } from "../db/schema.ts";

interface Built {
  sql: string;
  params: unknown[];
}

function buildStatements(db: Db): [Built, Built] {
  const delta = sql.placeholder("delta");
  const userId = sql.placeholder("userId");
  const update = db
    .update(users)
    .set({ credits: sql`${users.credits} + ${delta}` })
    .where(and(eq(users.id, userId), sql`${users.credits} + ${delta} >= 0`))
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

/**
 * Adds `delta` (negative to charge) to a user's balance unless that would take it below zero.
 * Returns the new balance, or null when the balance was too small (nothing changed).
 */
export async function applyDelta(db: Db, userId: number, delta: number, reason: LedgerReason, ref: string): Promise<number | null> {
  if (!Number.isSafeInteger(delta) || delta === 0) throw new Error(`a ledger change must be a non-zero whole number, got ${delta}`);
  let built = statements.get(db);
  if (!built) statements.set(db, (built = buildStatements(db)));
  const values = { delta, userId, reason, ref, now: Date.now() };
  const batch = built.map((s) => ({ sql: s.sql, args: fillPlaceholders(s.params, values) as InValue[] }));
  const prepared = preparedWrites(db.$client);
  const [rows] = prepared ? prepared.batch(batch) : (await db.$client.batch(batch, "write")).map((r) => r.rows);
  const credits = rows?.[0]?.credits;
  return credits === undefined ? null : Number(credits);
}

export type LedgerRow = typeof ledger.$inferSelect;

/** A user's ledger, newest first. */
export function ledgerOf(db: Db, userId: number, limit = 100): Promise<LedgerRow[]> {
  return db.select().from(ledger).where(eq(ledger.userId, userId)).orderBy(desc(ledger.id)).limit(limit);
}

/** Which user a change applies to, as a condition on `users` (by id, or by e-mail for an account made in the same batch). */
export type UserCondition = SQL;

export interface BatchedChange {
  user: UserCondition;
  delta: number;
  reason: LedgerReason;
  /** The ledger reference; SQL when it is only known inside the batch (the id of a row inserted just before). */
  ref: string | SQL;
}

/**
 * A balance change as two statements for the caller's own write batch, for changes that must commit
 * together with other rows (a gift: two ledgers, the gift row, a notification, an e-mail). Unlike
 * applyDelta nothing is skipped: if the balance would go below zero the UPDATE breaks the
 * credits_not_negative check, and libSQL rolls the whole batch back (isBalanceTooLow tells that
 * failure apart). So either every row of the batch is written, or none.
 */
export function batchedDelta(db: Db, change: BatchedChange, now = Date.now()): InStatement[] {
  if (!Number.isSafeInteger(change.delta) || change.delta === 0) throw new Error(`a ledger change must be a non-zero whole number, got ${change.delta}`);
  const update = db
    .update(users)
    .set({ credits: sql`${users.credits} + ${change.delta}` })
    .where(change.user)
    .returning({ credits: users.credits });
  const insert = db.insert(ledger).select(
    db
      .select({
        id: sql`NULL`.as("id"),
        userId: users.id,
        delta: sql`${change.delta}`.as("delta"),
        balanceAfter: users.credits,
        reason: sql`${change.reason}`.as("reason"),
        ref: sql`${change.ref}`.as("ref"),
        createdAt: sql`${now}`.as("created_at"),
      })
      .from(users)
      .where(change.user),
  );
  return [update.toSQL(), insert.toSQL()].map((s) => ({ sql: s.sql, args: s.params as InArgs }));
}

/** The failure of a batch whose batchedDelta would have taken a balance below zero. */
export function isBalanceTooLow(err: unknown): boolean {
  return err instanceof Error && /CHECK constraint failed: credits_not_negative/.test(err.message);
}

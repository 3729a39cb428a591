/**
 * The e-mail outbox: mail is a row written in the caller's own transaction, next to what it reports
 * (a gift, a payment, a sign-in code). If the transaction rolls back there is no mail; if it commits
 * the mail cannot be lost — a sender (sender.ts) in some server process delivers it, retrying with
 * backoff through SMTP outages. Nothing here talks to SMTP.
 *
 * Use:
 *   const stmt = enqueueMail(db, { kind: "gift", to, ...templates(locale).gift({...}) });
 *   await db.$client.batch([...yourStatements, stmt], "write");
 *   mailQueued(); // optional: this process's sender sends at once instead of at its next poll
 */
import type { InArgs, InStatement } from "@libsql/client";
import { and, asc, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/open.ts";
import { outbox, users, type OutboxStatus } from "../db/schema.ts";

/** A rendered e-mail: the subject and both bodies (templates/ makes them). */
export interface Letter {
  subject: string;
  text: string;
  html: string;
}

export interface OutgoingMail extends Letter {
  /** Recipient address. */
  to: string;
  /** What the mail is about (gift, payment, sign_in …); shown by `admin outbox`. */
  kind: string;
}

/** The statement that queues one e-mail; run it in the same write batch as the change it reports. */
export function enqueueMail(db: Db, mail: OutgoingMail, now = Date.now()): InStatement {
  const { sql, params } = db
    .insert(outbox)
    .values({ kind: mail.kind, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, nextAttemptAt: now, createdAt: now })
    .toSQL();
  return { sql, args: params as InArgs };
}

/**
 * Like enqueueMail, but queued only if `when` — a condition on the `users` table, e.g. the
 * recipient's row and "this batch completed the payment" — holds when the statement runs: for
 * batches that decide inside SQL whether their change applies (payments, settle.ts).
 */
export function enqueueMailWhen(db: Db, mail: OutgoingMail, when: SQL, now = Date.now()): InStatement {
  const { sql: text, params } = db
    .insert(outbox)
    .select(
      db
        .select({
          // Every column of the table, in order (an INSERT … SELECT fills them by position).
          id: sql`NULL`.as("id"),
          kind: sql`${mail.kind}`.as("kind"),
          to: sql`${mail.to}`.as("to"),
          subject: sql`${mail.subject}`.as("subject"),
          text: sql`${mail.text}`.as("text"),
          html: sql`${mail.html}`.as("html"),
          status: sql`'pending'`.as("status"),
          attempts: sql`0`.as("attempts"),
          nextAttemptAt: sql`${now}`.as("next_attempt_at"),
          leaseUntil: sql`NULL`.as("lease_until"),
          claim: sql`NULL`.as("claim"),
          lastError: sql`NULL`.as("last_error"),
          createdAt: sql`${now}`.as("created_at"),
          sentAt: sql`NULL`.as("sent_at"),
        })
        .from(users)
        .where(when),
    )
    .toSQL();
  return { sql: text, args: params as InArgs };
}

const listeners = new Set<() => void>();

/** Tells this process's mail senders that new mail was committed (they otherwise find it at their next poll). */
export function mailQueued(): void {
  for (const listener of listeners) listener();
}

/** Registers a sender's wake-up; returns the function that unregisters it. */
export function onMailQueued(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export type OutboxRow = typeof outbox.$inferSelect;

/** Mail in the given states, oldest first (the operator's view). */
export function listOutbox(db: Db, statuses: readonly OutboxStatus[], limit = 100): Promise<OutboxRow[]> {
  return db.select().from(outbox).where(inArray(outbox.status, [...statuses])).orderBy(asc(outbox.id)).limit(limit);
}

/**
 * Puts a failed (or still pending) mail back in the queue, due now, with a fresh set of attempts.
 * A sent mail is never re-sent. Returns false when there is no such unsent mail.
 */
export async function retryMail(db: Db, id: number, now = Date.now()): Promise<boolean> {
  const rows = await db
    .update(outbox)
    .set({ status: "pending", attempts: 0, nextAttemptAt: now, leaseUntil: null, claim: null })
    .where(and(eq(outbox.id, id), inArray(outbox.status, ["pending", "failed"])))
    .returning({ id: outbox.id });
  return rows.length > 0;
}

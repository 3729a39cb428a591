/**
 * The operator's side of payments (`npm run admin -- payments …`): the payments and the statement
 * items that were not simply credited, and deciding an open item by hand — credit it (complete its
 * payment, or give credits to an account) or refuse it (e.g. refunded outside the service), always
 * with a note. A decision is one write batch that applies only while the item is still open, so
 * running the same command twice decides once.
 */
import type { InArgs, InStatement } from "@libsql/client";
import { and, desc, eq, ne } from "drizzle-orm";
import { batchedDelta } from "../accounts/credits.ts";
import { findUserByEmail } from "../accounts/users.ts";
import type { Db } from "../db/open.ts";
import { paymentItems, payments, users, type PaymentStatus } from "../db/schema.ts";
import { mailQueued } from "../mail/outbox.ts";
import { claimedByThisBatch, fulfilmentStatements } from "./settle.ts";

export class ReviewError extends Error {}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export async function listPayments(db: Db, filter: { status?: PaymentStatus; limit: number }) {
  const rows = await db
    .select({ payment: payments, email: users.email })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .where(filter.status ? eq(payments.status, filter.status) : undefined)
    .orderBy(desc(payments.id))
    .limit(filter.limit);
  return rows.map(({ payment: p, email }) => ({
    id: p.id, email, kind: p.kind, label: p.label, amountKop: p.amountKop, comment: p.comment, status: p.status,
    providerRef: p.providerRef, createdAt: iso(p.createdAt), expiresAt: iso(p.expiresAt), paidAt: iso(p.paidAt),
  }));
}

/** Items waiting for a decision; with `all`, every item that was not simply credited (decided ones, late ones too). */
export async function listItems(db: Db, filter: { all: boolean; limit: number }) {
  const rows = await db
    .select()
    .from(paymentItems)
    .where(filter.all ? ne(paymentItems.outcome, "credited") : eq(paymentItems.review, "open"))
    .orderBy(desc(paymentItems.time))
    .limit(filter.limit);
  const prices = new Map<number, number>();
  for (const r of rows) {
    if (r.paymentId !== null && !prices.has(r.paymentId)) {
      const [p] = await db.select({ amountKop: payments.amountKop }).from(payments).where(eq(payments.id, r.paymentId));
      if (p) prices.set(r.paymentId, p.amountKop);
    }
  }
  return rows.map((r) => {
    const price = r.paymentId === null ? undefined : prices.get(r.paymentId);
    return {
      id: r.id, time: iso(r.time), amountKop: r.amountKop, comment: r.comment, outcome: r.outcome, paymentId: r.paymentId,
      ...(price === undefined ? {} : { priceKop: price, differenceKop: r.amountKop - price }),
      review: r.review, reviewNote: r.reviewNote, reviewedAt: iso(r.reviewedAt), source: r.source,
    };
  });
}

export type Decision =
  | { kind: "refuse" }
  /** Complete a payment with this item's money (default: the payment its code named). */
  | { kind: "pay"; paymentId?: number }
  /** Give credits for this item's money to an account (a surplus, a payment without a usable code). */
  | { kind: "credits"; email: string; credits: number };

type ItemRow = typeof paymentItems.$inferSelect;

export async function resolveItem(db: Db, itemId: string, decision: Decision, note: string, now = Date.now()) {
  if (note.trim() === "") throw new ReviewError("a decision needs a --note saying why");
  const [item] = await db.select().from(paymentItems).where(eq(paymentItems.id, itemId));
  if (!item) throw new ReviewError(`no statement item ${itemId}`);
  if (item.review !== "open") throw new ReviewError(`item ${itemId} is not waiting for a decision (review: ${item.review ?? "none"}, outcome: ${item.outcome})`);
  const claim = crypto.randomUUID();
  const review = decision.kind === "refuse" ? "refused" : "credited";
  const decide = db
    .update(paymentItems)
    .set({ review, reviewNote: note, reviewedAt: now, claim, ...(decision.kind === "pay" && decision.paymentId !== undefined ? { paymentId: decision.paymentId } : {}) })
    .where(and(eq(paymentItems.id, itemId), eq(paymentItems.review, "open")))
    .toSQL();
  const batch: InStatement[] = [{ sql: decide.sql, args: decide.params as InArgs }];
  batch.push(...(await decisionStatements(db, item, decision, claim, now)));
  await db.$client.batch(batch, "write");
  if (decision.kind === "pay") mailQueued();

  const [after] = await db.select().from(paymentItems).where(eq(paymentItems.id, itemId));
  if (!after || after.claim !== claim) throw new ReviewError(`item ${itemId} was decided by someone else meanwhile`);
  if (after.review === "open") throw new ReviewError(`payment ${after.paymentId} was paid by another item meanwhile: nothing credited, item ${itemId} stays open`);
  return { id: after.id, outcome: after.outcome, review: after.review, reviewNote: after.reviewNote, paymentId: after.paymentId };
}

async function decisionStatements(db: Db, item: ItemRow, decision: Decision, claim: string, now: number): Promise<InStatement[]> {
  switch (decision.kind) {
    case "refuse":
      return [];
    case "pay": {
      const paymentId = decision.paymentId ?? item.paymentId;
      if (paymentId === null) throw new ReviewError(`item ${item.id} names no payment: give --payment ID, or --email and --credits`);
      const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
      if (!payment) throw new ReviewError(`no payment ${paymentId}`);
      if (payment.status === "paid") throw new ReviewError(`payment ${paymentId} is paid already (by ${payment.providerRef}); use --email and --credits to give this item's money as credits`);
      return fulfilmentStatements(db, payment, item.id, claim, now);
    }
    case "credits": {
      if (!Number.isSafeInteger(decision.credits) || decision.credits < 1) throw new ReviewError("--credits must be a whole number ≥ 1");
      const user = await findUserByEmail(db, decision.email);
      if (!user) throw new ReviewError(`no user ${decision.email}`);
      const decidedNow = claimedByThisBatch(db, item.id, claim);
      return batchedDelta(db, { user: and(eq(users.id, user.id), decidedNow)!, delta: decision.credits, reason: "topup", ref: `item:${item.id}` }, now);
    }
  }
}

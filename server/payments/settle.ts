/**
 * The one crediting function: a statement item of the jar — from the poller or the webhook, seen
 * once or many times, by one process or several — is recorded once and, when it pays a payment,
 * credits it once.
 *
 * Everything happens in ONE libSQL write batch (one transaction): the item's row (its provider id is
 * the primary key), the payment's status (`paid` only from `pending`/`expired`, with the item id as
 * its unique provider reference), the credits and their ledger row, Pro, the notification, the
 * receipt e-mail in the outbox. Every
 * statement after the first applies only if this batch's own insert took place (a random claim
 * token) and the payment names this item: a replayed item, or a second process crediting the same
 * item at the same moment, changes nothing. What JavaScript decided beforehand (read outside the
 * transaction, so possibly stale) is re-checked by these conditions inside it.
 */
import { and, eq, exists, inArray, sql, type SQL } from "drizzle-orm";
import type { InArgs, InStatement } from "@libsql/client";
import { batchedDelta } from "../accounts/credits.ts";
import { notifyWhen } from "../accounts/notifications.ts";
import { proExtensionStatement } from "../accounts/users.ts";
import type { Db } from "../db/open.ts";
import { paymentItems, payments, users, type ItemOutcome } from "../db/schema.ts";
import { enqueueMailWhen, mailQueued } from "../mail/outbox.ts";
import { templates } from "../mail/templates/index.ts";
import { toUah } from "./catalog.ts";
import { codesIn } from "./codes.ts";

/** The part of a provider statement item the crediting reads. */
export interface IncomingItem {
  id: string;
  /** Unix seconds, as the provider gives it. */
  time: number;
  /** Kopiykas; > 0 for money coming in. */
  amount: number;
  comment?: string | undefined;
  description?: string | undefined;
}

export type Settled =
  | { recorded: false; reason: "outgoing" | "seen" }
  | { recorded: true; outcome: ItemOutcome; paymentId: number | null };

type Payment = typeof payments.$inferSelect;

/** Outcomes where money is (partly) not credited automatically: an operator decides. */
const NEEDS_REVIEW: ReadonlySet<ItemOutcome> = new Set(["overpaid", "underpaid", "already_paid", "unknown_code", "no_code"]);

function classify(item: IncomingItem, payment: Payment | undefined, codes: readonly string[]): ItemOutcome {
  if (codes.length === 0) return "no_code";
  if (!payment) return "unknown_code";
  if (payment.status === "paid") return "already_paid";
  if (item.amount < payment.amountKop) return "underpaid";
  if (item.amount > payment.amountKop) return "overpaid";
  return item.time * 1000 > payment.expiresAt ? "late" : "credited";
}

type Query = { sql: string; params: unknown[] };
const statement = (q: Query): InStatement => ({ sql: q.sql, args: q.params as InArgs });

async function paymentFor(db: Db, codes: readonly string[]): Promise<Payment | undefined> {
  if (codes.length === 0) return undefined;
  const found = await db.select().from(payments).where(inArray(payments.comment, [...codes]));
  // The first code of the comment that names a payment; an open one before a paid one.
  const byCode = (code: string) => found.find((p) => p.comment === code);
  const ordered = codes.map(byCode).filter((p): p is Payment => p !== undefined);
  return ordered.find((p) => p.status !== "paid") ?? ordered[0];
}

export async function settleItem(db: Db, account: string, item: IncomingItem, source: "poll" | "webhook", now = Date.now()): Promise<Settled> {
  if (!(item.amount > 0)) return { recorded: false, reason: "outgoing" };
  // A cheap early exit for the common replay; the batch below is what makes a replay harmless.
  const [known] = await db.select({ id: paymentItems.id }).from(paymentItems).where(eq(paymentItems.id, item.id));
  if (known) return { recorded: false, reason: "seen" };

  const comment = item.comment ?? "";
  const codes = codesIn(comment);
  const payment = await paymentFor(db, codes);
  const outcome = classify(item, payment, codes);
  const claim = crypto.randomUUID();

  const batch: InStatement[] = [
    statement(
      db
        .insert(paymentItems)
        .values({
          id: item.id, account, time: item.time * 1000, amountKop: item.amount, comment, description: item.description ?? "",
          paymentId: payment?.id ?? null, outcome, review: NEEDS_REVIEW.has(outcome) ? "open" : null, claim, source, seenAt: now,
        })
        .onConflictDoNothing()
        .toSQL(),
    ),
  ];
  const pays = payment && (outcome === "credited" || outcome === "late" || outcome === "overpaid");
  if (pays) batch.push(...(await fulfilmentStatements(db, payment, item.id, claim, now)));
  await db.$client.batch(batch, "write");

  const [row] = await db.select({ claim: paymentItems.claim, outcome: paymentItems.outcome }).from(paymentItems).where(eq(paymentItems.id, item.id));
  if (!row || row.claim !== claim) return { recorded: false, reason: "seen" };
  if (pays) mailQueued();
  return { recorded: true, outcome: row.outcome, paymentId: payment?.id ?? null };
}

/**
 * This batch holds the item: its claim token is the one the batch wrote (recording the item here,
 * or an operator's decision in review.ts).
 */
export function claimedByThisBatch(db: Db, itemId: string, claim: string): SQL {
  return exists(db.select({ one: sql`1` }).from(paymentItems).where(and(eq(paymentItems.id, itemId), eq(paymentItems.claim, claim))));
}

/** This batch recorded the item (its claim), and the item is what paid the payment. */
function paidByThisBatch(db: Db, paymentId: number, itemId: string, claim: string): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(paymentItems)
      .innerJoin(payments, eq(payments.providerRef, paymentItems.id))
      .where(and(eq(paymentItems.id, itemId), eq(paymentItems.claim, claim), eq(payments.id, paymentId))),
  );
}

/**
 * The statements that complete a payment inside a crediting batch — also used by the operator's
 * manual resolution (admin), so both paths grant exactly the same.
 */
export async function fulfilmentStatements(db: Db, payment: Payment, itemId: string, claim: string, now: number): Promise<InStatement[]> {
  const [payer] = await db.select({ email: users.email, locale: users.locale }).from(users).where(eq(users.id, payment.userId));
  if (!payer) throw new Error(`payment ${payment.id} belongs to no user`);
  const thisBatch = claimedByThisBatch(db, itemId, claim);
  const guard = paidByThisBatch(db, payment.id, itemId, claim);
  /** The payer's row, only if this batch completed the payment. */
  const payerIfPaid = and(eq(users.id, payment.userId), guard)!;
  const out: InStatement[] = [
    statement(
      db
        .update(payments)
        .set({ status: "paid", providerRef: itemId, paidAt: now })
        .where(and(eq(payments.id, payment.id), inArray(payments.status, ["pending", "expired"]), thisBatch))
        .toSQL(),
    ),
  ];
  if (payment.kind === "pro" && payment.days) out.push(statement(proExtensionStatement(db, { userId: payment.userId, days: payment.days, now }, guard)));
  if (payment.qty) {
    const reason = payment.kind === "pro" ? "pro_bonus" : "topup";
    out.push(...batchedDelta(db, { user: payerIfPaid, delta: payment.qty, reason, ref: `payment:${payment.id}` }, now));
  }
  const receipt = templates(payer.locale).payment({
    label: payment.label, amountUah: toUah(payment.amountKop), code: payment.comment, credits: payment.qty ?? 0, proDays: payment.days ?? 0,
  });
  out.push(enqueueMailWhen(db, { kind: "payment", to: payer.email, ...receipt }, payerIfPaid, now));
  const payload = JSON.stringify({ paymentId: payment.id, kind: payment.kind, label: payment.label, amountKop: payment.amountKop, credits: payment.qty ?? 0, days: payment.days ?? 0 });
  out.push(
    notifyWhen(db, "payment_paid", sql`${payload}`, payerIfPaid, now),
    // The payment was paid by another item in the meantime (the JS read was stale): this item then
    // paid nothing, and says so for the operator.
    statement(
      db
        .update(paymentItems)
        .set({ outcome: "already_paid", review: "open" })
        .where(and(eq(paymentItems.id, itemId), eq(paymentItems.claim, claim), sql`NOT ${guard}`))
        .toSQL(),
    ),
  );
  return out;
}

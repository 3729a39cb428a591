/**
 * POST /gift's work (interface.md §4.5): credits move from the sender to the recipient in one write
 * batch — the recipient's account when it does not exist yet (its credits wait for the first
 * sign-in), the gift row, the sender's gift_out and the recipient's gift_in ledger rows (both
 * referring to the gift), the recipient's notification and the e-mail in the outbox. libSQL runs
 * the batch as one transaction, so a gift is all of that or nothing: a balance that ran short in
 * the meantime (a parallel render or gift) rolls it back whole.
 */
import type { InArgs } from "@libsql/client";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db/open.ts";
import { gifts, users } from "../db/schema.ts";
import { enqueueMail, mailQueued } from "../mail/outbox.ts";
import { templates } from "../mail/templates/index.ts";
import { batchedDelta, isBalanceTooLow } from "./credits.ts";
import { notifyWhen } from "./notifications.ts";
import { findUserByEmail, normaliseEmail, type User } from "./users.ts";

export type GiftResult =
  | { ok: true; giftId: number; credits: number }
  | { ok: false; reason: "self" | "balance" };

export interface GiftSettings {
  /** The site's address for the e-mail (config.origin): every gift letter links to it. */
  siteUrl: string;
}

/** `recipientEmail` must already be a valid address (the route checks it: bad_email). */
export async function giveCredits(db: Db, sender: User, recipientEmail: string, qty: number, settings: GiftSettings): Promise<GiftResult> {
  const email = normaliseEmail(recipientEmail);
  if (email === sender.email) return { ok: false, reason: "self" };
  if (sender.credits < qty) return { ok: false, reason: "balance" }; // the batch checks again, atomically

  const recipient = await findUserByEmail(db, email);
  const letter = templates(recipient?.locale ?? "uk").gift({
    from: sender.name || sender.email,
    qty,
    newAccount: !recipient || recipient.signedInAt === null,
    siteUrl: settings.siteUrl,
  });
  const now = Date.now();
  const toRecipient = eq(users.email, email);
  // The batch holds the database's write lock from its first statement, so the newest gift row is
  // the one this batch inserted: the ledger and the notification can name it before it is known here.
  const giftId = sql`(SELECT max(${gifts.id}) FROM ${gifts})`;
  const giftRef = sql`'gift:' || ${giftId}`;

  const statements = [
    db.insert(users).values({ email, createdAt: now }).onConflictDoNothing({ target: users.email }).toSQL(),
    db
      .insert(gifts)
      .select(
        db
          .select({ id: sql`NULL`.as("id"), fromUserId: sql`${sender.id}`.as("from_user_id"), toUserId: users.id, qty: sql`${qty}`.as("qty"), createdAt: sql`${now}`.as("created_at") })
          .from(users)
          .where(toRecipient),
      )
      .returning({ id: gifts.id })
      .toSQL(),
  ].map((s) => ({ sql: s.sql, args: s.params as InArgs }));
  let results: Awaited<ReturnType<typeof db.$client.batch>>;
  try {
    results = await db.$client.batch(
      [
        ...statements,
        ...batchedDelta(db, { user: eq(users.id, sender.id), delta: -qty, reason: "gift_out", ref: giftRef }, now),
        ...batchedDelta(db, { user: toRecipient, delta: qty, reason: "gift_in", ref: giftRef }, now),
        notifyWhen(db, "gift", sql`json_object('giftId', ${giftId}, 'from', ${sender.name || sender.email}, 'qty', ${qty})`, toRecipient, now),
        enqueueMail(db, { kind: "gift", to: email, ...letter }, now),
      ],
      "write",
    );
  } catch (err) {
    if (isBalanceTooLow(err)) return { ok: false, reason: "balance" };
    throw err;
  }
  mailQueued();
  return { ok: true, giftId: Number(results[1]!.rows[0]!.id), credits: Number(results[2]!.rows[0]!.credits) };
}

/** What the account page shows, read from the database for one user. */
import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { listApiKeys } from "../../server/accounts/keys.ts";
import type { User } from "../../server/accounts/users.ts";
import type { Db } from "../../server/db/open.ts";
import { gifts, ledger, notifications, users } from "../../server/db/schema.ts";
import type { AccountView } from "./pages/account.tsx";

export const LEDGER_PAGE_SIZE = 20;
/** Unread notifications shown at once (older unread ones appear as these are read). */
const NOTIFICATIONS_SHOWN = 20;

/** The other account of a gift row: gifts.ts writes the ledger's ref as `gift:<id>`. */
const other = alias(users, "other");
const giftOfRow = and(inArray(ledger.reason, ["gift_in", "gift_out"]), eq(gifts.id, sql`CAST(substr(${ledger.ref}, 6) AS INTEGER)`));
const otherOfGift = eq(other.id, sql`CASE WHEN ${ledger.reason} = 'gift_out' THEN ${gifts.toUserId} ELSE ${gifts.fromUserId} END`);
/** The recipient by the address the sender typed; the sender as the recipient's notification names them. */
const counterpart = sql<string | null>`CASE WHEN ${ledger.reason} = 'gift_in' AND ${other.name} <> '' THEN ${other.name} ELSE ${other.email} END`;

export async function accountView(db: Db, user: User, page: number): Promise<AccountView> {
  const offset = (page - 1) * LEDGER_PAGE_SIZE;
  const [rows, [total], unread, keys] = await Promise.all([
    db
      .select({ id: ledger.id, delta: ledger.delta, balanceAfter: ledger.balanceAfter, reason: ledger.reason, createdAt: ledger.createdAt, counterpart })
      .from(ledger)
      .leftJoin(gifts, giftOfRow)
      .leftJoin(other, otherOfGift)
      .where(eq(ledger.userId, user.id))
      .orderBy(desc(ledger.id))
      .limit(LEDGER_PAGE_SIZE)
      .offset(offset),
    db.select({ n: count() }).from(ledger).where(eq(ledger.userId, user.id)),
    db
      .select({ id: notifications.id, kind: notifications.kind, payload: notifications.payload, createdAt: notifications.createdAt })
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), isNull(notifications.readAt)))
      .orderBy(desc(notifications.id))
      .limit(NOTIFICATIONS_SHOWN),
    listApiKeys(db, user.id),
  ]);
  return {
    email: user.email,
    credits: user.credits,
    proUntil: user.proUntil,
    notifications: unread,
    // Active keys first, newest first within each group.
    keys: keys.sort((a, b) => Number(a.revokedAt !== null) - Number(b.revokedAt !== null) || b.id - a.id),
    ledger: { rows: rows.map(({ counterpart, ...row }) => (counterpart ? { ...row, counterpart } : row)), page, older: offset + rows.length < (total?.n ?? 0) },
  };
}

/** Marks one of the user's notifications read (or all of them when `id` is undefined). */
export async function markRead(db: Db, userId: number, id?: number): Promise<void> {
  const mine = and(eq(notifications.userId, userId), isNull(notifications.readAt));
  await db
    .update(notifications)
    .set({ readAt: Date.now() })
    .where(id === undefined ? mine : and(mine, eq(notifications.id, id)));
}

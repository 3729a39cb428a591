/** What the account page shows, read from the database for one user. */
import { and, count, desc, eq, isNull } from "drizzle-orm";
import { listApiKeys } from "../../server/accounts/keys.ts";
import type { User } from "../../server/accounts/users.ts";
import type { Db } from "../../server/db/open.ts";
import { ledger, notifications } from "../../server/db/schema.ts";
import type { AccountView } from "./pages/account.tsx";

export const LEDGER_PAGE_SIZE = 20;
/** Unread notifications shown at once (older unread ones appear as these are read). */
const NOTIFICATIONS_SHOWN = 20;

export async function accountView(db: Db, user: User, page: number): Promise<AccountView> {
  const offset = (page - 1) * LEDGER_PAGE_SIZE;
  const [rows, [total], unread, keys] = await Promise.all([
    db
      .select({ id: ledger.id, delta: ledger.delta, balanceAfter: ledger.balanceAfter, reason: ledger.reason, createdAt: ledger.createdAt })
      .from(ledger)
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
    ledger: { rows, page, older: offset + rows.length < (total?.n ?? 0) },
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

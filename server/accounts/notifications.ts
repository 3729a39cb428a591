/**
 * In-account notifications (a received gift, a completed payment): a row written in the caller's
 * own write batch, next to the change it reports, so it exists exactly when that change committed.
 */
import type { InArgs, InStatement } from "@libsql/client";
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/open.ts";
import { notifications, users } from "../db/schema.ts";

/**
 * The statement that notifies the user `who` selects — a condition on the `users` table, which may
 * also carry the batch's own guard (settle.ts: "this batch completed the payment") — and no one
 * when it selects nobody. `payload` is the JSON text as SQL (a bound string or a json_object(…)).
 */
export function notifyWhen(db: Db, kind: string, payload: SQL, who: SQL, now: number): InStatement {
  const { sql: text, params } = db
    .insert(notifications)
    .select(
      db
        .select({
          // Every column of the table, in order (an INSERT … SELECT fills them by position).
          id: sql`NULL`.as("id"),
          userId: users.id,
          kind: sql`${kind}`.as("kind"),
          payload: payload.as("payload"),
          createdAt: sql`${now}`.as("created_at"),
          readAt: sql`NULL`.as("read_at"),
        })
        .from(users)
        .where(who),
    )
    .toSQL();
  return { sql: text, args: params as InArgs };
}

/** Users: created by an operator (admin command) now, by sign-up, payments and gifts later. */
import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/open.ts";
import { users, type Locale } from "../db/schema.ts";
import { applyDelta } from "./credits.ts";

export type User = typeof users.$inferSelect;

/**
 * The one spelling of an address that identifies an account (sign-in, gifts, the admin command):
 * trimmed, Unicode NFC, lower-cased; the domain without its trailing dot (`example.com.` is the same
 * host) and in its ASCII form (a Unicode domain as the URL parser's punycode, so `пошта.укр` and
 * `xn--80a1acny.xn--j1amh` are one account).
 */
export function normaliseEmail(email: string): string {
  const text = email.trim().normalize("NFC").toLowerCase();
  const at = text.lastIndexOf("@");
  if (at < 0) return text;
  const domain = text.slice(at + 1).replace(/\.+$/, "");
  let ascii = domain;
  try {
    // The WHATWG URL parser applies IDNA (UTS #46) to a host: the same mapping browsers use.
    if (/[^\x00-\x7f]/.test(domain)) ascii = new URL(`http://${domain}`).hostname;
  } catch {
    ascii = domain; // not a valid host: isEmail or the mail server refuses it
  }
  return `${text.slice(0, at)}@${ascii}`;
}

/** Loose on purpose: one @, something on both sides, a dot in the domain, no spaces. */
export function isEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && email.length <= 254;
}

export function isPro(user: Pick<User, "proUntil">, now = Date.now()): boolean {
  return user.proUntil !== null && user.proUntil > now;
}

export interface NewUser {
  email: string;
  name?: string;
  credits?: number;
  proUntil?: Date;
  /** Language of the account's e-mails; default uk. */
  locale?: Locale;
}

/** Creates a user; opening credits go through the ledger like any other change of a balance. */
export async function createUser(db: Db, input: NewUser): Promise<User> {
  const email = normaliseEmail(input.email);
  if (!isEmail(email)) throw new Error(`not an e-mail address: ${input.email}`);
  const now = Date.now();
  const [user] = await db
    .insert(users)
    .values({ email, name: input.name ?? "", proUntil: input.proUntil?.getTime() ?? null, locale: input.locale ?? "uk", createdAt: now, signedInAt: now })
    .returning();
  if (!user) throw new Error("user not created");
  if (input.credits) await applyDelta(db, user.id, input.credits, "admin_grant", "opening balance");
  return (await findUser(db, user.id))!;
}

export async function findUser(db: Db, id: number): Promise<User | undefined> {
  return (await db.select().from(users).where(eq(users.id, id)))[0];
}

export async function findUserByEmail(db: Db, email: string): Promise<User | undefined> {
  return (await db.select().from(users).where(eq(users.email, normaliseEmail(email))))[0];
}

export async function setProUntil(db: Db, userId: number, until: Date | null): Promise<void> {
  await db.update(users).set({ proUntil: until?.getTime() ?? null }).where(eq(users.id, userId));
}

const DAY_MS = 86_400_000;

/**
 * Pro extended by `days` from max(now, proUntil) — bought time is added to time still left — as
 * one statement for the caller's write batch, applied only when `guard` holds.
 */
export function proExtensionStatement(db: Db, change: { userId: number; days: number; now: number }, guard: SQL) {
  return db
    .update(users)
    .set({ proUntil: sql`max(coalesce(${users.proUntil}, 0), ${change.now}) + ${change.days * DAY_MS}` })
    .where(and(eq(users.id, change.userId), guard))
    .toSQL();
}

/**
 * POST /topup (interface.md §2.7, §4.4): a purchase from the catalog becomes a pending payment with a
 * fresh code, and the jar's public link prefilled with the amount and the code.
 */
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Db } from "../db/open.ts";
import { payments, type PaymentKind } from "../db/schema.ts";
import { ApiError } from "../http/errors.ts";
import { toKop, toUah, type Catalog } from "./catalog.ts";
import { newPaymentCode } from "./codes.ts";
import type { MonobankConfig, PaymentsConfig } from "./config.ts";

export type TopupRequest =
  | { kind: "credits_unit"; qty: number }
  | { kind: "credits"; id: number }
  | { kind: "pro"; id: number };

/** What a payment grants, with the price — fixed when the payment is created. */
export interface Purchase {
  kind: PaymentKind;
  productId: number | null;
  /** Credits (the quantity, the pack's, or the Pro tier's bonus). */
  qty: number;
  /** Days of Pro (kind pro), else null. */
  days: number | null;
  amountKop: number;
  label: string;
}

export function purchaseOf(catalog: Catalog, request: TopupRequest): Purchase {
  switch (request.kind) {
    case "credits_unit":
      return { kind: "credits_unit", productId: null, qty: request.qty, days: null, amountKop: toKop(catalog.unitUah) * request.qty, label: `${request.qty} credits` };
    case "credits": {
      const pack = catalog.credits.find((p) => p.id === request.id);
      if (!pack) throw new ApiError("bad_request", `no credit pack with id ${request.id}; GET /products lists them (${catalog.credits.map((p) => p.id).join(", ") || "none"})`);
      return { kind: "credits", productId: pack.id, qty: pack.qty, days: null, amountKop: toKop(pack.uah), label: `${pack.qty} credits` };
    }
    case "pro": {
      const tier = catalog.pro.find((t) => t.id === request.id);
      if (!tier) throw new ApiError("bad_request", `no Pro tier with id ${request.id}; GET /products lists them (${catalog.pro.map((t) => t.id).join(", ") || "none"})`);
      const bonus = tier.bonus > 0 ? ` + ${tier.bonus} credits` : "";
      return { kind: "pro", productId: tier.id, qty: tier.bonus, days: tier.days, amountKop: toKop(tier.uah), label: `Pro for ${tier.days} days${bonus}` };
    }
  }
}

/** The jar's public send link prefilled with the amount (hryvnias) and the comment. */
export function jarLink(monobank: MonobankConfig, amountKop: number, comment: string): string {
  const url = new URL(encodeURIComponent(monobank.sendId), monobank.sendUrl);
  url.searchParams.set("a", String(toUah(amountKop)));
  url.searchParams.set("t", comment);
  return url.href;
}

export interface TopupAnswer {
  jarUrl: string;
  comment: string;
  label: string;
  amountKop: number;
  amountUah: number;
}

/** A code collision is astronomically rare; a few fresh draws settle it. */
const CODE_ATTEMPTS = 5;

/** Open (pending, unexpired) payments one account may have; a further /topup is 429 until one ends. */
export const MAX_OPEN_PAYMENTS = 10;

function isUniqueViolation(err: unknown): boolean {
  const text = String(err instanceof Error ? `${err.message} ${String(err.cause ?? "")}` : err);
  return text.includes("UNIQUE constraint failed: payments.comment");
}

/** 429 with the seconds until the account's oldest open payment expires. */
async function tooManyOpen(db: Db, userId: number, now: number): Promise<never> {
  const [oldest] = await db
    .select({ expiresAt: payments.expiresAt })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.status, "pending"), gt(payments.expiresAt, now)))
    .orderBy(asc(payments.expiresAt))
    .limit(1);
  const retryAfterS = Math.max(1, Math.ceil(((oldest?.expiresAt ?? now + 60_000) - now) / 1000));
  throw new ApiError("rate_limited", `at most ${MAX_OPEN_PAYMENTS} open payments per account: pay or let one expire first`, undefined, retryAfterS);
}

export async function createTopup(db: Db, config: PaymentsConfig, userId: number, request: TopupRequest, now = Date.now()): Promise<TopupAnswer> {
  const monobank = config.monobank;
  if (!monobank) throw new ApiError("payment_unavailable", "payment is not available: the payment provider is not configured (GET /products says available: false)");
  const purchase = purchaseOf(config.catalog, request);
  for (let attempt = 1; ; attempt++) {
    const comment = newPaymentCode();
    try {
      // Counted and inserted in one statement: requests at once cannot pass the cap together.
      const inserted = await db.all<{ id: number }>(sql`
        INSERT INTO ${payments} (user_id, kind, product_id, qty, days, amount_kop, label, comment, status, created_at, expires_at)
        SELECT ${userId}, ${purchase.kind}, ${purchase.productId}, ${purchase.qty}, ${purchase.days}, ${purchase.amountKop}, ${purchase.label}, ${comment}, 'pending', ${now}, ${now + config.ttlMs}
        WHERE (SELECT COUNT(*) FROM ${payments} WHERE user_id = ${userId} AND status = 'pending' AND expires_at > ${now}) < ${MAX_OPEN_PAYMENTS}
        RETURNING id`);
      if (inserted.length === 0) await tooManyOpen(db, userId, now);
    } catch (err) {
      if (isUniqueViolation(err) && attempt < CODE_ATTEMPTS) continue;
      throw err;
    }
    return { jarUrl: jarLink(monobank, purchase.amountKop, comment), comment, label: purchase.label, amountKop: purchase.amountKop, amountUah: toUah(purchase.amountKop) };
  }
}

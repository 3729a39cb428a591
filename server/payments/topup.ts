/**
 * POST /topup (interface.md §2.7, §4.4): a purchase from the catalog becomes a pending payment with a
 * fresh code, and the jar's public link prefilled with the amount and the code.
 */
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

function isUniqueViolation(err: unknown): boolean {
  const text = String(err instanceof Error ? `${err.message} ${String(err.cause ?? "")}` : err);
  return text.includes("UNIQUE constraint failed: payments.comment");
}

export async function createTopup(db: Db, config: PaymentsConfig, userId: number, request: TopupRequest, now = Date.now()): Promise<TopupAnswer> {
  const monobank = config.monobank;
  if (!monobank) throw new ApiError("payment_unavailable", "payment is not available: the payment provider is not configured (GET /products says available: false)");
  const purchase = purchaseOf(config.catalog, request);
  for (let attempt = 1; ; attempt++) {
    const comment = newPaymentCode();
    try {
      await db.insert(payments).values({ userId, ...purchase, comment, status: "pending", createdAt: now, expiresAt: now + config.ttlMs });
    } catch (err) {
      if (isUniqueViolation(err) && attempt < CODE_ATTEMPTS) continue;
      throw err;
    }
    return { jarUrl: jarLink(monobank, purchase.amountKop, comment), comment, label: purchase.label, amountKop: purchase.amountKop, amountUah: toUah(purchase.amountKop) };
  }
}

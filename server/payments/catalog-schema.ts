/**
 * The shapes of the price catalog: the Products answer (http/schemas.ts) and the catalog's
 * configuration (catalog.ts) are checked with these same schemas. Pure zod, no runtime imports, so
 * the typed API client can use them anywhere.
 */
import { z } from "@hono/zod-openapi";

/** A price in hryvnias: positive, whole kopiykas. */
export const Uah = z
  .number()
  .positive()
  .max(1_000_000)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, "at most two decimals (kopiykas)")
  .openapi({ description: "Price in hryvnias." });

export const CreditPack = z
  .strictObject({
    id: z.number().int().min(1).openapi({ description: "Use with POST /topup kind=credits." }),
    qty: z.number().int().min(1).max(1_000_000).openapi({ description: "Credits in the pack." }),
    uah: Uah,
  })
  .openapi("CreditPack");

export const ProTier = z
  .strictObject({
    id: z.number().int().min(1).openapi({ description: "Use with POST /topup kind=pro." }),
    bonus: z.number().int().min(0).max(1_000_000).openapi({ description: "Bonus credits included." }),
    days: z.number().int().min(1).max(3660).openapi({ description: "Days of Pro, added to any Pro time left." }),
    uah: Uah,
  })
  .openapi("ProTier");


/**
 * The price catalog (GET /products, POST /topup): credit packs, Pro tiers and the per-credit price.
 * It comes from configuration — CATALOG_JSON (the JSON itself) or CATALOG_FILE (a path to it) — and
 * is validated once at start; a bad catalog stops the server with the reason instead of selling
 * at a wrong price. Prices are hryvnias with at most two decimals; the service computes in kopiykas.
 */
import { readFileSync } from "node:fs";
import { z } from "zod";
import { CreditPack, ProTier, Uah } from "./catalog-schema.ts";

const uniqueIds = (items: readonly { id: number }[]) => new Set(items.map((i) => i.id)).size === items.length;

/** The Products answer's own item schemas, plus what only a whole catalog can break. */
export const CatalogSchema = z.strictObject({
  unitUah: Uah,
  credits: z.array(CreditPack).refine(uniqueIds, "pack ids must be unique"),
  pro: z.array(ProTier).refine(uniqueIds, "Pro tier ids must be unique"),
});
export type Catalog = z.infer<typeof CatalogSchema>;
export type CreditPack = Catalog["credits"][number];
export type ProTier = Catalog["pro"][number];

/** The defaults (docs/payments.md): an operator sets real prices through CATALOG_JSON / CATALOG_FILE. */
export const DEFAULT_CATALOG: Catalog = {
  unitUah: 2,
  credits: [
    { id: 1, qty: 50, uah: 90 },
    { id: 2, qty: 200, uah: 320 },
    { id: 3, qty: 1000, uah: 1400 },
  ],
  pro: [
    { id: 1, bonus: 100, days: 30, uah: 199 },
    { id: 2, bonus: 1500, days: 365, uah: 1990 },
  ],
};

export const toKop = (uah: number) => Math.round(uah * 100);
export const toUah = (kop: number) => kop / 100;

/** The catalog of the environment, or an Error saying exactly what is wrong with it. */
export function loadCatalog(env: Record<string, string | undefined>): Catalog {
  let raw: string | undefined;
  let origin: string;
  if (env.CATALOG_JSON && env.CATALOG_FILE) throw new Error("set CATALOG_JSON or CATALOG_FILE, not both");
  if (env.CATALOG_JSON) {
    raw = env.CATALOG_JSON;
    origin = "CATALOG_JSON";
  } else if (env.CATALOG_FILE) {
    origin = `CATALOG_FILE ${env.CATALOG_FILE}`;
    try {
      raw = readFileSync(env.CATALOG_FILE, "utf8");
    } catch (err) {
      throw new Error(`${origin}: cannot read: ${err instanceof Error ? err.message : String(err)}`);
    }
  } else {
    return DEFAULT_CATALOG;
  }
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (err) {
    throw new Error(`${origin}: not valid JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  const parsed = CatalogSchema.safeParse(json);
  if (!parsed.success) {
    const why = parsed.error.issues.map((i) => `${i.path.join(".") || "(catalog)"}: ${i.message}`).join("; ");
    throw new Error(`${origin}: invalid catalog: ${why}`);
  }
  return parsed.data;
}

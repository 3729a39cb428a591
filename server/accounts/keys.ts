/**
 * API keys: `rk_` + 43 base62 characters (32 random bytes). Only the SHA-256 of a key is stored —
 * keys are random, so a plain fast hash cannot be brute-forced — plus a short prefix to show.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/open.ts";
import { apiKeys, users } from "../db/schema.ts";
import type { User } from "./users.ts";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const KEY_BYTES = 32;
/** 62^43 > 2^256, so 43 digits hold any 32 bytes; the key length is fixed. */
const KEY_DIGITS = 43;
const KEY_PATTERN = /^rk_[0-9A-Za-z]{43}$/;
const SHOWN_PREFIX = 9; // "rk_" + 6

export function newApiKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(KEY_BYTES));
  let n = BigInt(`0x${Buffer.from(bytes).toString("hex")}`);
  let digits = "";
  for (let i = 0; i < KEY_DIGITS; i++) {
    digits = BASE62[Number(n % 62n)]! + digits;
    n /= 62n;
  }
  return `rk_${digits}`;
}

function hashKey(key: string): Buffer {
  return createHash("sha256").update(key).digest();
}

export interface CreatedKey {
  id: number;
  /** The key itself: shown once, never stored. */
  key: string;
  prefix: string;
}

/** Active (unrevoked) keys one account may hold: enough for every device and script, not a store. */
export const MAX_ACTIVE_KEYS = 20;

export class KeyLimitReached extends Error {
  constructor() {
    super(`an account holds at most ${MAX_ACTIVE_KEYS} active keys: revoke one first`);
  }
}

/** A new key for `userId`, unless the account already holds MAX_ACTIVE_KEYS (KeyLimitReached). */
export async function createApiKey(db: Db, userId: number, name = ""): Promise<CreatedKey> {
  const key = newApiKey();
  const prefix = key.slice(0, SHOWN_PREFIX);
  // Counted and inserted in one statement: two requests at once cannot both take the last place.
  const rows = await db.all<{ id: number }>(sql`
    INSERT INTO ${apiKeys} (user_id, name, prefix, hash, created_at)
    SELECT ${userId}, ${name}, ${prefix}, ${hashKey(key).toString("hex")}, ${Date.now()}
    WHERE (SELECT COUNT(*) FROM ${apiKeys} WHERE user_id = ${userId} AND revoked_at IS NULL) < ${MAX_ACTIVE_KEYS}
    RETURNING id`);
  if (rows.length === 0) throw new KeyLimitReached();
  return { id: rows[0]!.id, key, prefix };
}

/** Revokes a key by id (only the owner's, when `userId` is given); false when there is no such active key. */
export async function revokeApiKey(db: Db, id: number, userId?: number): Promise<boolean> {
  const rows = await db
    .update(apiKeys)
    .set({ revokedAt: Date.now() })
    .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt), userId === undefined ? undefined : eq(apiKeys.userId, userId)))
    .returning({ id: apiKeys.id });
  // In this process the revocation takes effect at once; other processes see it within KEY_CACHE_MS.
  const cache = caches.get(db);
  if (cache) for (const [hash, entry] of cache) if (entry.auth.credential === `key:${id}`) cache.delete(hash);
  return rows.length > 0;
}

export function listApiKeys(db: Db, userId: number) {
  return db
    .select({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix, createdAt: apiKeys.createdAt, lastUsedAt: apiKeys.lastUsedAt, revokedAt: apiKeys.revokedAt })
    .from(apiKeys)
    .where(eq(apiKeys.userId, userId));
}

/** Writing last-used on every request would make every render a second write; once a minute is enough. */
const LAST_USED_RESOLUTION_MS = 60_000;

export interface Authenticated {
  user: User;
  /** Which credential spoke, for the limits counted per credential: `key:<id>` or `app:<grant id>` (an OAuth app). */
  credential: string;
  /** Taken from the brief cache (see KEY_CACHE_MS), not read from the database for this request. */
  cached?: true;
}

/**
 * How long a key's lookup is reused by the endpoints that ask for it (the paid renders: the lookup
 * was a third of the server thread's database time per render, issue 22). This is the bound: a key
 * revoked, a balance or Pro changed by another process (the admin command, another server instance)
 * is seen within it. In this process a revocation takes effect at once, a charge updates the cached
 * balance (rememberBalance), and a refusal is never decided on a cached lookup (http/auth.ts).
 */
export const KEY_CACHE_MS = 1000;
/** Keys remembered at once; the oldest lookup goes first (a bound on memory, not a policy). */
const KEY_CACHE_SIZE = 10_000;

interface CacheEntry {
  auth: Authenticated;
  at: number;
}

const caches = new WeakMap<Db, Map<string, CacheEntry>>();

/**
 * The user a key belongs to, or null. The lookup goes by the key's hash, so the timing of the
 * index search depends on a hash the caller cannot steer; the final comparison is constant-time.
 * With `maxAgeMs` (at most KEY_CACHE_MS) a lookup of this process that recent is reused.
 */
export async function authenticate(db: Db, key: string, maxAgeMs = 0): Promise<Authenticated | null> {
  if (!KEY_PATTERN.test(key)) return null;
  const hash = hashKey(key);
  const hex = hash.toString("hex");
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  const now = Date.now();
  const hit = cache.get(hex);
  if (hit && now - hit.at < Math.min(maxAgeMs, KEY_CACHE_MS)) return { ...hit.auth, cached: true };
  const [row] = await keyLookup(db).execute({ hash: hex });
  if (!row || !timingSafeEqual(Buffer.from(row.hash, "hex"), hash)) {
    cache.delete(hex);
    return null;
  }
  if (row.lastUsedAt === null || now - row.lastUsedAt >= LAST_USED_RESOLUTION_MS) {
    await db.update(apiKeys).set({ lastUsedAt: now }).where(eq(apiKeys.id, row.keyId));
  }
  const auth: Authenticated = { user: row.user, credential: `key:${row.keyId}` };
  // Only the endpoints that reuse lookups fill the cache; a fresh lookup renews an entry already there.
  if (maxAgeMs > 0 || hit) {
    cache.delete(hex);
    if (cache.size >= KEY_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    cache.set(hex, { auth, at: now });
  }
  return auth;
}

/** After a charge: the balance the cached lookups of this key carry from now on. */
export function rememberBalance(auth: Authenticated, credits: number): void {
  // The cached entry and this request share the user object (authenticate copies only the envelope).
  auth.user.credits = credits;
}

/** Prepared once per database: every authenticated request runs it. */
function prepareKeyLookup(db: Db) {
  return db
    .select({ user: users, keyId: apiKeys.id, hash: apiKeys.hash, lastUsedAt: apiKeys.lastUsedAt })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(and(eq(apiKeys.hash, sql.placeholder("hash")), isNull(apiKeys.revokedAt)))
    .prepare();
}

const keyLookups = new WeakMap<Db, ReturnType<typeof prepareKeyLookup>>();

function keyLookup(db: Db) {
  let lookup = keyLookups.get(db);
  if (!lookup) keyLookups.set(db, (lookup = prepareKeyLookup(db)));
  return lookup;
}

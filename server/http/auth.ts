/** API-key authentication (interface.md §5): `X-API-Key: rk_…` or `Authorization: Bearer rk_…`. */
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { authenticate, type Authenticated } from "../accounts/keys.ts";
import type { User } from "../accounts/users.ts";
import type { Db } from "../db/open.ts";
import { ApiError } from "./errors.ts";

export type AuthEnv = { Variables: { auth: Authenticated; requestId: string } };

function presentedKey(headers: Headers): string | undefined {
  const direct = headers.get("x-api-key")?.trim();
  if (direct) return direct;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers.get("authorization") ?? "");
  return bearer?.[1];
}

async function lookUp(db: Db, headers: Headers, maxAgeMs: number): Promise<Authenticated> {
  const key = presentedKey(headers);
  if (!key) throw new ApiError("unauthorized", "missing API key: send X-API-Key: rk_… or Authorization: Bearer rk_…");
  const auth = await authenticate(db, key, maxAgeMs);
  if (!auth) throw new ApiError("unauthorized", "invalid or revoked API key");
  return auth;
}

/** `reuseMs`: a lookup of the same key that recent may serve (keys.ts KEY_CACHE_MS bounds it); by default every request reads. */
export function requireKey(db: Db, reuseMs = 0) {
  return createMiddleware<AuthEnv>(async (c, next) => {
    c.set("auth", await lookUp(db, c.req.raw.headers, reuseMs));
    await next();
  });
}

/**
 * Runs a gate (gate.ts) on the request's user. A reused lookup may only let a request through: when
 * the gate refuses on one, the key is read again and the gate decides on the fresh row (a top-up or
 * Pro bought a moment ago counts at once).
 */
export async function checkUser(c: Context<AuthEnv>, db: Db, gate: (user: User) => void): Promise<void> {
  const auth = c.get("auth");
  try {
    gate(auth.user);
  } catch (err) {
    if (!auth.cached) throw err;
    const fresh = await lookUp(db, c.req.raw.headers, 0);
    c.set("auth", fresh);
    gate(fresh.user);
  }
}

/**
 * Authentication (interface.md §5): an API key — `X-API-Key: rk_…` or `Authorization: Bearer rk_…` —
 * or, as an extension for apps the user connected through OAuth (the remote MCP endpoint, issue 28),
 * `Authorization: Bearer ska_…`, an access token the service issued itself.
 */
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { authenticate, type Authenticated } from "../accounts/keys.ts";
import type { User } from "../accounts/users.ts";
import type { Db } from "../db/open.ts";
import { authenticateAccessToken, isAccessToken } from "../oauth/store.ts";
import { ApiError } from "./errors.ts";

export type AuthEnv = { Variables: { auth: Authenticated; requestId: string } };

function presentedKey(headers: Headers): string | undefined {
  const direct = headers.get("x-api-key")?.trim();
  if (direct) return direct;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers.get("authorization") ?? "");
  return bearer?.[1];
}

/** The account a key or an access token acts for, or null when it is unknown, revoked or expired. */
export async function authenticateCredential(db: Db, credential: string, maxAgeMs = 0): Promise<Authenticated | null> {
  if (isAccessToken(credential)) {
    const holder = await authenticateAccessToken(db, credential);
    return holder && { user: holder.user, credential: `app:${holder.grantId}` };
  }
  return authenticate(db, credential, maxAgeMs);
}

async function lookUp(db: Db, headers: Headers, maxAgeMs: number): Promise<Authenticated> {
  const key = presentedKey(headers);
  if (!key) throw new ApiError("unauthorized", "missing API key: send X-API-Key: rk_… or Authorization: Bearer rk_…");
  const auth = await authenticateCredential(db, key, maxAgeMs);
  if (!auth) throw new ApiError("unauthorized", isAccessToken(key) ? "invalid, expired or revoked access token" : "invalid or revoked API key");
  return auth;
}

/** `reuseMs`: a lookup of the same key that recent may serve (keys.ts KEY_CACHE_MS bounds it; access tokens are always read); by default every request reads. */
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

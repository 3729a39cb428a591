/**
 * Authentication (interface.md §5): an API key — `X-API-Key: rk_…` or `Authorization: Bearer rk_…` —
 * or, as an extension for apps the user connected through OAuth (the remote MCP endpoint, issue 28),
 * `Authorization: Bearer ska_…`, an access token the service issued itself.
 */
import { createMiddleware } from "hono/factory";
import { authenticate, type Authenticated } from "../accounts/keys.ts";
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
export async function authenticateCredential(db: Db, credential: string): Promise<Authenticated | null> {
  if (isAccessToken(credential)) {
    const holder = await authenticateAccessToken(db, credential);
    return holder && { user: holder.user, credential: `app:${holder.grantId}` };
  }
  return authenticate(db, credential);
}

export function requireKey(db: Db) {
  return createMiddleware<AuthEnv>(async (c, next) => {
    const key = presentedKey(c.req.raw.headers);
    if (!key) throw new ApiError("unauthorized", "missing API key: send X-API-Key: rk_… or Authorization: Bearer rk_…");
    const auth = await authenticateCredential(db, key);
    if (!auth) throw new ApiError("unauthorized", isAccessToken(key) ? "invalid, expired or revoked access token" : "invalid or revoked API key");
    c.set("auth", auth);
    await next();
  });
}

/** API-key authentication (interface.md §5): `X-API-Key: rk_…` or `Authorization: Bearer rk_…`. */
import { createMiddleware } from "hono/factory";
import { authenticate, type Authenticated } from "../accounts/keys.ts";
import type { Db } from "../db/open.ts";
import { ApiError } from "./errors.ts";

export type AuthEnv = { Variables: { auth: Authenticated; requestId: string } };

function presentedKey(headers: Headers): string | undefined {
  const direct = headers.get("x-api-key")?.trim();
  if (direct) return direct;
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers.get("authorization") ?? "");
  return bearer?.[1];
}

export function requireKey(db: Db) {
  return createMiddleware<AuthEnv>(async (c, next) => {
    const key = presentedKey(c.req.raw.headers);
    if (!key) throw new ApiError("unauthorized", "missing API key: send X-API-Key: rk_… or Authorization: Bearer rk_…");
    const auth = await authenticate(db, key);
    if (!auth) throw new ApiError("unauthorized", "invalid or revoked API key");
    c.set("auth", auth);
    await next();
  });
}

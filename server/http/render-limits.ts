/**
 * Fair use of the paid endpoints (/render, /render/batch), checked after the key and before the body
 * is read, so a refused request costs the server no parsing:
 *  - a balance of at least 1 credit (a batch checks its item count once its body is read);
 *  - at most `concurrencyPerKey` renders in flight per key in this process (a batch is one);
 *  - at most `failuresPerMinute` failed, refused or abandoned renders per key per minute, counted in
 *    the database like the free endpoints' limit (rate-limit.ts). Successful renders stay unlimited,
 *    bound by credits (interface.md §8); only the ones that cost the service without paying count.
 *    A key's count is read from the database at most once per KEY_CACHE_MS (the bound within which
 *    other processes' failures are seen); this process's own failures update it at once.
 * Over a limit the answer is 429 rate_limited with Retry-After.
 */
import { createMiddleware } from "hono/factory";
import type { RenderConfig } from "../config.ts";
import type { Db } from "../db/open.ts";
import { KEY_CACHE_MS } from "../accounts/keys.ts";
import { checkUser, type AuthEnv } from "./auth.ts";
import { ApiError } from "./errors.ts";
import { countRequest, peekCount } from "./rate-limit.ts";
import { requireCredits } from "./routes/gate.ts";

const MINUTE = 60_000;
/** Remembered failure counts at which the stale ones are dropped. */
const SWEEP_AT = 1024;

interface Failures {
  count: number;
  resetAt: number;
  /** When it was read from the database or counted there. */
  at: number;
}

export function renderLimits(db: Db, config: Pick<RenderConfig, "concurrencyPerKey" | "failuresPerMinute">) {
  const inFlight = new Map<string, number>();
  /** Keys' failure counts as last read or counted (stale ones are swept when many keys have passed by). */
  const recent = new Map<string, Failures>();
  const failuresOf = async (credential: string, now: number): Promise<Failures> => {
    const known = recent.get(credential);
    if (known && now - known.at < KEY_CACHE_MS) return known;
    if (recent.size >= SWEEP_AT) for (const [id, f] of recent) if (now - f.at >= KEY_CACHE_MS) recent.delete(id);
    const read = { ...(await peekCount(db, `render-failures:${credential}`, MINUTE, now)), at: now };
    recent.set(credential, read);
    return read;
  };
  return createMiddleware<AuthEnv>(async (c, next) => {
    const { credential } = c.get("auth");
    const failures = `render-failures:${credential}`;
    const now = Date.now();
    const { count, resetAt } = await failuresOf(credential, now);
    if (count >= config.failuresPerMinute) {
      const wait = Math.max(1, Math.ceil((resetAt - now) / 1000));
      throw new ApiError("rate_limited", `${count} failed, refused or abandoned renders in the last minute with this key (the limit is ${config.failuresPerMinute}); see Retry-After`, undefined, wait);
    }
    const running = inFlight.get(credential) ?? 0;
    if (running >= config.concurrencyPerKey) {
      throw new ApiError("rate_limited", `${running} renders are already running with this key (the limit is ${config.concurrencyPerKey} at once); see Retry-After`, undefined, 1);
    }
    inFlight.set(credential, running + 1);
    let failed = true;
    try {
      await checkUser(c, db, (user) => requireCredits(user, 1));
      await next();
      failed = c.res.status >= 400 || c.req.raw.signal.aborted;
    } finally {
      const left = (inFlight.get(credential) ?? 1) - 1;
      if (left === 0) inFlight.delete(credential);
      else inFlight.set(credential, left);
      if (failed) recent.set(credential, { ...(await countRequest(db, failures, MINUTE)), at: Date.now() });
    }
  });
}

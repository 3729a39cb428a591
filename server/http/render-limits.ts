/**
 * Fair use of the paid endpoints (/render, /render/batch), checked after the key and before the body
 * is read, so a refused request costs the server no parsing:
 *  - a balance of at least 1 credit (a batch checks its item count once its body is read);
 *  - at most `concurrencyPerKey` renders in flight per key in this process (a batch is one);
 *  - at most `failuresPerMinute` failed, refused or abandoned renders per key per minute, counted in
 *    the database like the free endpoints' limit (rate-limit.ts). Successful renders stay unlimited,
 *    bound by credits (interface.md §8); only the ones that cost the service without paying count.
 * Over a limit the answer is 429 rate_limited with Retry-After.
 */
import { createMiddleware } from "hono/factory";
import type { RenderConfig } from "../config.ts";
import type { Db } from "../db/open.ts";
import type { AuthEnv } from "./auth.ts";
import { ApiError } from "./errors.ts";
import { countRequest, peekCount } from "./rate-limit.ts";
import { requireCredits } from "./routes/gate.ts";

const MINUTE = 60_000;

export function renderLimits(db: Db, config: Pick<RenderConfig, "concurrencyPerKey" | "failuresPerMinute">) {
  const inFlight = new Map<string, number>();
  return createMiddleware<AuthEnv>(async (c, next) => {
    const { credential, user } = c.get("auth");
    const failures = `render-failures:${credential}`;
    const now = Date.now();
    const { count, resetAt } = await peekCount(db, failures, MINUTE, now);
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
      requireCredits(user, 1);
      await next();
      failed = c.res.status >= 400 || c.req.raw.signal.aborted;
    } finally {
      const left = (inFlight.get(credential) ?? 1) - 1;
      if (left === 0) inFlight.delete(credential);
      else inFlight.set(credential, left);
      if (failed) await countRequest(db, failures, MINUTE);
    }
  });
}

/**
 * The bank's webhook, the fast path: `GET /hooks/monobank/<secret>` answers the bank's check with
 * 200; `POST` with `{type: "StatementItem", data: {account, statementItem}}` for the jar asks the
 * poller to read the statement now (poller.ts `readSoon`). What is posted is never credited: the
 * statement, read with the owner's token, is the only record, so a forged or replayed event changes
 * no balance. The webhook covers every account of the token (the owner's cards too): events of other
 * accounts are acknowledged and ignored. A wrong secret is an unknown path (404).
 */
import { timingSafeEqual } from "node:crypto";
import { Hono } from "hono";
import { z } from "zod";
import { ApiError } from "../http/errors.ts";
import type { MonobankConfig } from "./config.ts";
import { StatementItemSchema } from "./monobank.ts";
import type { PayerSignal } from "./poller.ts";

const WebhookEvent = z.looseObject({
  type: z.string(),
  data: z.looseObject({ account: z.string(), statementItem: StatementItemSchema }).optional(),
});

function sameSecret(given: string, secret: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

export function webhookRoutes(signal: PayerSignal, config: MonobankConfig & { webhookSecret: string }) {
  const app = new Hono();
  app.use("/:secret", async (c, next) => {
    if (!sameSecret(c.req.param("secret"), config.webhookSecret)) throw new ApiError("not_found", `no endpoint ${c.req.method} ${c.req.path}`);
    await next();
  });
  app.get("/:secret", (c) => c.text("ok", 200));
  app.post("/:secret", async (c) => {
    let event: z.infer<typeof WebhookEvent>;
    try {
      event = WebhookEvent.parse(await c.req.json());
    } catch {
      throw new ApiError("bad_request", "not a Monobank webhook event");
    }
    if (event.type !== "StatementItem" || !event.data || event.data.account !== config.jarId) return c.text("ignored", 200);
    signal.readSoon();
    return c.text("ok", 200);
  });
  return app;
}

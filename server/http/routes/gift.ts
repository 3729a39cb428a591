/** POST /gift (interface.md §4.5): credits to another person by e-mail; the work is in accounts/gifts.ts. */
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { giveCredits } from "../../accounts/gifts.ts";
import { isEmail, normaliseEmail } from "../../accounts/users.ts";
import type { AuthEnv } from "../auth.ts";
import { bodyKind, readJson } from "../body.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError } from "../errors.ts";
import { GiftRequest, GiftResponse } from "../schemas.ts";
import { ERRORS } from "./responses.ts";

export const giftRoute = createRoute({
  method: "post",
  path: "/gift",
  operationId: "giftCredits",
  tags: ["Account"],
  summary: "Give credits to another person by e-mail",
  description:
    "Moves qty credits (1–1000, at most the balance) to the recipient in one transaction; an account is created for an unknown e-mail and the credits wait for its first sign-in. " +
    "The recipient gets an in-account notification and an e-mail (in the recipient's language; delivery is retried through mail-server outages, it never fails the gift). " +
    "Errors (400): bad_email (missing or invalid e-mail), bad_qty (missing, not a whole number, outside 1–1000), gift_failed (more than the balance, or to one's own e-mail). " +
    "Rate limited: 60 per minute per key.",
  request: { body: { required: true, content: { "application/json": { schema: GiftRequest } } } },
  responses: {
    200: { description: "Sent: `credits` is the sender's new balance.", content: { "application/json": { schema: GiftResponse } } },
    400: { ...ERRORS[400], description: "bad_email, bad_qty, gift_failed or bad_request (a malformed body)." },
    401: ERRORS[401],
    429: ERRORS[429],
  },
});

export function giftRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AuthEnv>();
  app.openAPIRegistry.registerPath(giftRoute);
  return app.post("/gift", async (c) => {
    bodyKind(c, ["json"]);
    const request = await readJson(c, GiftRequest);
    if (!isEmail(normaliseEmail(request.email))) throw new ApiError("bad_email", "email must be an e-mail address");
    const result = await giveCredits(deps.db, c.get("auth").user, request.email, request.qty, { siteUrl: deps.config.origin });
    if (!result.ok) {
      throw new ApiError(
        "gift_failed",
        result.reason === "self" ? "a gift to your own e-mail address is not possible" : `not enough credits: the balance is less than ${request.qty}`,
      );
    }
    return c.json({ ok: true, credits: result.credits }, 200);
  });
}

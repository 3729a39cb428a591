/**
 * /gift (interface.md §4.5) belongs to the accounts issue's mail half. It is described here so the
 * OpenAPI document covers the whole interface; until its handler arrives it answers 404 `not_found`
 * (said in its description). /topup and /products are served by routes/payments.ts.
 */
import { createRoute } from "@hono/zod-openapi";
import { GiftRequest, GiftResponse } from "../schemas.ts";
import { ERRORS } from "./responses.ts";

const NOT_YET = " Not served by this version yet (accounts are enabled in a later release): answers 404 not_found until then.";

const json = <T>(schema: T) => ({ "application/json": { schema } });

export const ACCOUNT_ROUTES = [
  createRoute({
    method: "post",
    path: "/gift",
    summary: "Give credits to another person by e-mail",
    description:
      "Moves qty credits (1–1000, at most the balance) to the recipient; an account is created for an unknown e-mail and the credits wait for its first sign-in. " +
      "Errors: bad_email, bad_qty, gift_failed (400). Rate limited: 60 per minute per key." + NOT_YET,
    request: { body: { required: true, content: json(GiftRequest) } },
    responses: {
      200: { description: "Sent.", content: json(GiftResponse) },
      400: ERRORS[400], 401: ERRORS[401], 429: ERRORS[429],
    },
  }),
];

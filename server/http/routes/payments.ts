/** GET /products and POST /topup (interface.md §2.7, §2.8, §4.4, §4.6): the catalog and buying from it. */
import { createRoute, OpenAPIHono, type z } from "@hono/zod-openapi";
import { createTopup, type TopupRequest as Purchase } from "../../payments/topup.ts";
import type { AuthEnv } from "../auth.ts";
import { bodyKind, readJson } from "../body.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError } from "../errors.ts";
import { ErrorBody, Products, TopupRequest, TopupResponse } from "../schemas.ts";
import { defaultHook } from "../validation.ts";
import { ERRORS } from "./responses.ts";

const json = <T>(schema: T) => ({ "application/json": { schema } });

export const topupRoute = createRoute({
  method: "post",
  path: "/topup",
  operationId: "createTopup",
  tags: ["Account"],
  summary: "Create a payment link to buy credits or Pro",
  description:
    "Creates a pending payment and answers the Monobank jar link prefilled with the amount and the code. The payer keeps the code " +
    "(`comment`, e.g. `SK-7KQ4XW9M`) in the payment's comment; credits or Pro arrive about a minute after paying (poll GET /me). " +
    "kind=credits_unit needs `qty` (2–200) and no `id`; kind=credits and kind=pro need a catalog `id` and no `qty`. " +
    "A payment link stays valid for 24 hours by default; a payment made later is still credited. Rate limited: 60 per minute per key.",
  request: { body: { required: true, content: json(TopupRequest) } },
  responses: {
    200: { description: "The payment link.", content: json(TopupResponse) },
    400: { description: "bad_qty (qty missing or outside 2–200 for kind=credits_unit), or bad_request (malformed body, unknown kind, unknown pack or tier id, a field the kind does not take).", content: json(ErrorBody) },
    401: ERRORS[401],
    429: ERRORS[429],
    500: ERRORS[500],
    503: { description: "payment_unavailable: the payment provider is not configured (GET /products answers available: false).", content: json(ErrorBody) },
  },
});

export const productsRoute = createRoute({
  method: "get",
  path: "/products",
  operationId: "getProducts",
  tags: ["Account"],
  summary: "The price catalog",
  description: "Credit packs, Pro tiers and the price of one credit, in hryvnias. `available` is false while payment is not configured. Rate limited: 60 per minute per key.",
  responses: { 200: { description: "The catalog.", content: json(Products) }, 401: ERRORS[401], 429: ERRORS[429] },
});

/** The combinations §2.7 allows, beyond what the request schema checks field by field. */
function purchase(body: z.infer<typeof TopupRequest>): Purchase {
  if (body.kind === "credits_unit") {
    if (body.id !== undefined) throw new ApiError("bad_request", "id: kind=credits_unit takes qty, not id");
    if (body.qty === undefined) throw new ApiError("bad_qty", "qty: required for kind=credits_unit (2 to 200 credits)");
    return { kind: "credits_unit", qty: body.qty };
  }
  if (body.qty !== undefined) throw new ApiError("bad_request", `qty: kind=${body.kind} takes a catalog id, not qty`);
  if (body.id === undefined) throw new ApiError("bad_request", `id: required for kind=${body.kind} (a ${body.kind === "pro" ? "Pro tier" : "pack"} id from GET /products)`);
  return { kind: body.kind, id: body.id };
}

export function paymentRoutes(deps: AppDeps) {
  const { payments } = deps.config;
  const app = new OpenAPIHono<AuthEnv>({ defaultHook });
  app.openAPIRegistry.registerPath(topupRoute);
  const { credits, pro, unitUah } = payments.catalog;
  app.openapi(productsRoute, (c) => c.json({ credits, pro, unitUah, available: payments.monobank !== null }, 200));
  app.post("/topup", async (c) => {
    if (!payments.monobank) throw new ApiError("payment_unavailable", "payment is not available: the payment provider is not configured (GET /products says available: false)");
    bodyKind(c, ["json"]);
    const request = purchase(await readJson(c, TopupRequest));
    return c.json(await createTopup(deps.db, payments, c.get("auth").user.id, request), 200);
  });
  return app;
}

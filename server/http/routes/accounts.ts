/**
 * /topup and /products (interface.md §4.4, §4.6) belong to the accounts issue (POST /gift is served: gift.ts). They are
 * described here so the OpenAPI document covers the whole interface from day one; the handlers
 * arrive with that issue — until then these paths answer 404 `not_found` (said in each description).
 */
import { createRoute } from "@hono/zod-openapi";
import { Products, TopupRequest, TopupResponse } from "../schemas.ts";
import { ERRORS } from "./responses.ts";

const NOT_YET = " Not served by this version yet (accounts are enabled in a later release): answers 404 not_found until then.";

const json = <T>(schema: T) => ({ "application/json": { schema } });

export const ACCOUNT_ROUTES = [
  createRoute({
    method: "post",
    path: "/topup",
    operationId: "createTopup",
    tags: ["Account"],
    summary: "Create a payment link to buy credits or Pro",
    description: "Creates a pending payment; credits or Pro arrive about a minute after paying (poll GET /me). Rate limited: 60 per minute per key." + NOT_YET,
    request: { body: { required: true, content: json(TopupRequest) } },
    responses: {
      200: { description: "The payment link.", content: json(TopupResponse) },
      400: ERRORS[400], 401: ERRORS[401], 429: ERRORS[429], 500: ERRORS[500], 503: ERRORS[503],
    },
  }),
  createRoute({
    method: "get",
    path: "/products",
    operationId: "getProducts",
    tags: ["Account"],
    summary: "The price catalog",
    description: "Rate limited: 60 per minute per key." + NOT_YET,
    responses: { 200: { description: "The catalog.", content: json(Products) }, 401: ERRORS[401], 429: ERRORS[429] },
  }),
];

/** GET /me (interface.md §4.3): the key owner's account. */
import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { isPro } from "../../accounts/users.ts";
import type { AuthEnv } from "../auth.ts";
import { defaultHook } from "../validation.ts";
import { Me } from "../schemas.ts";
import { ERRORS } from "./responses.ts";

export const meRoute = createRoute({
  method: "get",
  path: "/me",
  operationId: "getMe",
  tags: ["Account"],
  summary: "The account of the key's owner",
  description: "Rate limited: 60 requests per minute per key.",
  responses: {
    200: { description: "The account.", content: { "application/json": { schema: Me } } },
    401: ERRORS[401],
    429: ERRORS[429],
  },
});

/** RFC 3339 in UTC without milliseconds, e.g. 2027-01-31T00:00:00Z. */
export const rfc3339 = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

export function meRoutes() {
  const app = new OpenAPIHono<AuthEnv>({ defaultHook });
  return app.openapi(meRoute, (c) => {
    const { user } = c.get("auth");
    const pro = isPro(user);
    return c.json({ email: user.email, name: user.name, credits: user.credits, pro, proUntil: pro && user.proUntil !== null ? rfc3339(user.proUntil) : "" }, 200);
  });
}

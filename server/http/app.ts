/**
 * The HTTP application (interface.md §4): every route under /v1, authentication, limits, and the
 * one place where any failure becomes `{error, code}`.
 */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { requireKey, type AuthEnv } from "./auth.ts";
import type { AppDeps } from "./deps.ts";
import { ApiError, errorResponse, toApiError } from "./errors.ts";
import { ACCOUNT_ROUTES } from "./routes/accounts.ts";
import { batchRoutes } from "./routes/batch.ts";
import { giftRoutes } from "./routes/gift.ts";
import { meRoutes } from "./routes/me.ts";
import { renderRoutes } from "./routes/render.ts";
import { rateLimit } from "./rate-limit.ts";
import { referenceRoutes } from "./reference.ts";
import { Health } from "./schemas.ts";
import { defaultHook } from "./validation.ts";
import { isSitePage, siteNotFound, siteRoutes } from "../../site/server/routes.tsx";

export const API_VERSION = "1.0.0";

const healthRoute = createRoute({
  method: "get",
  path: "/health",
  summary: "Liveness and database check (no authentication)",
  security: [],
  responses: {
    200: { description: "Serving.", content: { "application/json": { schema: Health } } },
    503: { description: "The database does not answer.", content: { "application/json": { schema: Health } } },
  },
});

/** The account endpoints take a few fields at most. */
const SMALL_BODY = 64 * 1024;

const openapiRoute = createRoute({
  method: "get",
  path: "/openapi.json",
  summary: "This description (OpenAPI 3.1, no authentication)",
  security: [],
  responses: { 200: { description: "The OpenAPI document.", content: { "application/json": { schema: z.looseObject({}) } } } },
});

const tooLarge = (limit: number) => () => {
  throw new ApiError("bad_request", `request body larger than ${limit} bytes`);
};

export function createApp(deps: AppDeps) {
  const { config, db } = deps;
  const app = new OpenAPIHono<AuthEnv>({ defaultHook });

  app.use("*", async (c, next) => {
    const requestId = crypto.randomUUID();
    c.set("requestId", requestId);
    // The ledger's reference for a render; given back so a user can quote it.
    c.header("X-Request-Id", requestId);
    await next();
  });
  app.onError((err, c) => {
    const apiError = toApiError(err);
    if (apiError.code === "server_error") console.error(`[${c.get("requestId")}]`, err);
    return errorResponse(c, apiError);
  });
  // A browser asking for a page outside the API gets the site's page; everything else the API's error.
  app.notFound((c) =>
    isSitePage(c) ? siteNotFound(c) : errorResponse(c, new ApiError("not_found", `no endpoint ${c.req.method} ${c.req.path}`)),
  );

  const v1 = new OpenAPIHono<AuthEnv>({ defaultHook });
  v1.openapi(healthRoute, async (c) => {
    try {
      await deps.db.run("SELECT 1");
      return c.json({ ok: true, version: API_VERSION }, 200);
    } catch {
      return c.json({ ok: false, version: API_VERSION }, 503);
    }
  });

  // Limits are checked while the body streams in, so an oversize body is refused, not buffered.
  v1.use("/render", bodyLimit({ maxSize: config.maxRenderBody, onError: tooLarge(config.maxRenderBody) }));
  v1.use("/render/batch", bodyLimit({ maxSize: config.maxBatchBody, onError: tooLarge(config.maxBatchBody) }));
  for (const path of ["/me", "/topup", "/gift", "/products"]) v1.use(path, bodyLimit({ maxSize: SMALL_BODY, onError: tooLarge(SMALL_BODY) }));
  for (const path of ["/render", "/render/batch", "/me", "/topup", "/gift", "/products"]) v1.use(path, requireKey(db));

  const limiter = rateLimit(db, { limit: config.rateLimitPerMinute, windowMs: 60_000 });
  for (const path of ["/me", "/topup", "/gift", "/products"]) v1.use(path, limiter);

  v1.route("/", renderRoutes(deps));
  v1.route("/", batchRoutes(deps));
  v1.route("/", meRoutes());
  v1.route("/", giftRoutes(deps));
  for (const route of [...ACCOUNT_ROUTES, openapiRoute]) v1.openAPIRegistry.registerPath(route);

  v1.openAPIRegistry.registerComponent("securitySchemes", "ApiKeyHeader", { type: "apiKey", in: "header", name: "X-API-Key" });
  v1.openAPIRegistry.registerComponent("securitySchemes", "BearerKey", { type: "http", scheme: "bearer", description: "The same rk_… key as a bearer token." });
  v1.doc31("/openapi.json", (c) => ({
    openapi: "3.1.0",
    info: {
      title: "Skhema flowchart rendering API",
      version: API_VERSION,
      description: OPENAPI_DESCRIPTION,
    },
    servers: [{ url: new URL("/v1", c.req.url).href }],
    security: [{ ApiKeyHeader: [] as string[] }, { BearerKey: [] as string[] }] as Record<string, string[]>[],
  }));
  v1.route("/", referenceRoutes());

  app.route("/v1", v1);
  // The site (playground, sign-in, account) beside the API, on the same server.
  app.route("/", siteRoutes(deps));
  return app;
}

const OPENAPI_DESCRIPTION = `Turns program source (Python, C, C++, Java, C#, Pascal) into ДСТУ 19.701-90 flowcharts.

Decisions on the open points of the interface:
- **proFeatures** (402 pro_required): an array of strings, each a feature used — \`native\` for lang=native, otherwise the custom option's name.
- **Native chart validation errors**: 400 with code \`bad_request\` and the Error body; \`error\` lists every problem with its path in the tree, e.g. \`[0].block.stmts[3]: break outside a loop\`.
- **Request body size**: POST /render at most 4 MiB, POST /render/batch at most 16 MiB, the account endpoints 64 KiB; larger bodies get 400 bad_request before being read whole. A source is at most 1 MiB of UTF-8.
- **Fetched url content**: at most 1 MiB, fetched within 10 s, https only, each redirect hop re-checked against the allowlist; any failure is 400 bad_source.
- **Rate limit**: one budget of 60 requests per minute per key, shared by /me, /topup, /gift and /products and by every server instance (it is counted in the database). A key's minute starts with its first request; \`Retry-After\` gives the seconds until it ends.
- **Unknown fields** in request bodies are refused with 400 bad_request (it catches misspelt options).
- **lang** is required with \`code\`; with \`url\` (or a multipart file, or a batch item's name) it may be omitted and comes from the file extension.
- Endpoints not listed in interface.md: GET /health (no key) and GET /docs (this reference). Unknown paths answer 404 with code \`not_found\`.`;

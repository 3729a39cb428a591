/**
 * The HTTP application (interface.md §4): every route under /v1, authentication, limits, and the
 * one place where any failure becomes `{error, code}`.
 */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { KEY_CACHE_MS } from "../accounts/keys.ts";
import { requireKey, type AuthEnv } from "./auth.ts";
import type { AppDeps } from "./deps.ts";
import { ApiError, errorResponse, toApiError } from "./errors.ts";
import { batchRoutes } from "./routes/batch.ts";
import { reportRoutes } from "./routes/report.ts";
import { giftRoutes } from "./routes/gift.ts";
import { meRoutes } from "./routes/me.ts";
import { paymentRoutes } from "./routes/payments.ts";
import { webhookRoutes } from "../payments/webhook.ts";
import { renderRoutes } from "./routes/render.ts";
import { linkRoutes } from "./routes/links.ts";
import { remoteMcpRoutes } from "../mcp/remote.ts";
import { MCP_PATH, oauthRoutes } from "../oauth/routes.ts";
import { rateLimit } from "./rate-limit.ts";
import { renderLimits } from "./render-limits.ts";
import { referenceRoutes } from "./reference.ts";
import { ApiIndex, Health } from "./schemas.ts";
import { defaultHook } from "./validation.ts";
import { INTERFACE_VERSION, SOFTWARE_VERSION } from "./versions.ts";

const healthRoute = createRoute({
  method: "get",
  path: "/health",
  operationId: "getHealth",
  tags: ["Service"],
  summary: "Liveness and database check (no authentication)",
  security: [],
  responses: {
    200: { description: "Serving.", content: { "application/json": { schema: Health } } },
    503: { description: "The database does not answer.", content: { "application/json": { schema: Health } } },
  },
});

/**
 * Bun.serve's own body cap (maxRequestBodySize). Bun answers a body over it with a bare 413 before
 * the app sees the request, so it is set beyond reach: every oversize body meets the app's limits
 * below (streamed, refused with a JSON 400 bad_request), on every path.
 */
export const SERVE_MAX_REQUEST_BODY = Number.MAX_SAFE_INTEGER;

/** The account endpoints (and any other path but rendering) take a few fields at most. */
const SMALL_BODY = 64 * 1024;

const indexRoute = createRoute({
  method: "get",
  path: "/",
  operationId: "getIndex",
  tags: ["Service"],
  summary: "What this API is and where its reference is (no authentication)",
  security: [],
  responses: { 200: { description: "Names, versions and links.", content: { "application/json": { schema: ApiIndex } } } },
});

const openapiRoute = createRoute({
  method: "get",
  path: "/openapi.json",
  operationId: "getOpenApi",
  tags: ["Service"],
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
  app.notFound((c) => deps.site?.pageNotFound(c) ?? errorResponse(c, new ApiError("not_found", `no endpoint ${c.req.method} ${c.req.path}`)));
  let methods: MethodTable | undefined;
  const knownMethods = () => (methods ??= methodTable(app.routes)); // every route is registered by the first request
  // Before authentication and body limits: a wrong method is wrong whoever asks.
  app.use("*", async (c, next) => {
    const allowed = knownMethods().allowed(c.req.path);
    if (allowed && !allowed.includes(c.req.method)) {
      c.header("Allow", allowed.join(", "));
      throw new ApiError("method_not_allowed", `${c.req.path} does not take ${c.req.method}; it takes ${allowed.join(", ")}`);
    }
    await next();
  });

  // Limits are checked while the body streams in, so an oversize body is refused, not buffered.
  // Rendering takes sources; every other path (the account endpoints, anything added later) a few fields.
  const limit = (maxSize: number) => bodyLimit({ maxSize, onError: tooLarge(maxSize) });
  const bodyLimits = new Map([["/v1/render", limit(config.maxRenderBody)], ["/v1/render/batch", limit(config.maxBatchBody)], ["/v1/render/report", limit(config.maxBatchBody)], [MCP_PATH, limit(config.maxRenderBody)]]);
  const smallBody = limit(SMALL_BODY);
  // An unknown path reads no body: it is answered 404, not told its body is too large.
  app.use("*", (c, next) => (knownMethods().allowed(c.req.path) ? (bodyLimits.get(c.req.path) ?? smallBody)(c, next) : next()));

  const v1 = new OpenAPIHono<AuthEnv>({ defaultHook });
  v1.openapi(healthRoute, async (c) => {
    try {
      await deps.db.run("SELECT 1");
      return c.json({ ok: true, version: INTERFACE_VERSION, softwareVersion: SOFTWARE_VERSION }, 200);
    } catch {
      return c.json({ ok: false, version: INTERFACE_VERSION, softwareVersion: SOFTWARE_VERSION }, 503);
    }
  });
  // Someone who opens the base URL in a browser or with curl learns where to go (it was a 404).
  // The links come from configuration (config.origin), never from the request's Host header.
  v1.openapi(indexRoute, (c) =>
    c.json(
      {
        name: OPENAPI_TITLE,
        version: INTERFACE_VERSION,
        softwareVersion: SOFTWARE_VERSION,
        docs: `${config.origin}/v1/docs`,
        openapi: `${config.origin}/v1/openapi.json`,
        health: `${config.origin}/v1/health`,
        site: `${config.origin}/`,
      },
      200,
    ),
  );

  // The paid renders reuse a key's lookup briefly (keys.ts KEY_CACHE_MS); the report and the account endpoints read it every time.
  for (const path of ["/render", "/render/batch"]) v1.use(path, requireKey(db, KEY_CACHE_MS));
  for (const path of ["/render/report", "/me", "/topup", "/gift", "/products"]) v1.use(path, requireKey(db));

  const limiter = rateLimit(db, { limit: config.rateLimitPerMinute, windowMs: 60_000 });
  for (const path of ["/me", "/topup", "/gift", "/products"]) v1.use(path, limiter);
  const fairUse = renderLimits(db, config.render);
  for (const path of ["/render", "/render/batch", "/render/report"]) v1.use(path, fairUse);

  v1.route("/", renderRoutes(deps));
  v1.route("/", batchRoutes(deps));
  v1.route("/", reportRoutes(deps));
  v1.route("/", meRoutes());
  v1.route("/", giftRoutes(deps));
  v1.route("/", paymentRoutes(deps));
  v1.route("/", linkRoutes(deps));
  v1.openAPIRegistry.registerPath(openapiRoute);

  v1.openAPIRegistry.registerComponent("securitySchemes", "ApiKeyHeader", { type: "apiKey", in: "header", name: "X-API-Key" });
  v1.openAPIRegistry.registerComponent("securitySchemes", "BearerKey", { type: "http", scheme: "bearer", description: "The same rk_… key as a bearer token." });
  v1.doc31("/openapi.json", () => ({
    openapi: "3.1.0",
    info: {
      title: OPENAPI_TITLE,
      version: INTERFACE_VERSION,
      description: OPENAPI_DESCRIPTION,
    },
    // From configuration, never from the request's Host header (which a client or a proxy chooses).
    servers: [{ url: config.publicBaseUrl ? `${config.publicBaseUrl}/v1` : "/v1" }],
    tags: [
      { name: "Rendering", description: "Source → flowchart, charged per chart." },
      { name: "Account", description: "Balance, top-up, gifts and prices; rate limited per key." },
      { name: "Service", description: "No key needed." },
    ],
    security: [{ ApiKeyHeader: [] as string[] }, { BearerKey: [] as string[] }] as Record<string, string[]>[],
  }));
  v1.route("/", referenceRoutes(config.origin));
  // Answers of the API are data, never pages to run: a browser that opens one (an SVG chart, an
  // error) must neither guess its type nor run a script in it on this origin. The docs page has its own.
  app.use("/v1/*", async (c, next) => {
    await next();
    c.header("X-Content-Type-Options", "nosniff");
    if (!c.res.headers.has("Content-Security-Policy")) c.header("Content-Security-Policy", "default-src 'none'; sandbox");
  });

  app.route("/v1", v1);
  // The remote MCP endpoint and the OAuth server that signs its users in (issue 28); before the
  // site, whose pages guard their own origin.
  app.route("/", oauthRoutes(db, config.origin));
  app.route("/", remoteMcpRoutes(deps, (request) => Promise.resolve(app.fetch(request))));
  // The site (playground, sign-in, account) beside the API, on the same server.
  if (deps.site) app.route("/", deps.site.routes);
  const monobank = config.payments.monobank;
  // Outside /v1 and the OpenAPI document: only the bank calls it, at a secret path.
  if (monobank?.webhookSecret && deps.payments) app.route("/hooks/monobank", webhookRoutes(deps.payments, { ...monobank, webhookSecret: monobank.webhookSecret }));
  return app;
}

interface MethodTable {
  /** The methods served at `path` (HEAD comes with GET), or undefined for an unknown path. */
  allowed(path: string): string[] | undefined;
}

function methodTable(routes: readonly { method: string; path: string }[]): MethodTable {
  const byPath = new Map<string, Set<string>>();
  const patterns: { pattern: RegExp; method: string }[] = [];
  for (const { method, path } of routes) {
    if (method === "ALL") continue; // middleware, not an endpoint
    if (/[:*]/.test(path)) {
      const source = path.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\/:[^/]+/g, "/[^/]+").replace(/\*/g, ".*");
      patterns.push({ pattern: new RegExp(`^${source}$`), method });
    } else {
      byPath.set(path, (byPath.get(path) ?? new Set()).add(method));
    }
  }
  const lookUp = (path: string): string[] | undefined => {
    const methods = new Set(byPath.get(path));
    for (const p of patterns) if (p.pattern.test(path)) methods.add(p.method);
    if (methods.size === 0) return undefined;
    if (methods.has("GET")) methods.add("HEAD");
    return [...methods].sort();
  };
  // Every request asks twice (the method check, the body limit): the routes' own paths are answered
  // from this table, bounded by the routes; other paths (with parameters, or unknown) are looked up.
  const known = new Map([...byPath.keys()].map((path) => [path, lookUp(path)]));
  return { allowed: (path) => (known.has(path) ? known.get(path) : lookUp(path)) };
}

const OPENAPI_TITLE = "Skhema flowchart rendering API";

const OPENAPI_DESCRIPTION = `Turns program source (Python, C, C++, Java, C#, Pascal, JavaScript, TypeScript, Go, PHP) into algorithm flowcharts drawn to ДСТУ 19.701-90 (ISO 5807): SVG, PNG, PDF, DOCX, Typst, Excalidraw or JSON geometry.

**Start here.** Every call but /health and /openapi.json needs an API key (\`rk_…\`, made on the account page of the site): send it as \`X-API-Key: rk_…\` or \`Authorization: Bearer rk_…\`. Each chart costs 1 credit; with no credits a render answers 402 \`no_credits\` (top up on the site or with POST /topup). To try it here: **Authorize**, paste the key, then POST /render → **Try it out** → **Execute** draws the example Python program as SVG.

Every error is \`{error, code}\`: branch on \`code\` (the list is in the Error schema), show \`error\` to people.

**Versions.** This document's version, ${INTERFACE_VERSION}, is the HTTP interface's and changes only with the contract; the server software's own release is \`softwareVersion\` in GET /health.

## Details beyond the interface

- **proFeatures** (402 pro_required): an array of strings, each a feature used — \`native\` for lang=native, otherwise the custom option's name.
- **Native chart validation errors**: 400 with code \`bad_request\` and the Error body; \`error\` lists every problem with its path in the tree, e.g. \`[0].block.stmts[3]: break outside a loop\`.
- **Request body size**: POST /render at most 4 MiB, POST /render/batch at most 16 MiB, the account endpoints 64 KiB; a larger body, on any path and of any size, gets 400 bad_request with the Error body before being read whole (never a bare 413). A source is at most 1 MiB of UTF-8.
- **Encoding**: a JSON body that is not valid UTF-8 is refused with 400 bad_request, never rendered with replacement characters; a JSON \`code\` is text already. A source *file* (the multipart \`file\`, the content behind a \`url\`) may be UTF-8 (with or without a BOM), UTF-16 with a BOM, Windows-1251, CP866 or KOI8-U, as students' editors save it: a BOM decides, valid UTF-8 is UTF-8, else the code page whose reading is the most plausible Ukrainian or Russian text. Binary data (NUL or control bytes) or bytes in none of these are 400 bad_request naming the problem.
- **Fetched url content**: at most 1 MiB, fetched within 10 s, https only, each redirect hop re-checked against the allowlist; any failure is 400 bad_source.
- **Rate limit**: one budget of 60 requests per minute per key, shared by /me, /topup, /gift and /products and by every server instance (it is counted in the database). A key's minute starts with its first request; \`Retry-After\` gives the seconds until it ends.
- **Render budgets and fair use** (additions to interface.md §8): every render has a wall-clock budget (5 s by default; each batch item its own) and a memory ceiling; a render over either is stopped and answers 500 \`render_failed\` saying which, and is not charged (in a batch only that item fails). A PDF bundle's drawing is budgeted what its items' layout took (at least one item's budget). A client that disconnects stops its render and is not charged. /render and /render/batch check a balance of at least 1 before reading the body (402 no_credits), and answer 429 \`rate_limited\` with \`Retry-After\` when a key has too many renders in flight at once or too many failed, refused or abandoned renders in the last minute; successful renders are not limited. Their key lookup may be reused for up to 1 s within a server process: a key revoked through another process stops working within that (through the same process at once), and a refusal for credits or Pro is always decided on a fresh lookup.
- **X-Skipped-Functions** is at most 2 000 bytes (the first names); \`X-Skipped-Count\` gives the total and \`?json=1\` every name with its reason.
- **Unknown fields** in request bodies are refused with 400 bad_request (it catches misspelt options).
- **lang** is required with \`code\`; with \`url\` (or a multipart file, or a batch item's name) it may be omitted and comes from the file extension.
- Endpoints not listed in interface.md: GET /health (no key), GET / (this API's name, versions and links) and GET /docs (this reference). Unknown paths answer 404 with code \`not_found\`.
- **Wrong method** on a known path (e.g. GET /render): 405 with code \`method_not_allowed\` (an addition to the codes of interface.md §7) and an \`Allow\` header listing the methods the path takes; checked before the key.
- **Batch failures**: a zip holds one entry per item — the chart, or \`<name>.error.txt\` with \`<code>: <reason>\` for an item that failed. When no item renders, the batch answers the error POST /render gives for the first item the client must fix (e.g. 400 bad_source), else 500 render_failed; with json=1 that answer also carries every BatchResponse field (BatchFailedResponse).`;

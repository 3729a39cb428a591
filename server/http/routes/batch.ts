/** POST /render/batch (interface.md §4.2): up to 100 sources → one PDF or one zip. */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { applyDelta } from "../../accounts/credits.ts";
import { runBatch, type BatchItemPlan, type Bundle } from "../../rendering/batch.ts";
import type { Lang } from "../../../engine/index.ts";
import { resolveLang, type SourceSpec } from "../../rendering/source.ts";
import type { AuthEnv } from "../auth.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError, toApiError } from "../errors.ts";
import { BatchRequest, BatchResponse, JsonQuery } from "../schemas.ts";
import { bodyKind, jsonRequested, readJson } from "../body.ts";
import { ranOut, requireClient, requireCredits, requirePro } from "./gate.ts";
import { base64, ERRORS, sendFile } from "./responses.ts";

const COUNT_HEADERS = {
  "X-Service-Rendered": { schema: { type: "integer" as const }, description: "Items that rendered." },
  "X-Service-Failed": { schema: { type: "integer" as const }, description: "Items that failed (not charged)." },
  "X-Credits-Left": { schema: { type: "integer" as const }, description: "Balance after this call." },
};

export const batchRoute = createRoute({
  method: "post",
  path: "/render/batch",
  summary: "Render up to 100 sources into one bundle",
  description:
    "Needs a balance of at least the item count; charges 1 credit per chart of the successful items only. " +
    "format=pdf gives one multi-page PDF (items in order) unless bundle=zip; everything else a zip with one file per item. " +
    "A failing item does not fail the others; when every item fails the answer is 500 render_failed listing them, and nothing is charged.",
  request: { query: JsonQuery, body: { required: true, content: { "application/json": { schema: BatchRequest } } } },
  responses: {
    200: {
      description: "The bundle, or with json=1 a BatchResponse.",
      headers: COUNT_HEADERS,
      content: {
        "application/json": { schema: BatchResponse },
        "application/pdf": { schema: z.string().openapi({ format: "binary" }) },
        "application/zip": { schema: z.string().openapi({ format: "binary" }) },
      },
    },
    400: ERRORS[400],
    401: ERRORS[401],
    402: ERRORS[402],
    500: ERRORS[500],
  },
});

/** An item's language, or the reason it has none: that item then fails alone, keeping the reason. */
function itemLang(spec: SourceSpec): Lang | ApiError {
  try {
    return resolveLang(spec);
  } catch (err) {
    return toApiError(err);
  }
}

export function batchRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AuthEnv>();
  app.openAPIRegistry.registerPath(batchRoute);
  return app.post("/render/batch", async (c) => {
    bodyKind(c, ["json"]);
    const request = await readJson(c, BatchRequest, true);
    const json = jsonRequested(c) || request.json === true;
    const { user } = c.get("auth");
    const bundle: Bundle = request.bundle ?? (request.format === "pdf" ? "pdf" : "zip");
    if (bundle === "pdf" && request.format !== "pdf") throw new ApiError("bad_request", "bundle=pdf needs format=pdf");

    const plans: BatchItemPlan[] = request.items.map((item, i) => {
      const name = item.name ?? `service-${i + 1}`;
      const spec = { code: item.code, url: item.url, lang: item.lang, fileName: item.name };
      return { index: i, name, spec, fn: item.fn, lang: itemLang(spec) };
    });
    requirePro(user, plans.flatMap((p) => (p.lang instanceof Error ? [] : [{ lang: p.lang, options: request.options }])));
    requireCredits(user, plans.length);

    let outcome;
    try {
      outcome = await runBatch(plans, {
        request, bundle, policy: deps.config.source, assets: deps.assets, concurrency: deps.config.batchConcurrency, afterItem: deps.afterRender, signal: c.req.raw.signal,
      });
    } finally {
      deps.afterBatch?.();
    }
    if ("failed" in outcome) {
      const why = outcome.failed.map((r) => `${r.name}: ${r.error}`).join("; ");
      throw new ApiError("render_failed", `no item rendered: ${why}`);
    }
    requireClient(c.req.raw.signal);
    const creditsLeft = await applyDelta(deps.db, user.id, -outcome.charts, "batch", c.get("requestId"));
    if (creditsLeft === null) throw ranOut();

    const failed = outcome.items.length - outcome.rendered;
    const counts = { "X-Service-Rendered": String(outcome.rendered), "X-Service-Failed": String(failed), "X-Credits-Left": String(creditsLeft) };
    if (json) {
      for (const [k, v] of Object.entries(counts)) c.header(k, v);
      return c.json({
        format: request.format, bundle, count: outcome.items.length, rendered: outcome.rendered, credits: outcome.charts, creditsLeft,
        filename: outcome.filename, items: outcome.items, encoding: "base64" as const, content: base64(outcome.data),
      }, 200);
    }
    return sendFile(c, outcome.data, outcome.contentType, outcome.filename, counts);
  });
}

/** POST /render/batch (interface.md §4.2): up to 100 sources → one PDF or one zip. */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { applyDelta } from "../../accounts/credits.ts";
import { nothingRendered, runBatch, type BatchItemPlan, type Bundle } from "../../rendering/batch.ts";
import type { Lang } from "../../../engine/index.ts";
import { resolveLang, type SourceSpec } from "../../rendering/source.ts";
import { rememberBalance } from "../../accounts/keys.ts";
import { checkUser, type AuthEnv } from "../auth.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError, toApiError } from "../errors.ts";
import { BatchFailedResponse, BatchRequest, BatchResponse, ErrorBody, JsonQuery } from "../schemas.ts";
import { bodyKind, jsonRequested, readJson } from "../body.ts";
import { ranOut, requireClient, requireCredits, requirePro } from "./gate.ts";
import { base64, ERRORS, sendFile } from "./responses.ts";

const COUNT_HEADERS = {
  "X-Service-Rendered": { schema: { type: "integer" as const }, description: "Items that rendered." },
  "X-Service-Failed": { schema: { type: "integer" as const }, description: "Items that failed (not charged)." },
  "X-Credits-Left": { schema: { type: "integer" as const }, description: "Balance after this call." },
};

/** A batch's 400 and 500: the Error body, or with json=1 when no item rendered the BatchFailedResponse. */
function batchError(base: { description: string }) {
  return { description: base.description, content: { "application/json": { schema: z.union([ErrorBody, BatchFailedResponse]) } } };
}

export const batchRoute = createRoute({
  method: "post",
  path: "/render/batch",
  operationId: "renderBatch",
  tags: ["Rendering"],
  summary: "Render up to 100 sources into one bundle",
  description:
    "Needs a balance of at least the item count; charges 1 credit per chart of the successful items only. " +
    "format=pdf gives one multi-page PDF of the items that rendered (in order) unless bundle=zip; everything else a zip with one entry per item, in order: " +
    "the chart, or for an item that failed `<name>.error.txt` holding `<code>: <reason>`. " +
    "A failing item does not fail the others. When no item renders nothing is charged and the answer is the error POST /render would give for the first item " +
    "that failed by the client's fault (400 bad_source, bad_request, unknown_lang; 402 pro_required), else 500 render_failed; the message lists every item's reason. " +
    "With json=1 that error answer is a BatchFailedResponse: `error` and `code` plus every BatchResponse field (rendered 0, each item's error; `content` the zip of error entries, or empty for a PDF bundle).",
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
    400: batchError(ERRORS[400]),
    401: ERRORS[401],
    402: ERRORS[402],
    429: ERRORS.renderLimited,
    500: batchError(ERRORS[500]),
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
    const bundle: Bundle = request.bundle ?? (request.format === "pdf" ? "pdf" : "zip");
    if (bundle === "pdf" && request.format !== "pdf") throw new ApiError("bad_request", "bundle=pdf needs format=pdf");

    const plans: BatchItemPlan[] = request.items.map((item, i) => {
      const name = item.name ?? `service-${i + 1}`;
      const spec = { code: item.code, url: item.url, lang: item.lang, fileName: item.name };
      return { index: i, name, spec, fn: item.fn, lang: itemLang(spec) };
    });
    await checkUser(c, deps.db, (u) => {
      requirePro(u, plans.flatMap((p) => (p.lang instanceof Error ? [] : [{ lang: p.lang, options: request.options }])));
      requireCredits(u, plans.length);
    });
    const { user } = c.get("auth");

    let outcome: Awaited<ReturnType<typeof runBatch>>;
    try {
      outcome = await runBatch(plans, {
        request, bundle, policy: deps.config.source, renderer: deps.renderer, budgetMs: deps.config.render.batchItemBudgetMs, owner: `user:${user.id}`, concurrency: deps.config.batchConcurrency, signal: c.req.raw.signal,
      });
    } finally {
      deps.afterBatch?.();
    }
    requireClient(c.req.raw.signal);
    const failure = outcome.rendered === 0 ? nothingRendered(outcome.items) : undefined;
    // Nothing rendered: nothing to charge (and applyDelta refuses a zero change).
    const creditsLeft = failure ? user.credits : await applyDelta(deps.db, user.id, -outcome.charts, "batch", c.get("requestId"));
    if (creditsLeft === null) throw ranOut();
    if (!failure) rememberBalance(c.get("auth"), creditsLeft);

    const failed = outcome.items.length - outcome.rendered;
    const counts = { "X-Service-Rendered": String(outcome.rendered), "X-Service-Failed": String(failed), "X-Credits-Left": String(creditsLeft) };
    if (json) {
      for (const [k, v] of Object.entries(counts)) c.header(k, v);
      const response = {
        format: request.format, bundle, count: outcome.items.length, rendered: outcome.rendered, credits: outcome.charts, creditsLeft,
        filename: outcome.filename, items: outcome.items.map(({ failure: _, ...item }) => item), encoding: "base64" as const, content: base64(outcome.data),
      };
      // Nothing rendered: the error's status and {error, code}, and still the whole BatchResponse.
      if (failure) return c.json({ error: failure.message, code: failure.code, ...response }, failure.status as 400 | 500);
      return c.json(response, 200);
    }
    if (failure) {
      for (const [k, v] of Object.entries(counts)) c.header(k, v);
      throw failure;
    }
    return sendFile(c, outcome.data, outcome.contentType, outcome.filename, counts);
  });
}

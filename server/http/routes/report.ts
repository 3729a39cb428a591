/**
 * POST /render/report (issue 26, an extension of interface.md §4): the files of an assignment → one
 * report document (DOCX, PDF or Typst) with their listings and flowcharts laid out as the report guide
 * asks (engine/report/). Gated and charged like a batch (routes/batch.ts): a balance of at least the
 * file count, then 1 credit per chart drawn, once, after the document is made; listings are free, a
 * file that fails costs nothing and is named in the document and in `skipped`. When no chart could
 * be drawn nothing is charged and the answer is the first file's error (a 4xx when the client must
 * fix it), as a batch in which no item rendered.
 */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { applyDelta } from "../../accounts/credits.ts";
import type { ReportSource } from "../../../engine/report/index.ts";
import { loadSource, resolveLang } from "../../rendering/source.ts";
import type { AuthEnv } from "../auth.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError, toApiError } from "../errors.ts";
import { JsonQuery, ReportRequest, ReportResponse } from "../schemas.ts";
import { bodyKind, jsonRequested, readJson } from "../body.ts";
import { ranOut, requireClient, requireCredits, requirePro } from "./gate.ts";
import { base64, ERRORS, sendFile } from "./responses.ts";

const HEADERS = {
  "X-Service-Charts": { schema: { type: "integer" as const }, description: "Charts drawn (charged)." },
  "X-Service-Skipped": { schema: { type: "integer" as const }, description: "Files or functions not drawn (not charged)." },
  "X-Credits-Left": { schema: { type: "integer" as const }, description: "Balance after this call." },
};

export const reportRoute = createRoute({
  method: "post",
  path: "/render/report",
  operationId: "renderReport",
  tags: ["Rendering"],
  summary: "The whole assignment as one report document: listings and flowcharts",
  description:
    "Extension (issue 26). Up to 100 files → one document in the report guide's page setup (A4, margins 25/10/20/20 mm, Times New Roman 14, page numbers): " +
    "by default «ДОДАТОК А – Лістинг програми» with each file's numbered listing and «ДОДАТОК Б – Схеми алгоритмів» with every chart as a captioned figure " +
    "(one block size in every chart), or with report.layout=inline a section per file. Needs a balance of at least the file count; charges 1 credit per chart drawn, " +
    "nothing for listings or for files that fail (they are named in the document and in `skipped`). When no chart is drawn nothing is charged and the answer is " +
    "the error POST /render gives for the first file the client must fix, else 500 render_failed.",
  request: { query: JsonQuery, body: { required: true, content: { "application/json": { schema: ReportRequest } } } },
  responses: {
    200: {
      description: "The document, or with json=1 a ReportResponse.",
      headers: HEADERS,
      content: {
        "application/json": { schema: ReportResponse },
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document": { schema: z.string().openapi({ format: "binary" }) },
        "application/pdf": { schema: z.string().openapi({ format: "binary" }) },
        "text/x-typst": { schema: z.string() },
      },
    },
    400: ERRORS[400],
    401: ERRORS[401],
    402: ERRORS[402],
    429: ERRORS.renderLimited,
    500: ERRORS[500],
  },
});

export function reportRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AuthEnv>();
  app.openAPIRegistry.registerPath(reportRoute);
  return app.post("/render/report", async (c) => {
    bodyKind(c, ["json"]);
    const request = await readJson(c, ReportRequest, true);
    const json = jsonRequested(c) || request.json === true;
    const { user } = c.get("auth");
    const specs = request.items.map((item, i) => ({ code: item.code, url: item.url, lang: item.lang, fileName: item.name ?? `file-${i + 1}`, item }));
    const langs = specs.map((spec) => {
      try {
        return resolveLang(spec);
      } catch (err) {
        return toApiError(err);
      }
    });
    requirePro(user, langs.flatMap((lang) => (lang instanceof Error ? [] : [{ lang, options: request.options }])));
    requireCredits(user, specs.length);

    // Each file's source: one that cannot be fetched or told keeps its place in the document, with the reason.
    const failures: (ApiError | undefined)[] = [];
    const sources: ReportSource[] = await Promise.all(
      specs.map(async (spec, i): Promise<ReportSource> => {
        const base = { name: spec.fileName, lang: "", code: "", ...(spec.item.title ? { title: spec.item.title } : {}), ...(spec.item.fn ? { fn: spec.item.fn } : {}) };
        const lang = langs[i]!;
        try {
          if (lang instanceof Error) throw lang;
          return { ...base, lang, code: await loadSource(spec, deps.config.source) };
        } catch (err) {
          const apiError = toApiError(err);
          failures[i] = apiError;
          return { ...base, unavailable: apiError.message };
        }
      }),
    );
    requireClient(c.req.raw.signal);

    const budgetMs = deps.config.render.batchItemBudgetMs * specs.length;
    const result = await deps.renderer.run({ kind: "report", input: { sources, format: request.format, font: request.font, options: request.options, report: request.report } }, {
      budgetMs, signal: c.req.raw.signal, owner: `user:${user.id}`, bulk: true,
    });
    requireClient(c.req.raw.signal);
    if (result.charts === 0) {
      const decisive = failures.find((f) => f && f.status < 500) ?? failures.find((f) => f);
      const why = result.skipped.map((s) => `${s.name}${s.fn ? ` ${s.fn}` : ""}: ${s.error}`).join("; ");
      throw new ApiError(decisive?.code ?? "render_failed", `no chart could be drawn: ${why || "the files have no statements"}`, decisive?.proFeatures);
    }
    const creditsLeft = await applyDelta(deps.db, user.id, -result.charts, "batch", c.get("requestId")); // the ledger books a report as the batch it is
    if (creditsLeft === null) throw ranOut();

    const headers = { "X-Service-Charts": String(result.charts), "X-Service-Skipped": String(result.skipped.length), "X-Credits-Left": String(creditsLeft) };
    const data = typeof result.file.data === "string" ? new TextEncoder().encode(result.file.data) : result.file.data;
    if (json) {
      for (const [k, v] of Object.entries(headers)) c.header(k, v);
      return c.json({
        format: request.format, count: specs.length, credits: result.charts, creditsLeft, filename: result.file.name,
        skipped: result.skipped, recovered: result.recovered, encoding: "base64" as const, content: base64(data),
      }, 200);
    }
    return sendFile(c, data, result.file.contentType, result.file.name, headers);
  });
}

/** POST /render (interface.md §4.1): one source → one file, charged per chart after it is drawn. */
import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Format, Lang } from "../../../engine/index.ts";
import { applyDelta } from "../../accounts/credits.ts";
import { isBulk } from "../../rendering/renderer.ts";
import { loadSource, outputFileName, resolveLang, type SourceSpec } from "../../rendering/source.ts";
import { rememberBalance } from "../../accounts/keys.ts";
import { checkUser, type AuthEnv } from "../auth.ts";
import type { AppDeps } from "../deps.ts";
import { ApiError } from "../errors.ts";
import { JsonQuery, RenderJSONResponse, RenderMultipart, RenderRequest } from "../schemas.ts";
import { bodyKind, jsonRequested, readForm, readJson } from "../body.ts";
import { requireClient, requirePro, ranOut } from "./gate.ts";
import { base64, ERRORS, sendFile } from "./responses.ts";
import { fileBytes, keepBehindLink, LINK_EXPIRES_HEADER, LINK_HEADER, linksFull } from "./links.ts";
import { linkRoom } from "../../links/store.ts";
import { OMITTED_HEADER, RECOVERED_HEADER, SKIPPED_COUNT_HEADER, SKIPPED_HEADER, recoveredFunctions, skippedFunctions, skippedHeader } from "../../rendering/skipped.ts";

const FILE_TYPES = [
  "image/svg+xml", "image/png", "application/pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "text/x-typst", "application/vnd.excalidraw+json", "application/vnd.jgraph.mxfile", "application/vnd.ms-visio.drawing.main+xml",
] as const;

const Geometry = z.looseObject({}).openapi("Geometry", { description: "format=json without the json flag: the diagram geometry (schemas/geometry.schema.json in the repository)." });

export const renderRoute = createRoute({
  method: "post",
  path: "/render",
  operationId: "renderChart",
  tags: ["Rendering"],
  summary: "Render one source to a flowchart",
  description:
    "Charged 1 credit per chart, after a successful render. Needs a balance of at least 1 before any work. " +
    "Answers the file itself (Content-Disposition names it) unless `json` is set in the query or the body. " +
    "The `X-Credits-Left` header carries the balance after the charge. " +
    "Functions that could not be drawn (a syntax error in their structure, a chart over the limits) are listed in `skipped` of a JSON answer " +
    "and named in the `X-Skipped-Functions` header of a file answer; the other functions are drawn and charged. " +
    "A function drawn around a statement the parser could not read (that statement is a process with its source text) is drawn and " +
    "charged, and listed in `recovered` / named in `X-Recovered-Functions`.",
  request: {
    query: JsonQuery,
    body: {
      required: true,
      content: { "application/json": { schema: RenderRequest }, "multipart/form-data": { schema: RenderMultipart } },
    },
  },
  responses: {
    200: {
      description: "The chart: a file of the requested format, or with json=1 a RenderJSONResponse.",
      headers: {
        "X-Credits-Left": { schema: { type: "integer" }, description: "Balance after this call." },
        [SKIPPED_HEADER]: {
          schema: { type: "string" },
          description:
            "Only when some functions were not drawn: their names, each percent-encoded (encodeURIComponent), joined by commas — the first names only when the list would exceed 2 KB. " +
            "`X-Skipped-Count` gives how many there are; `?json` gives every one with its reason in `skipped`.",
        },
        [RECOVERED_HEADER]: {
          schema: { type: "string" },
          description: "Only when some functions were drawn around statements the parser could not read (each such statement is a process block with its source text): their names, encoded as in X-Skipped-Functions. `?json` gives the first problem in `recovered`.",
        },
        [OMITTED_HEADER]: {
          schema: { type: "integer" },
          description: "Extension, only when the charts leave runtime set-up out (setlocale, system(\"pause\") …): how many statements. `?json` lists them in `omitted`; options `verbatim: true` draws them.",
        },
        [SKIPPED_COUNT_HEADER]: { schema: { type: "integer" }, description: "With X-Skipped-Functions: how many functions were not drawn (the header may name only the first)." },
        [LINK_HEADER]: { schema: { type: "string" }, description: "Extension, only when the request asked for `link`: the temporary public URL of this file." },
        [LINK_EXPIRES_HEADER]: { schema: { type: "string" }, description: "With X-Link: when it stops answering (ISO 8601)." },
      },
      content: {
        "application/json": { schema: z.union([RenderJSONResponse, Geometry]) },
        ...Object.fromEntries(FILE_TYPES.map((t) => [t, { schema: z.string().openapi({ format: "binary" }) }])),
      },
    },
    400: ERRORS[400],
    401: ERRORS[401],
    402: ERRORS[402],
    429: ERRORS.renderLimited,
    500: ERRORS[500],
  },
});

/** A render request with its transport differences (JSON body or multipart form) smoothed out. */
interface RenderCall {
  source: SourceSpec;
  format: Format;
  split?: boolean | undefined;
  fn?: string | undefined;
  scale?: number | undefined;
  fragment?: boolean | undefined;
  font?: string | undefined;
  json?: boolean | undefined;
  link?: boolean | undefined;
  options?: unknown;
}

async function fromMultipart(form: z.infer<typeof RenderMultipart>): Promise<RenderCall> {
  let options: unknown;
  if (form.options !== undefined) {
    try {
      options = JSON.parse(form.options);
    } catch {
      throw new ApiError("bad_request", "options: not valid JSON");
    }
  }
  const { file, options: _, ...rest } = form;
  return { ...rest, format: form.format ?? "svg", options, source: { code: new Uint8Array(await file.arrayBuffer()), fileName: file.name, lang: form.lang } };
}

function fromJson(body: z.infer<typeof RenderRequest>): RenderCall {
  const { code, url, lang, ...rest } = body;
  return { ...rest, source: { code, url, lang } };
}

export function renderRoutes(deps: AppDeps) {
  const app = new OpenAPIHono<AuthEnv>();
  app.openAPIRegistry.registerPath(renderRoute);
  return app.post("/render", async (c) => {
    const call =
      bodyKind(c, ["json", "multipart"]) === "multipart" ? await fromMultipart(await readForm(c, RenderMultipart)) : fromJson(await readJson(c, RenderRequest));
    const json = jsonRequested(c) || call.json === true;
    const lang: Lang = resolveLang(call.source);
    await checkUser(c, deps.db, (u) => requirePro(u, [{ lang, options: call.options }])); // the balance was checked before the body was read (render-limits.ts)
    const { user } = c.get("auth");
    if (call.link && !(await linkRoom(deps.db, user.id, deps.config.links))) throw linksFull(deps.config.links);

    const code = await loadSource(call.source, deps.config.source);
    const { format, split, fn, scale, fragment, font, options } = call;
    const input = { code, lang, format, split, fn, scale, fragment, font, options };
    const result = await deps.renderer.run({ kind: "render", input }, { budgetMs: deps.config.render.budgetMs, signal: c.req.raw.signal, owner: `user:${user.id}`, bulk: isBulk(code) });
    requireClient(c.req.raw.signal);
    const creditsLeft = await applyDelta(deps.db, user.id, -result.charts, "render", c.get("requestId"));
    if (creditsLeft === null) throw ranOut();
    rememberBalance(c.get("auth"), creditsLeft);

    const filename = outputFileName(call.source, call.fn, result.file.name);
    const link = call.link ? await keepBehindLink(deps, user.id, { data: fileBytes(result.file.data), contentType: result.file.contentType, filename }) : undefined;
    if (json) {
      const text = typeof result.file.data === "string";
      const recovered = recoveredFunctions(result.errors);
      return c.json({
        format: call.format,
        lang,
        filename,
        encoding: text ? ("utf-8" as const) : ("base64" as const),
        content: text ? (result.file.data as string) : base64(result.file.data as Uint8Array),
        creditsLeft,
        skipped: skippedFunctions(result.errors),
        ...(recovered.length > 0 ? { recovered } : {}),
        omitted: result.omitted,
        ...(link ? { link } : {}),
      }, 200);
    }
    return sendFile(c, result.file.data, result.file.contentType, filename, {
      "X-Credits-Left": String(creditsLeft),
      ...skippedHeader(result.errors),
      ...(result.omitted.length > 0 ? { [OMITTED_HEADER]: String(result.omitted.length) } : {}),
      ...(link ? { [LINK_HEADER]: link.url, [LINK_EXPIRES_HEADER]: link.expiresAt } : {}),
    });
  });
}

/**
 * Request and response shapes of interface.md §2 as zod schemas: the same objects validate the
 * requests and generate the OpenAPI document (GET /openapi.json), so the two cannot drift apart.
 */
import { z } from "@hono/zod-openapi";
import { FONT_NAMES, FORMATS, LANGS, SCALE } from "../../engine/index.ts";
import { CUSTOM_TEXT_OPTIONS } from "../../engine/options.ts";
import { OptionsSchema } from "../../engine/options-schema.ts";
import { REPORT_FORMATS, ReportOptionsSchema } from "../../engine/report/index.ts";
import { TREE_LIMITS } from "../../engine/tree/schema.ts";
import { CreditPack, ProTier, Uah } from "../payments/catalog-schema.ts";

export const ERROR_CODES = [
  "unauthorized", "no_credits", "pro_required", "unknown_format", "unknown_lang", "bad_request", "bad_source",
  "render_failed", "bad_email", "bad_qty", "gift_failed", "rate_limited", "payment_unavailable", "server_error", "not_found",
  "method_not_allowed",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ErrorBody = z
  .object({
    error: z.string().openapi({ description: "Human-readable message; may change between versions.", example: "unknown format \"gif\"; use one of docx, typst, excalidraw, svg, png, pdf, json" }),
    code: z.enum(ERROR_CODES).openapi({ description: "Stable machine-readable code (interface.md §7); branch on this." }),
  })
  .openapi("Error");

export const PRO_FEATURES = ["native", ...CUSTOM_TEXT_OPTIONS] as const;
export type ProFeature = (typeof PRO_FEATURES)[number];

export const ProRequiredBody = z
  .object({
    error: z.string(),
    code: z.literal("pro_required"),
    proFeatures: z.array(z.enum(PRO_FEATURES)).min(1).openapi({
      description:
        "Each Pro-only feature the request used, as a plain string: `native` for lang=native, otherwise the name of the custom option (e.g. `yes`, `capFormat`).",
      example: ["native", "capWord"],
    }),
  })
  .openapi("ProRequiredError");

export const Lang = z.enum(LANGS).openapi("Lang", {
  description:
    "Source language: interface.md's `python`, `cpp`, `c`, `java`, `csharp`, `pascal`; as an extension `javascript`, `typescript`, `go`, `php` (a url or file name ending in .js .mjs .cjs .jsx .ts .tsx .mts .cts .go .php tells them); `native` is a chart tree in JSON (Pro). Any other value is 400 unknown_lang.",
});
export const Format = z.enum(FORMATS).openapi("Format", {
  description:
    "Output format. Beyond interface.md's seven, two editable formats (an extension): `drawio` (draw.io / diagrams.net, " +
    "application/vnd.jgraph.mxfile, a page per A4 sheet, lines attached to their symbols) and `vsdx` (Visio, " +
    "application/vnd.ms-visio.drawing.main+xml, a page per sheet, connectors glued to their shapes).",
});
export const BATCH_FORMATS = ["svg", "png", "pdf", "typst", "excalidraw", "drawio", "vsdx"] as const;
export const BatchFormat = z.enum(BATCH_FORMATS).openapi("BatchFormat");

// Rebuilt from the engine's shape: schemas made before zod-to-openapi's extension cannot carry metadata.
export const Options = z.strictObject(OptionsSchema.shape).openapi("Options", {
  description:
    "Engine options (interface.md §2.3); an empty object gives the ДСТУ defaults. Unknown fields are refused. " +
    `The custom text options (${CUSTOM_TEXT_OPTIONS.join(", ")}) need active Pro.`,
});

const Scale = z.number().int().min(SCALE.min).max(SCALE.max).openapi({ description: `PNG zoom, ${SCALE.min}–${SCALE.max} (1 = 96 dpi); default ${SCALE.default}.` });
const Font = z.string().max(100).openapi({ description: `Text font, case-insensitive, one of: ${FONT_NAMES.join(", ")}. Default Times New Roman.` });
const Fn = z.string().min(1).max(200).openapi({ description: "Render only the function with this name." });
const SourceUrl = z.string().max(2048).openapi({
  format: "uri",
  description:
    "https link to a raw source file on raw.githubusercontent.com, gist.githubusercontent.com, gitlab.com, bitbucket.org or codeberg.org; " +
    "github.com/…/blob/… links are turned into raw links. Fetched with a 10 s deadline and a 1 MiB cap.",
});
const Code = z.string().openapi({
  description: `Program source (at most 1 MiB of UTF-8), or for lang=native the chart tree as a JSON string (at most ${TREE_LIMITS.maxNodes} nodes, depth ${TREE_LIMITS.maxDepth}).`,
});

/**
 * The examples Swagger UI's "Try it out" starts from (issue 24: it once sent both code and url and a
 * Pro option, a sure 400): valid requests any key can send, answered 200, or 402 without credits.
 * test/server-openapi.test.ts checks each against its schema.
 */
const EXAMPLE_PY = "n = int(input())\nif n > 0:\n    print(n * 2)\nelse:\n    print(0)\n";
const EXAMPLE_C = "#include <stdio.h>\nint main(void) {\n  int n;\n  scanf(\"%d\", &n);\n  printf(\"%d\\n\", n * n);\n  return 0;\n}\n";

const exactlyOneSource = (v: { code?: unknown; url?: unknown }) => (v.code === undefined) !== (v.url === undefined);
const ONE_SOURCE = "give exactly one of code and url";

/** Extension (issue 28): keep the answer's file behind a temporary public link as well. */
const LinkField = z.boolean().openapi({
  description:
    "Extension: also keep the file at a temporary public link (no key needed to fetch it, an unguessable URL) for an hour by default, then delete it. " +
    "The link comes in the `X-Link` and `X-Link-Expires` headers, or in `link` of a JSON answer. Costs nothing beyond the render; an account holds at most 20 live links (50 MiB) — over that, 429 rate_limited before anything is drawn.",
});

export const ChartLink = z
  .object({
    url: z.string().openapi({ description: "Absolute URL of the file; GET it without a key." }),
    expiresAt: z.string().openapi({ description: "ISO 8601 time after which the link answers 404 and the file is deleted." }),
  })
  .openapi("ChartLink");

export const RenderRequest = z
  .strictObject({
    code: Code.optional(),
    url: SourceUrl.optional(),
    lang: Lang.optional().openapi({
      description: "Required with `code`. With `url` it may be left out: the language then comes from the URL's file extension.",
    }),
    format: Format.default("svg"),
    split: z.boolean().optional().openapi({
      description: "Split tall charts into parts joined by connectors. Default true for docx, pdf, typst, drawio and vsdx; svg, png and excalidraw split only when true.",
    }),
    fn: Fn.optional(),
    scale: Scale.optional(),
    fragment: z.boolean().optional().openapi({ description: "Typst: only the CeTZ canvas code, without the document preamble." }),
    font: Font.optional(),
    json: z.boolean().optional().openapi({ description: "Answer with a RenderJSONResponse instead of the file (same as the query parameter)." }),
    link: LinkField.optional(),
    options: Options.optional(),
  })
  .refine(exactlyOneSource, { message: ONE_SOURCE })
  .openapi("RenderRequest", { description: "Exactly one of `code` and `url`.", example: { code: EXAMPLE_PY, lang: "python" } });
export type RenderRequest = z.infer<typeof RenderRequest>;

/** Form fields arrive as strings: booleans are spelled true/false/1/0. */
const FormBoolean = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");

export const RenderMultipart = z
  .strictObject({
    file: z.custom<File>((v) => v instanceof File, { message: "file must be an uploaded file" }).openapi({ type: "string", format: "binary", description: "The source file; its extension gives the language unless `lang` is set. Its encoding is detected: UTF-8 (with or without a BOM), UTF-16 with a BOM, Windows-1251, CP866 or KOI8-U; binary data or anything else is 400 bad_request naming why." }),
    format: Format.optional(),
    lang: Lang.optional(),
    fn: Fn.optional(),
    scale: z.coerce.number().int().min(SCALE.min).max(SCALE.max).optional().openapi({ type: "integer" }),
    split: FormBoolean.optional(),
    fragment: FormBoolean.optional(),
    font: Font.optional(),
    json: FormBoolean.optional(),
    link: FormBoolean.optional().openapi({ description: "As `link` of RenderRequest." }),
    options: z.string().optional().openapi({ description: "Options (§2.3) as a JSON string." }),
  })
  .openapi("RenderMultipart");

export const JsonQuery = z.object({
  json: z
    .enum(["", "1", "0", "true", "false"])
    .optional()
    .transform((v) => v === "" || v === "1" || v === "true")
    .openapi({ param: { name: "json", in: "query" }, description: "Return JSON instead of a file (`?json`, `?json=1` or `?json=true`)." }),
});

export const SkippedFunction = z
  .object({
    name: z.string().openapi({ description: "The function's name (\"\" for an error outside any function).", example: "average" }),
    error: z.string().openapi({ description: "Why it was not drawn.", example: "syntax error: unexpected \"}\"" }),
    line: z.number().int().optional(),
    col: z.number().int().optional(),
  })
  .openapi("SkippedFunction", { description: "A function of the source that is not in the chart (a syntax error, a chart over the limits); the others are drawn." });

export const OmittedStatement = z
  .object({
    chart: z.string().openapi({ description: "The chart (function) the statement belongs to.", example: "main" }),
    line: z.number().int().openapi({ description: "1-based source line.", example: 5 }),
    text: z.string().openapi({ description: "The statement as the chart would show it (what `verbatim` draws).", example: "setlocale(LC_CTYPE, \"rus\")" }),
  })
  .openapi("OmittedStatement", {
    description:
      "Extension: a statement the charts leave out as runtime set-up (console code page and locale, clearing the screen, pauses, the random seed, " +
      "the console reader, the key press main ends with). Options `verbatim: true` draws it.",
  });

const Omitted = z.array(OmittedStatement);

export const RenderJSONResponse = z
  .object({
    format: Format,
    lang: Lang,
    filename: z.string().openapi({ example: "flowchart.svg" }),
    encoding: z.enum(["utf-8", "base64"]),
    content: z.string().openapi({ description: "svg, typst, excalidraw, json and drawio as text; png, pdf, docx and vsdx in base64." }),
    creditsLeft: z.number().int(),
    skipped: z.array(SkippedFunction).openapi({ description: "Functions not drawn, with the reason; empty when every function was drawn." }),
    recovered: z
      .array(SkippedFunction)
      .optional()
      .openapi({ description: "Only when some were: functions drawn around statements the parser could not read (each such statement is a process block with its source text), with the first problem." }),
    omitted: Omitted.optional().openapi({ description: "Extension: runtime set-up the charts leave out (empty when none; always present in this service's answers)." }),
    link: ChartLink.optional().openapi({ description: "Extension: only when the request asked for `link`." }),
  })
  .openapi("RenderJSONResponse");

export const BatchItem = z
  .strictObject({
    code: Code.optional(),
    url: SourceUrl.optional(),
    lang: Lang.optional().openapi({ description: "Optional: otherwise inferred from the url's or the name's file extension." }),
    fn: Fn.optional(),
    name: z.string().min(1).max(200).optional().openapi({ description: "File name in the zip (the format's extension is added). Default `service-<N>`, N from 1." }),
  })
  .refine(exactlyOneSource, { message: ONE_SOURCE })
  .openapi("BatchItem", { description: "Exactly one of `code` and `url`." });

export const BATCH_MAX_ITEMS = 100;

export const BatchRequest = z
  .strictObject({
    items: z.array(BatchItem).min(1).max(BATCH_MAX_ITEMS),
    format: BatchFormat.default("svg"),
    bundle: z.enum(["pdf", "zip"]).optional().openapi({ description: "Default pdf when format=pdf, else zip. bundle=zip with format=pdf gives a zip of separate PDFs; bundle=pdf needs format=pdf." }),
    scale: Scale.optional(),
    fragment: z.boolean().optional(),
    font: Font.optional(),
    split: z.boolean().optional(),
    json: z.boolean().optional(),
    options: Options.optional(),
  })
  .openapi("BatchRequest", {
    example: { items: [{ code: EXAMPLE_PY, lang: "python", name: "lab1" }, { code: EXAMPLE_C, lang: "c", name: "lab2" }], format: "pdf" },
  });
export type BatchRequest = z.infer<typeof BatchRequest>;

export const BatchResponse = z
  .object({
    format: BatchFormat,
    bundle: z.enum(["pdf", "zip"]),
    count: z.number().int(),
    rendered: z.number().int(),
    credits: z.number().int().openapi({ description: "Credits charged: the charts of the successful items." }),
    creditsLeft: z.number().int(),
    filename: z.string(),
    items: z.array(
      z.object({
        index: z.number().int(), name: z.string(), ok: z.boolean(), error: z.string().optional(),
        skipped: z.array(SkippedFunction).optional().openapi({ description: "For an item that rendered: its functions not drawn (empty when none)." }),
        recovered: z
          .array(SkippedFunction)
          .optional()
          .openapi({ description: "For an item that rendered, only when some were: its functions drawn around statements the parser could not read." }),
        omitted: Omitted.optional().openapi({ description: "Extension, for an item that rendered: runtime set-up its charts leave out (empty when none)." }),
      }).openapi("BatchItemResult"),
    ),
    encoding: z.literal("base64"),
    content: z.string(),
  })
  .openapi("BatchResponse");

export const BatchFailedResponse = BatchResponse.extend({
  error: z.string().openapi({ description: "Every item's reason." }),
  code: z.enum(ERROR_CODES).openapi({ description: "The error POST /render gives for the first item the client must fix, else render_failed." }),
}).openapi("BatchFailedResponse", { description: "json=1 and no item rendered: the error (with its status) and the BatchResponse." });

export const ReportItem = z
  .strictObject({
    code: Code.optional(),
    url: SourceUrl.optional(),
    lang: Lang.optional().openapi({ description: "Optional: otherwise inferred from the url's or the name's file extension." }),
    fn: Fn.optional(),
    name: z.string().min(1).max(200).optional().openapi({ description: "The file's name, shown in its listing's caption («Лістинг А.1 – Файл main.cpp»). Default `file-<N>`, N from 1." }),
    title: z.string().trim().min(1).max(200).optional().openapi({ description: "Shown instead of «Файл <name>» in the file's listing caption and (inline) its section heading." }),
  })
  .refine(exactlyOneSource, { message: ONE_SOURCE })
  .openapi("ReportItem", { description: "One file of the assignment: exactly one of `code` and `url`." });

export const ReportOptions = z.strictObject(ReportOptionsSchema.shape).openapi("ReportOptions", {
  description: "How the report is laid out; every field defaults to the report guide's convention (docs/report.md).",
});

export const ReportRequest = z
  .strictObject({
    items: z.array(ReportItem).min(1).max(BATCH_MAX_ITEMS),
    format: z.enum(REPORT_FORMATS).default("docx").openapi({ description: "The document: docx (default; native, editable Word shapes), pdf or typst." }),
    font: Font.optional(),
    options: Options.optional(),
    report: ReportOptions.optional(),
    json: z.boolean().optional(),
  })
  .openapi("ReportRequest", {
    example: { items: [{ code: EXAMPLE_PY, lang: "python", name: "main.py" }, { code: EXAMPLE_C, lang: "c", name: "lab2.c" }], format: "docx" },
  });
export type ReportRequest = z.infer<typeof ReportRequest>;

const SkippedSource = z
  .object({
    index: z.number().int().openapi({ description: "The item's position in the request, from 0." }),
    name: z.string(),
    fn: z.string().optional().openapi({ description: "The function; absent when the whole file was not drawn." }),
    error: z.string(),
  })
  .openapi("ReportSkipped");

export const ReportResponse = z
  .object({
    format: z.enum(REPORT_FORMATS),
    count: z.number().int().openapi({ description: "Files submitted." }),
    credits: z.number().int().openapi({ description: "Credits charged: the charts drawn (listings are free)." }),
    creditsLeft: z.number().int(),
    filename: z.string(),
    skipped: z.array(SkippedSource).openapi({ description: "Files, or functions of files, not drawn (each is also named in the document in its place); empty when none." }),
    recovered: z.array(SkippedSource).openapi({ description: "Functions drawn around statements the parser could not read; empty when none." }),
    encoding: z.literal("base64"),
    content: z.string(),
  })
  .openapi("ReportResponse");

export const Me = z
  .object({
    email: z.string(),
    name: z.string(),
    credits: z.number().int(),
    pro: z.boolean(),
    proUntil: z.string().openapi({ description: "RFC 3339 time, or an empty string when there is no Pro.", example: "2027-01-31T00:00:00Z" }),
  })
  .openapi("Me");

export const TopupRequest = z
  .strictObject({
    kind: z.enum(["credits_unit", "credits", "pro"]),
    id: z.number().int().optional().openapi({ description: "Pack id (kind=credits) or Pro tier id (kind=pro) from GET /products." }),
    qty: z.number().int().min(2).max(200).optional().openapi({ description: "Credits to buy, 2–200 (kind=credits_unit)." }),
  })
  .openapi("TopupRequest", { example: { kind: "credits_unit", qty: 20 } });

export const TopupResponse = z
  .object({
    jarUrl: z.string().openapi({ format: "uri", description: "The Monobank jar's payment page prefilled with the amount (`a`, hryvnias) and the code (`t`).", example: "https://send.monobank.ua/jar/2fbHxoKq2v?a=90&t=SK-7KQ4XW9M" }),
    comment: z.string().openapi({ description: "The payment code: keep it in the payment's comment (for manual entry when the link's comment is lost).", example: "SK-7KQ4XW9M" }),
    label: z.string().openapi({ description: "What is bought.", example: "50 credits" }),
    amountKop: z.number().int().openapi({ description: "Amount in kopiykas.", example: 9000 }),
    amountUah: z.number().openapi({ description: "The same amount in hryvnias (amountKop / 100).", example: 90 }),
  })
  .openapi("TopupResponse");

export const GiftRequest = z
  .strictObject({ email: z.string().openapi({ format: "email" }), qty: z.number().int().min(1).max(1000) })
  .openapi("GiftRequest", { example: { email: "friend@example.com", qty: 5 } });

export const GiftResponse = z.object({ ok: z.boolean(), credits: z.number().int() }).openapi("GiftResponse");

export const Products = z
  .object({
    credits: z.array(CreditPack),
    pro: z.array(ProTier),
    unitUah: Uah.openapi({ description: "Price of one credit for kind=credits_unit." }),
    available: z.boolean().openapi({ description: "False while the payment provider is not configured: POST /topup then answers 503 payment_unavailable." }),
  })
  .openapi("Products");

export const Health = z
  .object({
    ok: z.boolean(),
    version: z.string().openapi({ description: "The version of this HTTP interface (interface.md §9), as in the OpenAPI document's info.version.", example: "1.0.0" }),
    softwareVersion: z
      .string()
      .optional()
      .openapi({ description: "Extension: the release of the server software (package.json; `skhema --version` prints the CLI's), which changes more often than the interface.", example: "0.1.0" }),
  })
  .openapi("Health");

/** GET /v1: what this is and where to go next (an extension; interface.md lists no index). */
export const ApiIndex = z
  .object({
    name: z.string(),
    version: z.string().openapi({ description: "The HTTP interface's version, as in /health." }),
    softwareVersion: z.string().openapi({ description: "The server software's release, as in /health." }),
    docs: z.string().openapi({ description: "The API reference page (Swagger UI)." }),
    openapi: z.string().openapi({ description: "The OpenAPI 3.1 document." }),
    health: z.string(),
    site: z.string().openapi({ description: "The site: playground, account and keys." }),
  })
  .openapi("ApiIndex");

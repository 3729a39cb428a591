/**
 * The MCP tools of interface.md §1 — render_flowchart, balance, products, topup_link, gift_credits —
 * and render_report (the assignment as one document, issue 26), on the official MCP SDK, over the
 * typed API client. Two hosts serve them with the same schemas and
 * results: `skhema mcp` (stdio, cli/mcp.ts: files on the user's machine) and the service's remote
 * endpoint (server/mcp/remote.ts: sources as code or url, files handed out as temporary links).
 * Every failure — an API error with its `code`, a network error, a bad argument — comes back as a
 * tool result with `isError: true` and the code first in the text; the server itself keeps running.
 */
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { classify } from "../cli/exit-codes.ts";
import { FONT_NAMES } from "../engine/fonts.ts";
import { FORMATS, LANGS, type Format } from "../engine/index.ts";
import { OptionsSchema } from "../engine/options-schema.ts";
import { ReportOptionsSchema } from "../engine/report/options.ts";
import type { RenderRequest, RenderUpload, SkhemaClient } from "./api.ts";

export const MIME: Record<Format, string> = {
  svg: "image/svg+xml",
  png: "image/png",
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  typst: "text/x-typst",
  excalidraw: "application/vnd.excalidraw+json",
  json: "application/json",
  drawio: "application/vnd.jgraph.mxfile",
  vsdx: "application/vnd.ms-visio.drawing.main+xml",
};

const RenderInput = {
  code: z.string().optional().describe("The program source text. Give exactly one of code, path and url; with code, lang is required."),
  path: z.string().optional().describe("Path of a source file on this machine (absolute, or relative to the server's folder); the language comes from its extension (.py .c .h .cpp .java .cs .pas .js .mjs .cjs .jsx .ts .tsx .go .php, .json for a native tree). Local server (`skhema mcp`) only; the remote server takes code or url."),
  url: z.string().optional().describe("https link to a raw source file on raw.githubusercontent.com, gist.githubusercontent.com, gitlab.com, bitbucket.org or codeberg.org (github.com …/blob/… links work too)."),
  lang: z.enum(LANGS).optional().describe("Source language: python, c, cpp, java, csharp, pascal, javascript, typescript, go, php, or native (a chart tree as JSON, needs Pro). Required with code; otherwise taken from the file extension."),
  format: z.enum(FORMATS).optional().describe("Output format, default svg. svg returns the SVG text and a PNG picture of it; png, pdf, docx, typst, excalidraw, json, drawio (draw.io) and vsdx (Visio) are written to a file (the local server) or kept at a temporary link (the remote server) whose address is returned."),
  fn: z.string().optional().describe("Draw only this function (e.g. main, Class.method); by default every function gets its own chart."),
  split: z.boolean().optional().describe("Split tall charts into parts joined by connectors. Default true for docx, pdf, typst, drawio, vsdx; false keeps one continuous sheet."),
  scale: z.number().int().min(1).max(10).optional().describe("PNG zoom 1-10 (default 3)."),
  fragment: z.boolean().optional().describe("Typst only: just the CeTZ canvas code, no document preamble."),
  font: z.string().optional().describe(`Text font: ${FONT_NAMES.join(", ")} (default Times New Roman).`),
  options: OptionsSchema.optional().describe(
    "Engine options, all optional: locale (uk|en, language of inserted words), singleEnd, mainOnlyTerminators, callAsProcess, stripTypes, returnAsIO, verbatim (booleans; verbatim draws every statement as written, runtime set-up and separate prompts included), figStart (first figure number); " +
      "custom texts need Pro: forFormat (comma|range|verbose), yes, no, inWord, outWord, startText, endText, entryText, exitText, returnWord, forEachWord, capWord, capFormat.",
  ),
  outputPath: z.string().optional().describe("Local server only: where to write the file for formats other than svg (default: a new temporary folder). An existing file is overwritten."),
  link: z.boolean().optional().describe("Also keep the file at a temporary public link (an hour; anyone with the link can fetch it) and return its address. The remote server always does this for formats other than svg."),
};

const ReportInput = {
  paths: z.array(z.string()).min(1).max(100).optional().describe("Local server only: paths of the assignment's source files on this machine, in the order the report shows them; each file's language comes from its extension. Give paths or files."),
  files: z
    .array(z.object({ name: z.string().describe("The file's name, e.g. main.cpp: the listing's caption, and the language from its extension."), code: z.string().describe("The file's text.") }))
    .min(1)
    .max(100)
    .optional()
    .describe("The assignment's source files as text, in the order the report shows them. Give paths or files."),
  format: z.enum(["docx", "pdf", "typst"]).optional().describe("The document: docx (default; native, editable Word shapes), pdf or typst."),
  report: ReportOptionsSchema.optional().describe(
    "Layout, all optional with the report guide's defaults: layout (appendices|inline), listings (boolean), dash (– or —), figureWord (Рисунок|Рис.), firstAppendix, firstSection, firstFigure, title, student, group, variant.",
  ),
  lang: RenderInput.lang,
  fn: RenderInput.fn,
  font: RenderInput.font,
  options: RenderInput.options,
  outputPath: z.string().optional().describe("Local server only: where to write the document (default: a new temporary folder). An existing file is overwritten."),
};

const TopupInput = {
  kind: z.enum(["credits_unit", "credits", "pro"]).describe("credits_unit: any number of credits (give qty); credits: a pack (give id); pro: a Pro tier (give id). Ids come from the products tool."),
  id: z.number().int().optional().describe("Pack or Pro tier id from the products tool (kind credits or pro)."),
  qty: z.number().int().min(2).max(200).optional().describe("Credits to buy, 2-200 (kind credits_unit)."),
};

const GiftInput = {
  email: z.string().describe("The recipient's e-mail address; an account is created for it if there is none."),
  qty: z.number().int().min(1).max(1000).describe("Credits to give, 1-1000, at most your balance."),
};

export type RenderArgs = { [K in keyof typeof RenderInput]: z.infer<(typeof RenderInput)[K]> };
type ReportArgs = { [K in keyof typeof ReportInput]: z.infer<(typeof ReportInput)[K]> };

/** A file the tools hand to the user: its name, and the temporary link the service kept it at, if any. */
export interface DeliveredFile {
  filename: string;
  link?: { url: string; expiresAt: string } | undefined;
}

/** Where the tools run: how they reach the API, read a `path`, hand out a file and picture an SVG. */
export interface ToolHost {
  /** The API client acting for the user (their key, or the OAuth app they connected). */
  client(): Promise<SkhemaClient>;
  /** A source file named by `path`; absent where the server has no files of the user (remote). */
  readPath?(path: string): Promise<{ name: string; data: Uint8Array }>;
  /**
   * A file answer handed to the user: written where they asked (local) or left at its temporary
   * link (remote, which asked for one). Returns the resource's URI and a sentence saying where it is.
   */
  deliver(file: DeliveredFile, bytes: Uint8Array, outputPath: string | undefined): Promise<{ uri: string; note: string }>;
  /** Whether non-svg renders ask the API for a temporary link (the remote host has nowhere else to put them). */
  linksFiles: boolean;
  /** A PNG picture of an SVG answer for the model to look at, or a reason why there is none. */
  preview(svg: string, args: RenderArgs): Promise<Uint8Array | string>;
}

const text = (value: string) => ({ type: "text" as const, text: value });
const jsonResult = (value: unknown): CallToolResult => ({ content: [text(JSON.stringify(value, null, 2))] });
const toolError = (message: string): CallToolResult => ({ isError: true, content: [text(message)] });

/** Runs a tool body; whatever it throws becomes an error result (`code: message`) instead of reaching the transport. */
const guarded = <A>(body: (args: A) => Promise<CallToolResult>) => async (args: A): Promise<CallToolResult> => {
  try {
    return await body(args);
  } catch (error) {
    const { code, message } = classify(error);
    return toolError(`${code}: ${message}`);
  }
};

export function createToolServer(host: ToolHost, version: string): McpServer {
  const server = new McpServer({ name: "skhema", version });

  server.registerTool(
    "render_flowchart",
    {
      title: "Render a flowchart",
      description:
        "Draws ДСТУ 19.701-90 (GOST 19.701-90) algorithm flowcharts of a program in Python, C, C++, Java, C#, Pascal, JavaScript, TypeScript, Go or PHP. " +
        "Costs 1 credit per chart (one chart per function). Returns the number of charts and the credits left; " +
        "for svg the SVG text and a PNG picture, for other formats where the file is (a path, or a temporary link) and the file as an embedded resource.",
      inputSchema: RenderInput,
    },
    guarded(async (args: RenderArgs) => renderFlowchart(host, args)),
  );

  server.registerTool(
    "render_report",
    {
      title: "Make the assignment's report document",
      description:
        "The whole assignment as one document for a Ukrainian lab or course report: each file's numbered listing («ДОДАТОК А – Лістинг програми») and every function's " +
        "ДСТУ 19.701-90 flowchart as a captioned figure («ДОДАТОК Б – Схеми алгоритмів», «Рисунок Б.1 – …»), A4 with the guide's margins and fonts. " +
        "Costs 1 credit per chart; listings are free. Returns where the document is and the files or functions that could not be drawn.",
      inputSchema: ReportInput,
    },
    guarded(async (args: ReportArgs) => renderReport(host, args)),
  );

  server.registerTool(
    "balance",
    { title: "Account balance", description: "The account of the configured key: e-mail, name, credits, and whether Pro is active (and until when)." },
    guarded(async () => jsonResult(await (await host.client()).me())),
  );

  server.registerTool(
    "products",
    {
      title: "Price catalog",
      description: "Credit packs and Pro tiers with their ids and prices in UAH, the price of one credit, and whether payments are available.",
    },
    guarded(async () => jsonResult(await (await host.client()).products())),
  );

  server.registerTool(
    "topup_link",
    {
      title: "Payment link",
      description:
        "Creates a payment link (a Monobank jar) for credits or Pro. Give the link to the user to pay; the credits arrive about a minute after paying (check with balance).",
      inputSchema: TopupInput,
    },
    guarded(async (args: { kind: "credits_unit" | "credits" | "pro"; id?: number | undefined; qty?: number | undefined }) =>
      jsonResult(await (await host.client()).topup({ kind: args.kind, ...(args.id === undefined ? {} : { id: args.id }), ...(args.qty === undefined ? {} : { qty: args.qty }) })),
    ),
  );

  server.registerTool(
    "gift_credits",
    {
      title: "Gift credits",
      description: "Moves credits from this account to someone else's, by e-mail; the recipient is told by e-mail. Returns the sender's new balance.",
      inputSchema: GiftInput,
    },
    guarded(async (args: { email: string; qty: number }) => jsonResult(await (await host.client()).gift(args))),
  );
  return server;
}

async function renderFlowchart(host: ToolHost, args: RenderArgs): Promise<CallToolResult> {
  const sources = [args.code, args.path, args.url].filter((s) => s !== undefined).length;
  if (sources !== 1) return toolError("bad_request: give exactly one of code, path and url");
  if (args.code !== undefined && args.lang === undefined) return toolError(`bad_request: lang is required with code (${LANGS.join(", ")})`);
  if (args.path !== undefined && !host.readPath) return toolError("bad_request: this server cannot read files of your machine: give the source as code (or a url)");
  const format = args.format ?? "svg";
  const link = args.link === true || (host.linksFiles && format !== "svg");
  const fields = {
    format,
    ...(args.lang === undefined ? {} : { lang: args.lang }),
    ...pick(args, ["fn", "split", "scale", "fragment", "font", "options"] as const),
    ...(link ? { link: true } : {}),
  };
  let request: RenderRequest | RenderUpload;
  if (args.code !== undefined) request = { code: args.code, ...fields };
  else if (args.url !== undefined) request = { url: args.url, ...fields };
  else request = { file: await host.readPath!(args.path!), ...fields };

  const client = await host.client();
  // The answer carries the balance after the call; the one before gives the charts drawn (1 credit
  // each). GET /me is rate limited where rendering is not: without it the count is left out.
  const before = await client.me().catch(() => undefined);
  const answer = await client.renderJson(request);
  const charts = before === undefined ? "" : `${before.credits - answer.creditsLeft} chart(s); `;
  const omitted = answer.omitted ?? [];
  // Runtime set-up left out of the charts is said, never silently lost (issue 20).
  const leftOut = omitted.length === 0 ? "" : ` Left out as runtime set-up (options.verbatim draws it): ${omitted.map((o) => `${o.text} (line ${o.line})`).join("; ")}.`;
  const linked = answer.link ? ` Link (until ${answer.link.expiresAt}): ${answer.link.url}` : "";
  const summary = `${charts}${answer.creditsLeft} credits left.${leftOut}${linked}`;
  const bytes = answer.encoding === "base64" ? Uint8Array.from(atob(answer.content), (ch) => ch.charCodeAt(0)) : new TextEncoder().encode(answer.content);

  if (format === "svg" && args.outputPath === undefined) {
    const content: CallToolResult["content"] = [text(summary), text(answer.content)];
    const png = await host.preview(answer.content, args).catch((e: unknown) => (e instanceof Error ? e.message : String(e)));
    if (typeof png === "string") content.push(text(`(no PNG preview: ${png})`));
    else content.push({ type: "image", data: base64(png), mimeType: "image/png" });
    return { content };
  }

  const { uri, note } = await host.deliver(answer, bytes, args.outputPath);
  const mimeType = MIME[format];
  const resource = answer.encoding === "base64" ? { uri, mimeType, blob: answer.content } : { uri, mimeType, text: answer.content };
  const content: CallToolResult["content"] = [text(`${summary} ${note} (${bytes.byteLength} bytes, ${mimeType}).`), { type: "resource", resource }];
  if (format === "png") content.push({ type: "image", data: answer.content, mimeType: "image/png" });
  return { content };
}

async function renderReport(host: ToolHost, args: ReportArgs): Promise<CallToolResult> {
  if ((args.paths === undefined) === (args.files === undefined)) return toolError("bad_request: give either paths or files");
  if (args.paths !== undefined && !host.readPath) return toolError("bad_request: this server cannot read files of your machine: give the files as text (files: [{name, code}])");
  const decoder = new TextDecoder();
  const sources = args.files ?? (await Promise.all(args.paths!.map(async (path) => {
    const { name, data } = await host.readPath!(path);
    return { name, code: decoder.decode(data) };
  })));
  const items = sources.map((file) => ({ code: file.code, name: file.name, ...(args.lang === undefined ? {} : { lang: args.lang }), ...(args.fn === undefined ? {} : { fn: args.fn }) }));
  const format = args.format ?? "docx";
  const answer = await (await host.client()).reportJson({ items, format, ...pick(args, ["report", "font", "options"] as const) });
  const bytes = Uint8Array.from(atob(answer.content), (ch) => ch.charCodeAt(0));
  const { uri, note } = await host.deliver({ filename: answer.filename }, bytes, args.outputPath);
  // A file or function that could not be drawn is said, never silently missing.
  const skipped = answer.skipped.length === 0 ? "" : ` Not drawn: ${answer.skipped.map((s) => `${s.name}${s.fn ? ` ${s.fn}` : ""} (${s.error})`).join("; ")}.`;
  const mimeType = MIME[format];
  return {
    content: [
      text(`${answer.credits} chart(s); ${answer.creditsLeft} credits left.${skipped} ${note} (${bytes.byteLength} bytes, ${mimeType}).`),
      { type: "resource", resource: { uri, mimeType, blob: answer.content } },
    ],
  };
}

function base64(bytes: Uint8Array): string {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function pick<T extends object, K extends keyof T>(value: T, names: readonly K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const name of names) if (value[name] !== undefined) out[name] = value[name];
  return out;
}

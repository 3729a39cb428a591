/**
 * `skhema mcp`: the stdio tool server of interface.md §1 on the official MCP SDK, with the tools
 * render_flowchart, balance, products, topup_link and gift_credits. Every failure — an API error with
 * its `code`, a network error, a bad argument — comes back as a tool result with `isError: true` and
 * the code first in the text; the server itself keeps running.
 */
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { version } from "../package.json" with { type: "json" };
import type { RenderRequest, RenderUpload } from "../client/api.ts";
import { FONT_NAMES } from "../engine/fonts.ts";
import { FORMATS, LANGS, type Format } from "../engine/index.ts";
import { OptionsSchema } from "../engine/options-schema.ts";
import type { Context } from "./context.ts";
import { classify } from "./exit-codes.ts";
import { basename, readSource } from "./io.ts";

const MIME: Record<Format, string> = {
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
  path: z.string().optional().describe("Path of a source file on this machine (absolute, or relative to the server's folder); the language comes from its extension (.py .c .h .cpp .java .cs .pas, .json for a native tree)."),
  url: z.string().optional().describe("https link to a raw source file on raw.githubusercontent.com, gist.githubusercontent.com, gitlab.com, bitbucket.org or codeberg.org (github.com …/blob/… links work too)."),
  lang: z.enum(LANGS).optional().describe("Source language: python, c, cpp, java, csharp, pascal, or native (a chart tree as JSON, needs Pro). Required with code; otherwise taken from the file extension."),
  format: z.enum(FORMATS).optional().describe("Output format, default svg. svg returns the SVG text and a PNG picture of it; png, pdf, docx, typst, excalidraw, json, drawio (draw.io) and vsdx (Visio) are written to a file whose path is returned."),
  fn: z.string().optional().describe("Draw only this function (e.g. main, Class.method); by default every function gets its own chart."),
  split: z.boolean().optional().describe("Split tall charts into parts joined by connectors. Default true for docx, pdf, typst, drawio, vsdx; false keeps one continuous sheet."),
  scale: z.number().int().min(1).max(10).optional().describe("PNG zoom 1-10 (default 3)."),
  fragment: z.boolean().optional().describe("Typst only: just the CeTZ canvas code, no document preamble."),
  font: z.string().optional().describe(`Text font: ${FONT_NAMES.join(", ")} (default Times New Roman).`),
  options: OptionsSchema.optional().describe(
    "Engine options, all optional: locale (uk|en, language of inserted words), singleEnd, mainOnlyTerminators, callAsProcess, stripTypes, returnAsIO, verbatim (booleans; verbatim draws every statement as written, runtime set-up and separate prompts included), figStart (first figure number); " +
      "custom texts need Pro: forFormat (comma|range|verbose), yes, no, inWord, outWord, startText, endText, entryText, exitText, returnWord, forEachWord, capWord, capFormat.",
  ),
  outputPath: z.string().optional().describe("Where to write the file for formats other than svg (default: a new temporary folder). An existing file is overwritten."),
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

const text = (value: string) => ({ type: "text" as const, text: value });
const jsonResult = (value: unknown): CallToolResult => ({ content: [text(JSON.stringify(value, null, 2))] });

/** Any failure as a tool error result: `code: message`. */
function failure(error: unknown): CallToolResult {
  const { code, message } = classify(error);
  return { isError: true, content: [text(`${code}: ${message}`)] };
}

/** Runs a tool body; whatever it throws becomes an error result instead of reaching the transport. */
const guarded = <A>(body: (args: A) => Promise<CallToolResult>) => async (args: A): Promise<CallToolResult> => {
  try {
    return await body(args);
  } catch (error) {
    return failure(error);
  }
};

type RenderArgs = { [K in keyof typeof RenderInput]: z.infer<(typeof RenderInput)[K]> };

export function createMcpServer(ctx: Context): McpServer {
  const server = new McpServer({ name: "skhema", version });

  server.registerTool(
    "render_flowchart",
    {
      title: "Render a flowchart",
      description:
        "Draws ДСТУ 19.701-90 (GOST 19.701-90) algorithm flowcharts of a program in Python, C, C++, Java, C# or Pascal. " +
        "Costs 1 credit per chart (one chart per function). Returns the number of charts and the credits left; " +
        "for svg the SVG text and a PNG picture, for other formats the path of the written file and the file as an embedded resource.",
      inputSchema: RenderInput,
    },
    guarded(async (args: RenderArgs) => renderFlowchart(ctx, args)),
  );

  server.registerTool(
    "balance",
    { title: "Account balance", description: "The account of the configured key: e-mail, name, credits, and whether Pro is active (and until when)." },
    guarded(async () => jsonResult(await (await ctx.client()).me())),
  );

  server.registerTool(
    "products",
    {
      title: "Price catalog",
      description: "Credit packs and Pro tiers with their ids and prices in UAH, the price of one credit, and whether payments are available.",
    },
    guarded(async () => jsonResult(await (await ctx.client()).products())),
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
      jsonResult(await (await ctx.client()).topup({ kind: args.kind, ...(args.id === undefined ? {} : { id: args.id }), ...(args.qty === undefined ? {} : { qty: args.qty }) })),
    ),
  );

  server.registerTool(
    "gift_credits",
    {
      title: "Gift credits",
      description: "Moves credits from this account to someone else's, by e-mail; the recipient is told by e-mail. Returns the sender's new balance.",
      inputSchema: GiftInput,
    },
    guarded(async (args: { email: string; qty: number }) => jsonResult(await (await ctx.client()).gift(args))),
  );
  return server;
}

async function renderFlowchart(ctx: Context, args: RenderArgs): Promise<CallToolResult> {
  const sources = [args.code, args.path, args.url].filter((s) => s !== undefined).length;
  if (sources !== 1) return { isError: true, content: [text("bad_request: give exactly one of code, path and url")] };
  if (args.code !== undefined && args.lang === undefined) return { isError: true, content: [text("bad_request: lang is required with code (python, c, cpp, java, csharp, pascal or native)")] };
  const format = args.format ?? "svg";
  const fields = {
    format,
    ...(args.lang === undefined ? {} : { lang: args.lang }),
    ...pick(args, ["fn", "split", "scale", "fragment", "font", "options"] as const),
  };
  let request: RenderRequest | RenderUpload;
  if (args.code !== undefined) request = { code: args.code, ...fields };
  else if (args.url !== undefined) request = { url: args.url, ...fields };
  else request = { file: { name: basename(args.path!), data: await readSource(resolve(args.path!)) }, ...fields };

  const client = await ctx.client();
  // The answer carries the balance after the call; the one before gives the charts drawn (1 credit
  // each). GET /me is rate limited where rendering is not: without it the count is left out.
  const before = await client.me().catch(() => undefined);
  const answer = await client.renderJson(request);
  const charts = before === undefined ? "" : `${before.credits - answer.creditsLeft} chart(s); `;
  const omitted = answer.omitted ?? [];
  // Runtime set-up left out of the charts is said, never silently lost (issue 20).
  const leftOut = omitted.length === 0 ? "" : ` Left out as runtime set-up (options.verbatim draws it): ${omitted.map((o) => `${o.text} (line ${o.line})`).join("; ")}.`;
  const summary = `${charts}${answer.creditsLeft} credits left.${leftOut}`;
  const bytes = answer.encoding === "base64" ? Buffer.from(answer.content, "base64") : Buffer.from(answer.content, "utf8");

  if (format === "svg" && args.outputPath === undefined) {
    const content: CallToolResult["content"] = [text(summary), text(answer.content)];
    try {
      const png = await (await import("./preview.ts")).svgToPng(answer.content, args.font);
      content.push({ type: "image", data: Buffer.from(png).toString("base64"), mimeType: "image/png" });
    } catch (e) {
      content.push(text(`(no PNG preview: ${e instanceof Error ? e.message : String(e)})`));
    }
    return { content };
  }

  const path = args.outputPath ? (isAbsolute(args.outputPath) ? args.outputPath : resolve(args.outputPath)) : join(mkdtempSync(join(tmpdir(), "skhema-")), answer.filename);
  writeFileSync(path, bytes);
  const uri = pathToFileURL(path).href;
  const mimeType = MIME[format];
  const resource =
    answer.encoding === "base64" ? { uri, mimeType, blob: answer.content } : { uri, mimeType, text: answer.content };
  const content: CallToolResult["content"] = [text(`${summary} Wrote ${path} (${bytes.byteLength} bytes, ${mimeType}).`), { type: "resource", resource }];
  if (format === "png") content.push({ type: "image", data: answer.content, mimeType: "image/png" });
  return { content };
}

function pick<T extends object, K extends keyof T>(value: T, names: readonly K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const name of names) if (value[name] !== undefined) out[name] = value[name];
  return out;
}

export async function runMcp(ctx: Context): Promise<number> {
  // The executable starts with a reluctant JIT for one-shot commands (scripts/build-cli.ts); a
  // session renders again and again, so it wants the normal policy.
  Bun.unsafe.setJITPolicy(1);
  const server = createMcpServer(ctx);
  const transport = new StdioServerTransport();
  // The client ends the session by closing our standard input.
  const closed = new Promise<void>((done) => process.stdin.once("end", () => done()).once("close", () => done()));
  await server.connect(transport);
  await closed;
  await server.close();
  return 0;
}

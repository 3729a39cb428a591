/**
 * `skhema report` (POST /render/report, issue 26): the files of an assignment → one report document
 * with their listings and flowcharts; `--local` (or no key configured) makes it in this process.
 */
import type { ReportRequest, ReportResponse } from "../client/api.ts";
import { int, str, type Context } from "./context.ts";
import { usageError } from "./exit-codes.ts";
import { REPORT_FORMATS } from "./commands.ts";
import { basename, outputFormat, readText, writeOutput } from "./io.ts";
import { commonFields } from "./request.ts";

type Report = NonNullable<ReportRequest["report"]>;

/** The --report-… flags as the API's `report` object. */
function reportOptions(ctx: Context): Report {
  const v = ctx.values;
  const report: Report = {};
  if (v.inline) report.layout = "inline";
  if (v["no-listings"]) report.listings = false;
  if (v["em-dash"]) report.dash = "—";
  if (v["short-word"]) report.figureWord = "Рис.";
  const letter = str(v, "first-appendix");
  if (letter !== undefined) report.firstAppendix = letter as Report["firstAppendix"];
  const section = int(v, "first-section");
  if (section !== undefined) report.firstSection = section;
  const figure = int(v, "first-figure");
  if (figure !== undefined) report.firstFigure = figure;
  for (const key of ["title", "student", "group", "variant"] as const) {
    const value = str(v, key);
    if (value !== undefined) report[key] = value;
  }
  return report;
}

export async function runReport(ctx: Context): Promise<number> {
  const { lang, fn, split: _split, scale: _scale, fragment: _fragment, ...shared } = commonFields(ctx.values);
  if (ctx.positionals.length === 0) throw usageError("name the source files of the assignment; see skhema help report");
  if (ctx.positionals.includes("-")) throw usageError("a report is made of files (their names caption the listings); - is not taken");
  const items: ReportRequest["items"] = [];
  for (const path of ctx.positionals) items.push({ code: await readText(path), name: basename(path), ...(lang ? { lang } : {}), ...(fn ? { fn } : {}) });
  const format: NonNullable<ReportRequest["format"]> = outputFormat(str(ctx.values, "format"), str(ctx.values, "output"), REPORT_FORMATS, "docx");
  const request: ReportRequest = { items, format, report: reportOptions(ctx), ...shared };

  let local = ctx.values.local === true;
  if (!local && !(await ctx.settings()).key) {
    ctx.note("note: no API key configured (skhema login, or SKHEMA_API_KEY); making the report locally with the engine: no network, no credits");
    local = true;
  }
  const answer = local ? await reportLocal(request) : await (await ctx.client()).reportJson(request);
  if (ctx.values.json) {
    await ctx.out(`${JSON.stringify(answer, null, 2)}\n`);
    return 0;
  }
  for (const s of answer.skipped) ctx.note(`not drawn: ${s.name}${s.fn ? ` ${s.fn}` : ""}: ${s.error}`);
  const path = await writeOutput(ctx, Buffer.from(answer.content, "base64"), answer.filename, str(ctx.values, "output"));
  ctx.note(local ? `${path}: ${answer.credits} chart(s), made locally` : `${path}: ${answer.credits} chart(s), ${answer.credits} credits charged, ${answer.creditsLeft} left`);
  return 0;
}

/** The engine in this process: the same answer as the service's, without credits. */
async function reportLocal(request: ReportRequest): Promise<ReportResponse> {
  const [{ renderReport }, { langFromFileName }, { cliAssets }] = await Promise.all([import("../engine/report/index.ts"), import("../engine/index.ts"), import("./assets.ts")]);
  const sources = request.items.map((item) => ({
    code: item.code ?? "", name: item.name!, lang: item.lang ?? langFromFileName(item.name!), ...(item.fn ? { fn: item.fn } : {}),
  }));
  const format = request.format ?? "docx";
  const result = await renderReport({ sources, format, font: request.font, options: request.options, report: request.report }, cliAssets);
  const data = typeof result.file.data === "string" ? new TextEncoder().encode(result.file.data) : result.file.data;
  return {
    format, count: sources.length, credits: result.charts, creditsLeft: 0, filename: result.file.name,
    skipped: result.skipped, recovered: result.recovered, encoding: "base64", content: Buffer.from(data).toString("base64"),
  };
}

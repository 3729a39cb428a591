/**
 * The report's entry point (issue 26): several sources → one document (DOCX, PDF or Typst) laid out
 * the way the report guide asks (document.ts builds it, one module per format draws it). Each
 * renderer loads on first use, like the chart renderers.
 */
import type { AssetLoader } from "../assets.ts";
import { EngineError } from "../errors.ts";
import type { RenderedFile } from "../index.ts";
import { buildReport, type ReportInput, type SkippedSource } from "./document.ts";

export const REPORT_FORMATS = ["docx", "pdf", "typst"] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export interface ReportResult {
  file: RenderedFile;
  /** Charts drawn: what the report is charged (listings are free). */
  charts: number;
  /** Files, or functions of files, that could not be drawn (each also noted in the document in its place). */
  skipped: SkippedSource[];
  /** Functions drawn around statements the parser could not read. */
  recovered: SkippedSource[];
}

const FILES: Record<ReportFormat, { name: string; type: string }> = {
  docx: { name: "report.docx", type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document" },
  pdf: { name: "report.pdf", type: "application/pdf" },
  typst: { name: "report.typ", type: "text/x-typst; charset=utf-8" },
};

export function parseReportFormat(format: string): ReportFormat {
  if ((REPORT_FORMATS as readonly string[]).includes(format)) return format as ReportFormat;
  throw new EngineError("unknown_format", `a report is written as ${REPORT_FORMATS.join(", ")}, not "${format}"`);
}

export async function renderReport(input: ReportInput & { format: string }, assets: AssetLoader): Promise<ReportResult> {
  const format = parseReportFormat(input.format);
  const report = await buildReport(input, assets);
  let data: string | Uint8Array;
  if (format === "docx") data = (await import("./docx.ts")).reportDocx(report);
  else if (format === "pdf") data = await (await import("./pdf.ts")).reportPdf(report, assets);
  else data = (await import("./typst.ts")).reportTypst(report);
  const { name, type } = FILES[format];
  return { file: { name, contentType: type, data }, charts: report.charts, skipped: report.skipped, recovered: report.recovered };
}

export { REPORT_MAX_SOURCES, type ReportInput, type ReportSource, type SkippedSource } from "./document.ts";
export { ReportOptionsSchema, type ReportOptions } from "./options.ts";
export { APPENDIX_LETTERS } from "./letters.ts";

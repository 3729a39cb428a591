/**
 * What a report request may ask for (issue 26): the choices departments vary, each defaulting to the
 * guide's convention (/work/shared/spec/report-conventions.md). The zod schema is the one source of the
 * API's `report` object, its OpenAPI and the CLI's flags (server/http/schemas.ts imports it).
 */
import { z } from "zod";
import { APPENDIX_LETTERS } from "./letters.ts";

const Text = z.string().trim().min(1).max(200);

export const ReportOptionsSchema = z.strictObject({
  layout: z.enum(["appendices", "inline"]).optional().describe(
    "appendices (default): «ДОДАТОК А – Лістинг програми», «ДОДАТОК Б – Схеми алгоритмів»; inline: a section per file, its listing and figures «Рисунок 1.1 …».",
  ),
  listings: z.boolean().optional().describe("Include each file's listing (default true); without them the charts' appendix is the first one."),
  dash: z.enum(["–", "—"]).optional().describe("The dash in captions: en dash (default) or em dash."),
  figureWord: z.enum(["Рисунок", "Рис."]).optional().describe("The caption word (default «Рисунок»)."),
  firstAppendix: z.enum(APPENDIX_LETTERS).optional().describe("The first appendix's letter (default А); the letters Ґ Є З І Ї Й О Ч Ь are not used."),
  firstSection: z.number().int().min(1).max(99).optional().describe("inline: the first file's section number (default 1)."),
  firstFigure: z.number().int().min(1).max(999).optional().describe("The first figure's number within its appendix or section (default 1); listings likewise."),
  title: Text.optional().describe("The assignment's title (the document's title; inline: its heading)."),
  student: Text.optional().describe("The student's name (the document's author; inline: under the heading)."),
  group: Text.optional().describe("The student's group (inline: under the heading)."),
  variant: Text.optional().describe("The assignment's variant (inline: under the heading)."),
});
export type ReportOptions = z.infer<typeof ReportOptionsSchema>;

/** The options with the guide's defaults filled in. */
export type ResolvedReportOptions = Required<Pick<ReportOptions, "layout" | "listings" | "dash" | "figureWord" | "firstAppendix" | "firstSection" | "firstFigure">> &
  Pick<ReportOptions, "title" | "student" | "group" | "variant">;

export function resolveReportOptions(o: ReportOptions = {}): ResolvedReportOptions {
  return {
    ...o,
    layout: o.layout ?? "appendices",
    listings: o.listings ?? true,
    dash: o.dash ?? "–",
    figureWord: o.figureWord ?? "Рисунок",
    firstAppendix: o.firstAppendix ?? "А",
    firstSection: o.firstSection ?? 1,
    firstFigure: o.firstFigure ?? 1,
  };
}

/**
 * Messages between the playground page and its engine worker. The page sends the whole state of
 * the form each time (the worker keeps nothing but the engine's caches), so any message can be
 * dropped in favour of a newer one.
 */
import type { Format, OmittedStatement } from "../../engine/index.ts";
import type { FunctionError } from "../../engine/errors.ts";
import type { Options } from "../../engine/options.ts";

/** The playground's languages: every source language (a chart tree as JSON is for the API). */
export { SOURCE_LANGS, type SourceLang } from "../../engine/langs.ts";
import type { SourceLang } from "../../engine/langs.ts";

/** Everything the chart depends on, as the form holds it. */
export interface ChartRequest {
  code: string;
  lang: SourceLang;
  /** One function's chart, or all of them. */
  fn?: string;
  font?: string;
  split: boolean;
  options: Options;
}

export type WorkerRequest =
  | { kind: "draw"; id: number; request: ChartRequest }
  | { kind: "export"; id: number; request: ChartRequest; format: Format; scale?: number };

/** A failure the user can read: the engine's code and message. */
export interface Failure {
  code: string;
  message: string;
}

export interface ChartName {
  name: string;
  main: boolean;
}

export type WorkerAnswer =
  | {
      kind: "drawn";
      id: number;
      /** The preview: the engine's SVG (null when nothing could be drawn). */
      svg: string | null;
      /** Every chart of the source (for the function picker), whatever `fn` chose. */
      charts: ChartName[];
      /** Functions that could not be drawn, with their line where known (inline diagnostics). */
      errors: FunctionError[];
      /** Runtime set-up the charts leave out (shown in the status line). */
      omitted: OmittedStatement[];
      failure: Failure | null;
      /** Engine time of this re-draw (front-end, layout, SVG), ms. */
      engineMs: number;
    }
  | { kind: "exported"; id: number; file: { name: string; contentType: string; data: string | Uint8Array } }
  | { kind: "export-failed"; id: number; failure: Failure };

/** The playground's report (issue 26): its files and choices, made into one document by the worker. */
export interface ReportJob {
  kind: "report";
  id: number;
  sources: { name: string; lang: SourceLang; code: string }[];
  format: "docx" | "pdf" | "typst";
  report: { layout: "appendices" | "inline"; listings: boolean };
  font?: string;
  options: Options;
}

export type ReportAnswer =
  | { kind: "reported"; id: number; file: { name: string; contentType: string; data: string | Uint8Array }; charts: number; skipped: { name: string; fn?: string; error: string }[] }
  | { kind: "report-failed"; id: number; failure: Failure };

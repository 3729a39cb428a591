/**
 * The engine work the server hands to a renderer (renderer.ts): each job is plain data in and out
 * (JSON with byte arrays, wire.ts), so the same `runJob` runs inline (the edge worker) or in a pool
 * worker (render-worker.ts) behind a message port.
 */
import type { AssetLoader } from "../../engine/assets.ts";
import { EngineError, prepare, render, renderPdfBundle, type FunctionError, type Geometry, type OmittedStatement, type PreparedRender, type RenderedFile, type RenderInput } from "../../engine/index.ts";
import { zip, type ZipFile } from "../../engine/render/zip.ts";
import type { ReportInput, ReportResult } from "../../engine/report/index.ts";

/** A request drawn to its file. */
export interface RenderedChart {
  file: RenderedFile;
  charts: number;
  errors: FunctionError[];
  /** Runtime set-up the charts leave out (issue 20). */
  omitted: OmittedStatement[];
}

/** A PDF bundle item laid out, not yet drawn: what the bundle job draws into one document. */
export interface PreparedChart {
  /**
   * The geometry as its JSON text in UTF-8: it goes from the worker that laid it out to the one that
   * draws the bundle as bytes, never rebuilt as objects on the server's thread (≈ 40 KB a medium chart).
   */
  geometry: Uint8Array;
  /** Each chart on its own pages (the request's split). */
  pages: boolean;
  charts: number;
  errors: FunctionError[];
  omitted: OmittedStatement[];
}

export type Job =
  | { kind: "render"; input: RenderInput }
  | { kind: "prepare"; input: RenderInput }
  | { kind: "pdfBundle"; parts: readonly PreparedChart[] }
  | { kind: "zip"; files: readonly ZipFile[] }
  | { kind: "report"; input: ReportInput & { format: string } }
  /** A PNG picture of an SVG answer (the remote MCP tool's preview). */
  | { kind: "picture"; svg: string; font: string | undefined };

export interface JobResults {
  render: RenderedChart;
  prepare: PreparedChart;
  pdfBundle: Uint8Array;
  zip: Uint8Array;
  report: ReportResult;
  picture: Uint8Array;
}

export type JobResult<J extends Job> = JobResults[J["kind"]];

const UTF8 = new TextEncoder();
const UTF8_TEXT = new TextDecoder();

export async function runJob<J extends Job>(job: J, assets: AssetLoader): Promise<JobResult<J>> {
  return (await run(job, assets)) as JobResult<J>;
}

async function run(job: Job, assets: AssetLoader): Promise<JobResults[Job["kind"]]> {
  switch (job.kind) {
    case "render": {
      const { file, charts, errors, omitted } = await render(job.input, assets);
      return { file, charts, errors, omitted };
    }
    case "prepare": {
      const { geometry, context, charts, errors, omitted } = await prepare(job.input, assets);
      return { geometry: UTF8.encode(JSON.stringify(geometry)), pages: context.pages, charts, errors, omitted };
    }
    case "pdfBundle": {
      // renderPdfBundle reads each part's geometry and page flag only.
      const prepared = job.parts.map((p): PreparedRender => ({
        format: "pdf", geometry: JSON.parse(UTF8_TEXT.decode(p.geometry)) as Geometry, context: { assets, scale: 1, fragment: false, pages: p.pages }, charts: p.charts, errors: p.errors, omitted: p.omitted, baseName: "",
      }));
      return renderPdfBundle(prepared, assets);
    }
    case "zip":
      return zip(job.files);
    case "report": {
      // The report's module loads with the first report a worker draws.
      const { renderReport } = await import("../../engine/report/index.ts");
      return renderReport(job.input, assets);
    }
    case "picture": {
      const { svgPicture } = await import("../../engine/render/svg-picture.ts");
      return svgPicture(job.svg, job.font, assets);
    }
  }
}

/** An error as it crosses a message port: an engine error keeps its code and function errors. */
export type SentError = { engine: { code: EngineError["code"]; message: string; functionErrors: readonly FunctionError[] } } | { message: string; stack?: string };

export function sendError(err: unknown): SentError {
  if (err instanceof EngineError) return { engine: { code: err.code, message: err.message, functionErrors: err.functionErrors } };
  return err instanceof Error ? { message: err.message, stack: err.stack } : { message: String(err) };
}

export function receiveError(sent: SentError): Error {
  if ("engine" in sent) return new EngineError(sent.engine.code, sent.engine.message, sent.engine.functionErrors);
  const err = new Error(sent.message);
  if (sent.stack) err.stack = sent.stack;
  return err;
}

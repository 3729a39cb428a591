/**
 * The engine in a Web Worker: the page's editor never waits for a render. Draw requests are
 * coalesced — while one runs, only the newest waiting one is kept (older ones are stale) — and
 * downloads are queued ahead of them (a user who clicked wants that file, not a newer preview).
 */
import { EngineError, prepare, render, type RenderInput } from "../../engine/index.ts";
import { renderSvg } from "../../engine/render/svg.ts";
import { browserAssets } from "../../hosts/browser.ts";
import type { ChartRequest, Failure, ReportAnswer, ReportJob, WorkerAnswer, WorkerRequest } from "./protocol.ts";

type DrawJob = Extract<WorkerRequest, { kind: "draw" }>;
type ExportJob = Extract<WorkerRequest, { kind: "export" }>;

/** The worker's global scope, typed without the WebWorker lib (which conflicts with the DOM lib). */
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<WorkerRequest | ReportJob>) => void) | null;
  postMessage(message: WorkerAnswer | ReportAnswer, transfer?: Transferable[]): void;
};

const assets = browserAssets(new URL("/assets/", self.location.origin));

/**
 * The split box only ever adds splitting: unticked, `split` is left to the engine's default, so
 * PDF, DOCX and Typst come out on A4 sheets as from the API and the CLI (interface §2.1) while the
 * preview, SVG, PNG and Excalidraw stay one continuous chart.
 */
function input(request: ChartRequest): RenderInput {
  return { code: request.code, lang: request.lang, split: request.split ? true : undefined, font: request.font, options: request.options };
}

function failureOf(error: unknown): Failure {
  if (error instanceof EngineError) return { code: error.code, message: error.message };
  return { code: "render_failed", message: error instanceof Error ? error.message : String(error) };
}

async function draw(job: DrawJob): Promise<WorkerAnswer> {
  const started = performance.now();
  const { request } = job;
  try {
    const all = await prepare({ ...input(request), format: "svg" }, assets);
    const charts = all.geometry.charts.map((c) => ({ name: c.name, main: c.main }));
    // A picked function that no longer exists (the user renamed it) falls back to all charts.
    const picked = request.fn !== undefined && charts.some((c) => c.name === request.fn);
    const geometry = picked ? (await prepare({ ...input(request), format: "svg", fn: request.fn }, assets)).geometry : all.geometry;
    const svg = renderSvg(geometry);
    return { kind: "drawn", id: job.id, svg, charts, errors: all.errors, omitted: all.omitted, failure: null, engineMs: performance.now() - started };
  } catch (error) {
    const errors = error instanceof EngineError ? [...error.functionErrors] : [];
    return { kind: "drawn", id: job.id, svg: null, charts: [], errors, omitted: [], failure: failureOf(error), engineMs: performance.now() - started };
  }
}

async function exportFile(job: ExportJob): Promise<WorkerAnswer> {
  try {
    const { file } = await render({ ...input(job.request), fn: job.request.fn, format: job.format, scale: job.scale }, assets);
    return { kind: "exported", id: job.id, file };
  } catch (error) {
    return { kind: "export-failed", id: job.id, failure: failureOf(error) };
  }
}

/** The report's document (site/client/report.ts), made by the engine's report module, loaded on first use. */
async function makeReport(job: ReportJob): Promise<ReportAnswer> {
  try {
    const { renderReport } = await import("../../engine/report/index.ts");
    const result = await renderReport({ sources: job.sources, format: job.format, report: job.report, font: job.font, options: job.options }, assets);
    return { kind: "reported", id: job.id, file: result.file, charts: result.charts, skipped: result.skipped };
  } catch (error) {
    return { kind: "report-failed", id: job.id, failure: failureOf(error) };
  }
}

let newestDraw: DrawJob | null = null;
/** Downloads and reports: a user who clicked wants that file, ahead of a newer preview. */
const exports: (ExportJob | ReportJob)[] = [];
let running = false;

async function pump(): Promise<void> {
  if (running) return;
  running = true;
  try {
    for (;;) {
      const exportJob = exports.shift();
      if (exportJob) {
        const answer = exportJob.kind === "report" ? await makeReport(exportJob) : await exportFile(exportJob);
        const data = answer.kind === "exported" || answer.kind === "reported" ? answer.file.data : null;
        scope.postMessage(answer, data instanceof Uint8Array ? [data.buffer as ArrayBuffer] : []);
        continue;
      }
      const drawJob = newestDraw;
      if (!drawJob) break;
      newestDraw = null;
      scope.postMessage(await draw(drawJob));
    }
  } finally {
    running = false;
  }
}

scope.onmessage = (event) => {
  const job = event.data;
  if (job.kind === "draw") newestDraw = job;
  else exports.push(job);
  void pump();
};

/**
 * POST /render/batch's work: render every item (a few at a time; one failing item never fails the
 * others) and pack them into one bundle — a multi-page PDF of the successes, or a zip with one entry
 * per item (the chart, or `<name>.error.txt` saying why that item failed).
 */
import type { FunctionError } from "../../engine/errors.ts";
import { SOURCE_EXTENSIONS, formatFile, type Lang, type OmittedStatement } from "../../engine/index.ts";
import type { Options } from "../../engine/options.ts";
import type { SourcePolicy } from "../sources/url-source.ts";
import { ApiError, toApiError } from "../http/errors.ts";
import type { BatchRequest } from "../http/schemas.ts";
import { safeName } from "../../engine/file-names.ts";
import type { ZipFile } from "../../engine/render/zip.ts";
import type { PreparedChart, RenderedChart } from "./jobs.ts";
import { isBulk, type Renderer } from "./renderer.ts";
import { loadSource, type SourceSpec } from "./source.ts";
import { recoveredFunctions, skippedFunctions, type SkippedFunction } from "./skipped.ts";

export type Bundle = "pdf" | "zip";

export interface BatchItemPlan {
  index: number;
  /** Shown in the results: the item's name or service-<N>. */
  name: string;
  spec: SourceSpec;
  fn: string | undefined;
  /** The language, or why it could not be told (an ApiError; the item then fails without rendering). */
  lang: Lang | Error;
}

export interface BatchItemResult {
  index: number;
  /** The zip entry's name (unique within the bundle; `.error.txt` for a failed item); for a PDF bundle the item's name. */
  name: string;
  ok: boolean;
  error?: string;
  /** Why it failed, with the code and status POST /render would answer (not sent to the client per item). */
  failure?: ApiError;
  /** For an item that rendered: its functions not drawn. */
  skipped?: SkippedFunction[];
  /** For an item that rendered: its functions drawn around statements the parser could not read (only when some were). */
  recovered?: SkippedFunction[];
  /** For an item that rendered: the runtime set-up its charts leave out. */
  omitted?: OmittedStatement[];
}

export interface BatchOutcome {
  items: BatchItemResult[];
  rendered: number;
  /** Charts over the successful items: what the batch is charged. */
  charts: number;
  /** The bundle (empty for a PDF bundle in which nothing rendered). */
  data: Uint8Array;
  contentType: string;
  filename: string;
}

/** A rendered item: laid out for the PDF bundle, or drawn into its own file for the zip. */
type Done = { charts: number; errors: readonly FunctionError[]; omitted: OmittedStatement[] } & ({ prepared: PreparedChart } | { data: RenderedChart["file"]["data"] });

export interface BatchSettings {
  request: BatchRequest;
  bundle: Bundle;
  policy: SourcePolicy;
  renderer: Renderer;
  /** Each item's budget, and the bundle's. */
  budgetMs: number;
  /** Whose batch it is: the pool's share per user. */
  owner: string;
  concurrency: number;
  /** Aborts when the client has gone: the running items stop, the remaining ones are skipped. */
  signal?: AbortSignal;
}

/**
 * Runs `work` over `items` with at most `limit` in flight, results in input order; once `signal`
 * aborts (the client went away) no further item starts.
 */
async function mapLimit<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>, signal?: AbortSignal): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length && !signal?.aborted) {
      const i = next++;
      results[i] = await work(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** `lab1` → `lab1.svg`; a source extension is replaced (`lab1.py` → `lab1.svg`), the output's kept. */
function entryName(name: string, ext: string): string {
  const safe = safeName(name);
  if (safe.toLowerCase().endsWith(`.${ext}`)) return safe;
  return `${SOURCE_EXTENSION.test(safe) ? safe.replace(/\.[^.]*$/, "") : safe}.${ext}`;
}

const SOURCE_EXTENSION = new RegExp(`\\.(${SOURCE_EXTENSIONS.join("|")})$`, "i");

/** Zip entries keep the request's order; a repeated name gets " (2)", " (3)" … before its extension. */
function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = name.replace(/(\.[^.]*)?$/, ` (${n})$1`);
  taken.add(candidate.toLowerCase());
  return candidate;
}

export async function runBatch(plans: readonly BatchItemPlan[], settings: BatchSettings): Promise<BatchOutcome> {
  const { request, bundle, renderer } = settings;
  const limits = { budgetMs: settings.budgetMs, signal: settings.signal, owner: settings.owner };
  // An item is bulk work (pool.ts: never the last free worker) as a render of its size would be; a
  // small item ends in milliseconds like any small render. Drawing the bundle or packing the zip is bulk.
  const itemLimits = (code: string | Uint8Array) => ({ ...limits, bulk: isBulk(code) });
  const bulk = { ...limits, bulk: true };
  const format = request.format;
  const { ext } = formatFile(format);
  const engineInput = (code: string | Uint8Array, plan: BatchItemPlan, lang: Lang) => ({
    code, lang, format, fn: plan.fn, split: request.split, scale: request.scale, fragment: request.fragment,
    font: request.font, options: request.options as Options | undefined,
  });

  /** What laying out the items took, their waits for a worker included: the bundle's drawing is budgeted as much. */
  let layoutMs = 0;
  const outcomes = await mapLimit(plans, settings.concurrency, async (plan): Promise<Done | ApiError> => {
    try {
      if (plan.lang instanceof Error) throw plan.lang;
      const code = await loadSource(plan.spec, settings.policy);
      if (bundle === "pdf") {
        const started = performance.now();
        const prepared = await renderer.run({ kind: "prepare", input: engineInput(code, plan, plan.lang) }, itemLimits(code));
        layoutMs += performance.now() - started;
        return { charts: prepared.charts, errors: prepared.errors, omitted: prepared.omitted, prepared };
      }
      const result = await renderer.run({ kind: "render", input: engineInput(code, plan, plan.lang) }, itemLimits(code));
      return { charts: result.charts, errors: result.errors, omitted: result.omitted, data: result.file.data };
    } catch (err) {
      if (settings.signal?.aborted) throw err; // the client went away: the batch ends here
      const apiError = toApiError(err);
      // A bug, not a bad item: the item still fails alone, but the cause must reach the log.
      if (apiError.code === "server_error") console.error(`batch item ${plan.index}:`, err);
      return apiError;
    }
  }, settings.signal);
  settings.signal?.throwIfAborted(); // skipped items have no outcome: nothing to bundle, nothing to charge

  // Zip entry names in request order, unique within the bundle: the chart's file, or for a failed
  // item `<name>.error.txt` holding the reason (one entry per item, interface.md §4.2).
  const taken = new Set<string>();
  const items: BatchItemResult[] = plans.map((plan, i) => {
    const outcome = outcomes[i]!;
    const failed = outcome instanceof ApiError;
    const name = bundle === "zip" ? uniqueName(entryName(plan.name, failed ? ERROR_EXT : ext), taken) : plan.name;
    if (failed) return { index: plan.index, name, ok: false, error: outcome.message, failure: outcome };
    const recovered = recoveredFunctions(outcome.errors);
    return { index: plan.index, name, ok: true, skipped: skippedFunctions(outcome.errors), ...(recovered.length > 0 ? { recovered } : {}), omitted: outcome.omitted };
  });
  const done = outcomes.flatMap((outcome, i) => (outcome instanceof ApiError ? [] : [{ outcome, name: items[i]!.name }]));
  const charts = done.reduce((sum, d) => sum + d.outcome.charts, 0);
  const rendered = done.length;

  if (bundle === "pdf") {
    const prepared = done.flatMap(({ outcome }) => ("prepared" in outcome ? [outcome.prepared] : []));
    // No page to print when nothing rendered: the route answers the items' error instead. The whole
    // document is a batch's peak of memory: the worker collects it before it reports its heap
    // (render-worker.ts), and is replaced only if that stays over the pool's recycle size.
    // Drawing costs about what laying out cost (100 medium items: ≈ 0.85 s each, BENCHMARKS.md), and
    // both slow down alike on a busy machine: the bundle's budget is the items' layout time, at least
    // one item's budget, and never more than all the items' budgets together.
    const bundleLimits = { ...bulk, budgetMs: Math.max(settings.budgetMs, Math.ceil(layoutMs)) };
    const data = prepared.length > 0 ? await renderer.run({ kind: "pdfBundle", parts: prepared }, bundleLimits) : new Uint8Array();
    return { items, rendered, charts, data, contentType: "application/pdf", filename: "flowcharts.pdf" };
  }
  // PNG and PDF are compressed already; deflating them again costs time for nothing.
  const level = format === "png" || format === "pdf" ? 0 : 6;
  const utf8 = new TextEncoder();
  const files = outcomes.flatMap((outcome, i): ZipFile[] => {
    const name = items[i]!.name;
    if (outcome instanceof ApiError) return [{ name, data: utf8.encode(`${outcome.code}: ${outcome.message}\n`), level: 6 }];
    if ("data" in outcome) return [{ name, data: typeof outcome.data === "string" ? utf8.encode(outcome.data) : outcome.data, level }];
    return [];
  });
  return { items, rendered, charts, data: await renderer.run({ kind: "zip", files }, bulk), contentType: "application/zip", filename: "flowcharts.zip" };
}

/** A failed item's zip entry: its name with this extension, the reason inside. */
const ERROR_EXT = "error.txt";

/**
 * What a batch in which nothing rendered answers: the error POST /render gives for the first item
 * that failed by the client's fault (a url off the allowlist, no lang, an unknown fn …: a 4xx),
 * else the first item's error (render_failed). The message lists every item's reason.
 */
export function nothingRendered(items: readonly BatchItemResult[]): ApiError {
  const failures = items.flatMap((i) => (i.failure ? [i.failure] : []));
  const decisive = failures.find((f) => f.status < 500) ?? failures[0]!;
  const why = items.map((r) => `${r.name}: ${r.error}`).join("; ");
  return new ApiError(decisive.code, `no item rendered: ${why}`, decisive.proFeatures);
}

/**
 * The engine's one entry point, shaped like interface.md's RenderRequest:
 * source (or a native chart tree) → front-end → chart tree → layout → geometry → renderer.
 * Portable: Web-standard APIs only; assets come through the host's AssetLoader.
 */
import type { AssetLoader } from "./assets.ts";
import { parseLang, type Lang } from "./langs.ts";
import { EngineError, type FunctionError } from "./errors.ts";
import { parseFont } from "./fonts.ts";
import { decodeSourceBytes } from "./source-bytes.ts";
import type { FinishedFrontend, Frontend } from "./frontends/types.ts";
import type { OmittedStatement } from "./frontends/setup.ts";
import { finished } from "./frontends/finish.ts";
import type { Geometry } from "./geometry/types.ts";
import { initRuntime } from "./frontends/tree-sitter.ts";
import { layoutCharts } from "./layout/index.ts";
import { dropUndrawable } from "./text/drawable.ts";
import { checkOptions, proFeatures, resolveOptions, type CustomTextOption, type Options, type ResolvedOptions } from "./options.ts";
import { renderJson } from "./render/json.ts";
import { renderSvg } from "./render/svg.ts";
import { FORMAT_EXTENSIONS } from "./file-names.ts";
import { PNG_SCALE as SCALE } from "./render/png-scale.ts";
import type { RenderContext, Renderer } from "./render/types.ts";
import type { ChartTree } from "./tree/schema.ts";

export { LANGS, langFromFileName, parseLang, SOURCE_EXTENSIONS, SOURCE_LANGS, type Lang, type SourceLang } from "./langs.ts";
export const FORMATS = ["docx", "typst", "excalidraw", "svg", "png", "pdf", "json", "drawio", "vsdx"] as const;
export type Format = (typeof FORMATS)[number];

/** Largest source the engine reads (bytes of UTF-8). Lab programs are a few kilobytes. */
export const MAX_SOURCE_BYTES = 1024 * 1024;

/**
 * A front-end loaded on first use: a process renders one language at a time (a command, usually
 * its first request), and loading the other front-ends cost every fresh process ≈ 1 ms more
 * (issue 14, BENCHMARKS.md).
 */
function lazyFrontend<M>(lang: Exclude<Lang, "native">, load: () => Promise<M>, frontend: (m: M) => Frontend, escapes: boolean): FinishedFrontend {
  const get = once(() => load().then((m) => finished(frontend(m), lang, escapes)));
  return async (code, options, assets) => (await get())(code, options, assets);
}

/** `load` called on the first call only; every call gets its one promise (a module loaded on first use). */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}

const FRONTENDS: Partial<Record<Lang, FinishedFrontend>> = {
  python: lazyFrontend("python", () => import("./frontends/python/index.ts"), (m) => m.parsePython, true),
  c: lazyFrontend("c", () => import("./frontends/c/index.ts"), (m) => m.parseC, true),
  cpp: lazyFrontend("cpp", () => import("./frontends/cpp/index.ts"), (m) => m.parseCpp, true),
  java: lazyFrontend("java", () => import("./frontends/java/index.ts"), (m) => m.parseJava, true),
  csharp: lazyFrontend("csharp", () => import("./frontends/csharp/index.ts"), (m) => m.parseCSharp, true),
  pascal: lazyFrontend("pascal", () => import("./frontends/pascal/index.ts"), (m) => m.parsePascal, false),
  javascript: lazyFrontend("javascript", () => import("./frontends/javascript/index.ts"), (m) => m.parseJavaScript, true),
  typescript: lazyFrontend("typescript", () => import("./frontends/javascript/index.ts"), (m) => m.parseTypeScript, true),
  go: lazyFrontend("go", () => import("./frontends/go/index.ts"), (m) => m.parseGo, true),
  php: lazyFrontend("php", () => import("./frontends/php/index.ts"), (m) => m.parsePhp, true),
};

/** The front-end of a source language (undefined for `native` and languages not available yet). */
export function frontendFor(lang: Lang): FinishedFrontend | undefined {
  return FRONTENDS[lang];
}
interface FormatSpec {
  /** Content type of the file (interface.md §4.1; the non-image ones documented in docs/formats.md). */
  type: string;
  ext: string;
  render: Renderer;
  /**
   * Starts loading what the renderer needs (its module, its WASM): `render` calls it, without
   * waiting, before the source is parsed and laid out, so an asynchronous WASM compilation overlaps
   * that work. Never rejects: failures are left for the render itself to report.
   */
  warm?: (assets: AssetLoader) => Promise<void>;
}

const text = (render: (g: Geometry) => string): Renderer => async (g) => render(g);

/**
 * Renderers of the binary and page formats are loaded on first use: an SVG request then never
 * pays (in start-up time and memory) for pdf-lib, resvg or the DOCX writer. `start` is what
 * the module needs beyond its import (the PNG renderer's WASM).
 */
function lazy<M>(load: () => Promise<M>, renderer: (m: M) => Renderer, start?: (m: M, assets: AssetLoader) => Promise<unknown>): Pick<FormatSpec, "render" | "warm"> {
  const get = once(load);
  return {
    render: async (g, context) => renderer(await get())(g, context),
    warm: (assets) => get().then((m) => start?.(m, assets)).then(() => undefined, () => undefined),
  };
}

const RENDERERS: Partial<Record<Format, FormatSpec>> = {
  svg: { type: "image/svg+xml", ext: FORMAT_EXTENSIONS.svg, render: text(renderSvg) },
  json: { type: "application/json", ext: FORMAT_EXTENSIONS.json, render: text(renderJson) },
  typst: { type: "text/x-typst; charset=utf-8", ext: FORMAT_EXTENSIONS.typst, ...lazy(() => import("./render/typst.ts"), (m) => m.renderTypst) },
  excalidraw: { type: "application/vnd.excalidraw+json", ext: FORMAT_EXTENSIONS.excalidraw, ...lazy(() => import("./render/excalidraw.ts"), (m) => m.renderExcalidraw) },
  docx: {
    type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", ext: FORMAT_EXTENSIONS.docx,
    ...lazy(() => import("./render/docx.ts"), (m) => m.renderDocx),
  },
  drawio: { type: "application/vnd.jgraph.mxfile", ext: FORMAT_EXTENSIONS.drawio, ...lazy(() => import("./render/drawio/index.ts"), (m) => m.renderDrawio) },
  vsdx: { type: "application/vnd.ms-visio.drawing.main+xml", ext: FORMAT_EXTENSIONS.vsdx, ...lazy(() => import("./render/vsdx/index.ts"), (m) => m.renderVsdx) },
  png: { type: "image/png", ext: FORMAT_EXTENSIONS.png, ...lazy(() => import("./render/png.ts"), (m) => m.renderPng, (m, assets) => m.ensureResvg(assets)) },
  pdf: { type: "application/pdf", ext: FORMAT_EXTENSIONS.pdf, ...lazy(() => import("./render/pdf.ts"), (m) => m.renderPdf) },
};

/**
 * Starts the WebAssembly runtimes now — tree-sitter's and, for the formats named, the renderers'
 * (the PNG rasteriser) — so that a long-running host's first request does not wait for them.
 * Resolves when they are ready; a failure is reported again by the request that needs the part.
 */
export async function preload(assets: AssetLoader, formats: readonly Format[] = ["png"]): Promise<void> {
  // Tree-sitter first: every request needs it, and compiling the rasteriser alongside would slow it.
  await initRuntime(assets).catch(() => undefined);
  await Promise.all(formats.map((f) => RENDERERS[f]?.warm?.(assets)));
}

export { PNG_SCALE as SCALE } from "./render/png-scale.ts";

/**
 * Formats whose `split` defaults to true (each part a figure on the A4 sheets); the others split only on request.
 * The editable formats (draw.io, Visio) are documents a student prints as pages too.
 */
const SPLIT_BY_DEFAULT: ReadonlySet<Format> = new Set(["docx", "pdf", "typst", "drawio", "vsdx"]);

/** What a caller asks for: interface.md's RenderRequest without the transport-only fields. */
export interface RenderInput {
  /** Source text, a file's raw bytes (decoded by source-bytes.ts), or for lang=native the chart tree as JSON. */
  code: string | Uint8Array;
  lang: string;
  format?: string;
  split?: boolean;
  fn?: string;
  /** PNG zoom, SCALE.min..SCALE.max. */
  scale?: number;
  /** Typst: only the CeTZ canvas code. */
  fragment?: boolean;
  /**
   * Text font from the allowlist (engine/fonts.ts, case-insensitive): "Times New Roman" / "Tinos"
   * (default), "Arial" / "Arimo", "PT Serif", "PT Sans", "DejaVu Sans".
   */
  font?: string;
  options?: unknown;
}

export interface RenderedFile {
  name: string;
  contentType: string;
  data: string | Uint8Array;
}

export interface RenderResult {
  file: RenderedFile;
  /** Number of charts drawn — what a request is charged. */
  charts: number;
  /** Functions that could not be drawn (the others were), and those drawn around statements the parser could not read (`recovered`). */
  errors: FunctionError[];
  /** Runtime set-up the charts leave out (`setlocale(…)`, `system("pause")` …; none with `verbatim`). */
  omitted: OmittedStatement[];
  geometry: Geometry;
}

/** Which Pro-only features a request uses (`native` for lang=native, then custom option names). */
export function requestProFeatures(input: { lang: string; options?: unknown }): ("native" | CustomTextOption)[] {
  const options = checkOptions(input.options ?? {});
  const features: ("native" | CustomTextOption)[] = input.lang === "native" ? ["native"] : [];
  return options ? [...features, ...proFeatures(options)] : features;
}

export function parseFormat(format: string): Format {
  if ((FORMATS as readonly string[]).includes(format)) return format as Format;
  throw new EngineError("unknown_format", `unknown format "${format}"; use one of ${FORMATS.join(", ")}`);
}

/** The request's options; zod (engine/options-schema.ts) is loaded only to explain invalid ones. */
async function parseOptions(raw: unknown): Promise<Options> {
  const options = checkOptions(raw ?? {});
  if (options) return options;
  const [{ OptionsSchema }, { issuesText }] = await Promise.all([import("./options-schema.ts"), import("./issue-text.ts")]);
  const parsed = OptionsSchema.safeParse(raw ?? {});
  if (parsed.success) return parsed.data; // only if the generated rules fell behind the schema: zod decides
  throw new EngineError("bad_request", `invalid options: ${issuesText(parsed.error.issues, "options")}`);
}

export function decodeSource(code: string | Uint8Array): string {
  const bytes = typeof code === "string" ? null : code;
  const size = bytes ? bytes.length : new TextEncoder().encode(code as string).length;
  if (size > MAX_SOURCE_BYTES) {
    throw new EngineError("bad_request", `source is ${size} bytes; the limit is ${MAX_SOURCE_BYTES} bytes (1 MiB)`);
  }
  // A file's bytes may be in any encoding students save in; a string is already text.
  const text = bytes ? decodeSourceBytes(bytes).text : (code as string);
  if (text.includes("\u0000")) throw new EngineError("bad_request", "source contains NUL characters: is it a binary file?");
  if (text.trim() === "") throw new EngineError("bad_request", "source is empty");
  return text;
}

function selectFunction(tree: ChartTree, fn: string | undefined, errors: FunctionError[]): ChartTree {
  if (fn === undefined) return tree;
  // An overloaded name selects all its charts (`sort` → `sort(int[])`, `sort(List<int>)`).
  const found = tree.filter((f) => f.name === fn || f.name.replace(/\(.*\)$| \d+$/s, "") === fn);
  if (found.length > 0) return found;
  const failed = errors.find((e) => e.name === fn);
  if (failed) throw new EngineError("render_failed", `function ${fn}: ${failed.message}`);
  const names = tree.map((f) => f.name);
  throw new EngineError(
    "render_failed",
    names.length > 0 ? `no function "${fn}"; the source has: ${names.join(", ")}` : `no function "${fn}": the source has no charts`,
  );
}

/** A request laid out and ready to draw: what every renderer (and a bundle of several) starts from. */
export interface PreparedRender {
  format: Format;
  geometry: Geometry;
  context: RenderContext;
  charts: number;
  errors: FunctionError[];
  /** Runtime set-up the drawn charts leave out, in chart and line order. */
  omitted: OmittedStatement[];
  /** File name without the extension. */
  baseName: string;
}

/** A source read into its chart tree: the front-end's part of a request (no layout yet). */
export interface ReadSource {
  tree: ChartTree;
  errors: FunctionError[];
  omitted: OmittedStatement[];
}

/**
 * Source (or a native tree) → chart tree with the given options: what a request and each file of a
 * report (engine/report/) share. Throws the interface's errors; an empty result is `render_failed`.
 */
export async function readSource(input: Pick<RenderInput, "code" | "lang" | "fn">, options: ResolvedOptions, assets: AssetLoader): Promise<ReadSource> {
  const lang = parseLang(input.lang);
  const source = decodeSource(input.code);

  let tree: ChartTree;
  let errors: FunctionError[] = [];
  let omitted: OmittedStatement[] = [];
  if (lang === "native") {
    // The native tree's zod schema loads only for native requests.
    const { formatNativeTreeErrors, parseNativeTree } = await import("./tree/validate.ts");
    const parsed = parseNativeTree(source);
    if (!parsed.ok) throw new EngineError("bad_request", `invalid chart tree: ${formatNativeTreeErrors(parsed.errors)}`);
    tree = parsed.tree;
  } else {
    const frontend = frontendFor(lang);
    if (!frontend) throw new EngineError("unknown_lang", `language "${lang}" is not available yet; available: ${Object.keys(FRONTENDS).join(", ")}, native`);
    const result = await frontend(source, options, assets);
    tree = result.tree;
    errors = result.errors;
    omitted = result.omitted;
  }
  tree = selectFunction(tree, input.fn, errors);
  // One function asked for: only its own warning stays (it was drawn around unreadable statements), and its own set-up.
  if (input.fn !== undefined) {
    errors = errors.filter((e) => e.recovered && tree.some((f) => f.name === e.name));
    omitted = omitted.filter((o) => tree.some((chart) => chart.name === o.chart));
  }
  if (tree.length === 0) {
    const why = errors.map((e) => (e.name ? `${e.name}: ${e.message}` : e.message)).join("; ");
    throw new EngineError("render_failed", why ? `nothing could be drawn: ${why}` : "nothing to draw: the source has no statements", errors);
  }
  return { tree, errors, omitted };
}

/** The request's options resolved: zod explains invalid ones. */
export async function requestOptions(raw: unknown): Promise<ResolvedOptions> {
  return resolveOptions(await parseOptions(raw));
}

/** Front-end and layout of a request: everything of `render` but the drawing. */
export async function prepare(input: RenderInput, assets: AssetLoader): Promise<PreparedRender> {
  parseLang(input.lang);
  const format = parseFormat(input.format ?? "svg");
  if (!RENDERERS[format]) throw new EngineError("unknown_format", `format "${format}" is not available yet; available: ${Object.keys(RENDERERS).join(", ")}`);
  const options = await requestOptions(input.options);
  if (input.scale !== undefined && !(Number.isInteger(input.scale) && input.scale >= SCALE.min && input.scale <= SCALE.max)) {
    throw new EngineError("bad_request", `scale must be a whole number from ${SCALE.min} to ${SCALE.max}`);
  }
  const font = parseFont(input.font);
  const { tree, errors, omitted } = await readSource(input, options, assets);

  await dropUndrawable(tree, font.id);
  const split = input.split ?? SPLIT_BY_DEFAULT.has(format);
  const geometry = layoutCharts(tree, options, split, font.id);
  const context: RenderContext = {
    assets,
    scale: input.scale ?? SCALE.default,
    fragment: input.fragment ?? false,
    pages: split && SPLIT_BY_DEFAULT.has(format),
  };
  const baseName = input.fn ? input.fn.replace(/[^\p{L}\p{N}_.-]+/gu, "_") : "flowchart";
  return { format, geometry, context, charts: geometry.charts.length, errors, omitted, baseName };
}

export async function render(input: RenderInput, assets: AssetLoader): Promise<RenderResult> {
  if (typeof input.format === "string" && Object.hasOwn(RENDERERS, input.format)) void RENDERERS[input.format as Format]!.warm?.(assets);
  const prepared = await prepare(input, assets);
  const renderer = RENDERERS[prepared.format]!;
  return {
    file: { name: `${prepared.baseName}.${renderer.ext}`, contentType: renderer.type, data: await renderer.render(prepared.geometry, prepared.context) },
    charts: prepared.charts,
    errors: prepared.errors,
    omitted: prepared.omitted,
    geometry: prepared.geometry,
  };
}

/** Content type and file extension of a format (interface.md §4.1; docs/formats.md lists them all). */
export function formatFile(format: Format): { contentType: string; ext: string } {
  const spec = RENDERERS[format]!;
  return { contentType: spec.type, ext: spec.ext };
}

/** Several prepared PDF renders as one document, one after another (the batch's pdf bundle). */
export async function renderPdfBundle(prepared: readonly PreparedRender[], assets: AssetLoader): Promise<Uint8Array> {
  const { renderPdfDocument } = await import("./render/pdf.ts");
  return renderPdfDocument(prepared.map((p) => p.geometry), { assets, pages: prepared.every((p) => p.context.pages) });
}



export { EngineError } from "./errors.ts";
export { decodeSourceBytes, type DecodedSource, type SourceEncoding } from "./source-bytes.ts";
export { FONT_NAMES, parseFont, type FontChoice, type FontId } from "./fonts.ts";
export type { FunctionError } from "./errors.ts";
export type { OmittedStatement } from "./frontends/setup.ts";
export type { Geometry } from "./geometry/types.ts";
export type { ChartTree } from "./tree/schema.ts";

/**
 * The whole assignment as one document (issue 26): several sources → the blocks of a report, in
 * reading order, which the three paged renderers (report/docx.ts, pdf.ts, typst.ts) draw.
 *
 * Every file's charts are laid out together (one layout of the joined chart trees), so the document
 * chooses one module for all of them (layout/fit/fit-document.ts): the same block size and font in
 * every figure, as teachers ask. Each part of a split chart is a figure of its own: the first
 * captioned under it («Рисунок Б.1 – Схема алгоритму функції main()»), each later one headed
 * «Продовження рисунка Б.1» above it (report-conventions.md). A file that cannot be read or drawn
 * keeps its place: a note where its figures would be, and an entry in `skipped`.
 */
import type { AssetLoader } from "../assets.ts";
import { EngineError, type FunctionError } from "../errors.ts";
import { parseFont, type FontChoice } from "../fonts.ts";
import { CAPTION_GAP } from "../geometry/style.ts";
import type { Box, ChartGeometry, Geometry, Part } from "../geometry/types.ts";
import { decodeSource, readSource, requestOptions, type ReadSource } from "../index.ts";
import { layoutCharts } from "../layout/index.ts";
import { drawnRegion } from "../layout/sheets.ts";
import { lineHeightMm } from "../text/measure.ts";
import { dropUndrawable } from "../text/drawable.ts";
import { wrapText } from "../text/wrap.ts";
import type { ChartTree } from "../tree/schema.ts";
import { appendixLetter } from "./letters.ts";
import { listingLines } from "./listing.ts";
import { ReportOptionsSchema, resolveReportOptions, type ResolvedReportOptions } from "./options.ts";
import { TEXT_PITCH, TEXT_SIZE, USABLE } from "./page.ts";

export interface ReportSource {
  /** Source text or a file's bytes (decoded as every host decodes them), or a native tree as JSON. */
  code: string | Uint8Array;
  lang: string;
  /** The file's name, shown in its listing's caption («Файл main.cpp»). */
  name: string;
  /** Shown instead of «Файл <name>» in its listing caption and (inline) its section heading. */
  title?: string;
  /** Only this function's charts. */
  fn?: string;
  /** The host could not get the file (a link that failed, a name without a language): why. It keeps its place in the document. */
  unavailable?: string;
}

export interface ReportInput {
  sources: readonly ReportSource[];
  /** Chart options (interface.md §2.3), the same for every file. */
  options?: unknown;
  /** The charts' font (interface §2.1 `font`); the report's text stays Times New Roman. */
  font?: string;
  /** ReportOptions (options.ts). */
  report?: unknown;
}

/** A figure of the report: one chart part, placed whole on one page. */
export interface ReportFigure {
  geometry: Geometry;
  chart: ChartGeometry;
  parts: Part[];
  /** The drawn region in geometry mm and the scale to paper (≤ 1). */
  region: Box;
  scale: number;
  /** The drawing's height on paper, mm. */
  height: number;
  /** «Продовження рисунка Б.1» above a continuation; "" for a chart's first part. */
  above: string;
  /** The caption's lines under the first part (wrapped to the usable width); none under a continuation. */
  below: string[];
}

export type ReportBlock =
  /** Starts a page: «ДОДАТОК А» (bold) and its title on the next line, both centred. */
  | { kind: "appendix"; heading: string; title: string }
  /** inline: the assignment's heading lines, centred (the first bold). */
  | { kind: "title"; lines: string[] }
  /** inline: a file's section heading, bold, with the first-line indent. */
  | { kind: "section"; text: string }
  /** A listing's caption, above it, flush left. */
  | { kind: "listingCaption"; text: string }
  | { kind: "listing"; lines: string[] }
  | { kind: "figure"; figure: ReportFigure }
  /** A file or function that could not be drawn, in its place. */
  | { kind: "note"; text: string };

export interface SkippedSource {
  /** The source's position in the request, from 0. */
  index: number;
  name: string;
  /** The function not drawn; absent when the whole file was not. */
  fn?: string;
  error: string;
}

export interface ReportDocument {
  blocks: ReportBlock[];
  options: ResolvedReportOptions;
  /** Charts drawn: what the report is charged. */
  charts: number;
  skipped: SkippedSource[];
  /** Functions drawn around statements the parser could not read. */
  recovered: SkippedSource[];
  /** The font the charts were drawn with. */
  font: FontChoice;
}

/** Read one file; its failure is kept, not thrown (the report goes on without its charts). */
interface ReadFile {
  source: ReportSource;
  /** The text for its listing (null when the bytes are not text). */
  text: string | null;
  read: ReadSource | EngineError;
  charts: ChartGeometry[];
  /** Each chart's title in its caption: the chart's own, with the file named when another file's chart has the same one. */
  titles: string[];
}

/** The largest report: as many files as a batch (interface.md §8). */
export const REPORT_MAX_SOURCES = 100;

function parseReportOptions(raw: unknown): ResolvedReportOptions {
  const parsed = ReportOptionsSchema.safeParse(raw ?? {});
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `report${i.path.map((p) => `.${String(p)}`).join("")}: ${i.message}`);
    throw new EngineError("bad_request", `invalid report options: ${issues.join("; ")}`);
  }
  return resolveReportOptions(parsed.data);
}

function asEngineError(e: unknown): EngineError {
  if (e instanceof EngineError) return e;
  return new EngineError("render_failed", e instanceof Error ? e.message : String(e));
}

/** Reads every source, lays all their charts out as one document, and writes the report's blocks. */
export async function buildReport(input: ReportInput, assets: AssetLoader): Promise<ReportDocument> {
  if (input.sources.length === 0) throw new EngineError("bad_request", "a report needs at least one source");
  if (input.sources.length > REPORT_MAX_SOURCES) throw new EngineError("bad_request", `a report takes at most ${REPORT_MAX_SOURCES} sources`);
  const report = parseReportOptions(input.report);
  const options = await requestOptions(input.options);
  // The report numbers the figures itself: the layout's caption is only the chart's title.
  options.texts = { ...options.texts, capFormat: "{text}" };
  const font = parseFont(input.font);

  const files: ReadFile[] = [];
  for (const source of input.sources) {
    let text: string | null = null;
    let read: ReadSource | EngineError;
    try {
      if (source.unavailable !== undefined) throw new EngineError("bad_request", source.unavailable);
      text = decodeSource(source.code);
      read = await readSource({ code: text, lang: source.lang, fn: source.fn }, options, assets);
    } catch (e) {
      read = asEngineError(e);
    }
    files.push({ source, text, read, charts: [], titles: [] });
  }

  // One layout of every file's charts: one module and font for the whole document.
  const tree: ChartTree = files.flatMap((f) => (f.read instanceof EngineError ? [] : f.read.tree));
  let geometry: Geometry | null = null;
  if (tree.length > 0) {
    await dropUndrawable(tree, font.id);
    geometry = layoutCharts(tree, options, true, font.id);
    let next = 0;
    for (const f of files) {
      if (f.read instanceof EngineError) continue;
      f.charts = geometry.charts.slice(next, next + f.read.tree.length);
      next += f.read.tree.length;
    }
  }

  // Two programs of one assignment are both «Схема алгоритму програми»: their captions name their files.
  const seen = new Map<string, number>();
  for (const c of geometry?.charts ?? []) seen.set(c.caption.text, (seen.get(c.caption.text) ?? 0) + 1);
  for (const f of files) f.titles = f.charts.map((c) => (seen.get(c.caption.text)! > 1 ? `${c.caption.text} (файл ${f.source.name})` : c.caption.text));

  const skipped: SkippedSource[] = [];
  const recovered: SkippedSource[] = [];
  files.forEach((f, index) => {
    const name = f.source.name;
    if (f.read instanceof EngineError) return skipped.push({ index, name, error: f.read.message });
    for (const e of f.read.errors) (e.recovered ? recovered : skipped).push({ index, name, fn: e.name, error: e.message });
  });

  const blocks = report.layout === "inline" ? inlineBlocks(files, report, geometry) : appendixBlocks(files, report, geometry);
  return { blocks, options: report, charts: geometry?.charts.length ?? 0, skipped, recovered, font };
}

const fileTitle = (s: ReportSource): string => s.title ?? `Файл ${s.name}`;

/** «Продовження рисунка Б.1» (or «Продовження рис. Б.1» where captions say «Рис.»). */
function continuationCaption(o: ResolvedReportOptions, label: string): string {
  return `Продовження ${o.figureWord === "Рис." ? "рис." : "рисунка"} ${label}`;
}

/** The figures of one chart: each part placed whole on a page, scaled down only if it must. */
function chartFigures(g: Geometry, chart: ChartGeometry, title: string, label: string, o: ResolvedReportOptions): ReportFigure[] {
  const caption = `${o.figureWord} ${label} ${o.dash} ${title}`;
  return chart.parts.map((part, i) => {
    const parts = [part];
    const below = i === 0 ? wrapText(caption, USABLE.width, TEXT_SIZE) : [];
    const above = i === 0 ? "" : continuationCaption(o, label);
    const captions = below.length * lineHeightMm(TEXT_SIZE) + (above === "" ? 0 : TEXT_PITCH) + CAPTION_GAP;
    const region = drawnRegion(parts, g.stroke);
    const fit = Math.min(USABLE.width / Math.max(region.w, 1e-9), (USABLE.height - captions) / Math.max(region.h, 1e-9));
    const scale = fit >= 1 ? 1 : fit;
    return { geometry: g, chart, parts, region, scale, height: region.h * scale, above, below };
  });
}

/** The figures of a file, numbered from `first` after `prefix` («Б.», «1.»), or its note when it has none. */
function fileFigures(f: ReadFile, g: Geometry | null, o: ResolvedReportOptions, prefix: string, first: number): ReportBlock[] {
  const out: ReportBlock[] = [];
  if (f.read instanceof EngineError) {
    out.push({ kind: "note", text: `${fileTitle(f.source)}: схему алгоритму не побудовано (${f.read.message}).` });
    return out;
  }
  f.charts.forEach((chart, i) => {
    for (const figure of chartFigures(g!, chart, f.titles[i]!, `${prefix}${first + i}`, o)) out.push({ kind: "figure", figure });
  });
  for (const e of notDrawn(f.read.errors)) {
    out.push({ kind: "note", text: `${fileTitle(f.source)}: ${e.name ? `функцію ${e.name}` : "частину програми"} не намальовано (${e.message}).` });
  }
  return out;
}

const notDrawn = (errors: readonly FunctionError[]): FunctionError[] => errors.filter((e) => !e.recovered);

function listing(f: ReadFile, label: string, o: ResolvedReportOptions): ReportBlock[] {
  const caption: ReportBlock = { kind: "listingCaption", text: `Лістинг ${label} ${o.dash} ${fileTitle(f.source)}` };
  if (f.text === null) {
    const why = f.read instanceof EngineError ? f.read.message : "not text";
    return [caption, { kind: "note", text: `Лістинг файлу ${f.source.name} не наведено (${why}).` }];
  }
  return [caption, { kind: "listing", lines: listingLines(f.text) }];
}

/** «ДОДАТОК А – Лістинг програми» with every file's listing, then «ДОДАТОК Б – Схеми алгоритмів» with every figure. */
function appendixBlocks(files: readonly ReadFile[], o: ResolvedReportOptions, g: Geometry | null): ReportBlock[] {
  const blocks: ReportBlock[] = [];
  let n = 0;
  if (o.listings) {
    const letter = appendixLetter(o.firstAppendix, n++);
    blocks.push({ kind: "appendix", heading: `ДОДАТОК ${letter}`, title: "Лістинг програми" });
    files.forEach((f, i) => blocks.push(...listing(f, `${letter}.${o.firstFigure + i}`, o)));
  }
  const letter = appendixLetter(o.firstAppendix, n);
  const charts = files.reduce((sum, f) => sum + f.charts.length, 0);
  blocks.push({ kind: "appendix", heading: `ДОДАТОК ${letter}`, title: charts === 1 ? "Схема алгоритму" : "Схеми алгоритмів" });
  let figure = o.firstFigure;
  for (const f of files) {
    blocks.push(...fileFigures(f, g, o, `${letter}.`, figure));
    figure += f.charts.length;
  }
  return blocks;
}

/** A section per file: its heading, its listing «Лістинг 1.1», its figures «Рисунок 1.1», «Рисунок 1.2» … */
function inlineBlocks(files: readonly ReadFile[], o: ResolvedReportOptions, g: Geometry | null): ReportBlock[] {
  const blocks: ReportBlock[] = [];
  const who = [o.student, o.group && `група ${o.group}`, o.variant && `варіант ${o.variant}`].filter((s): s is string => !!s);
  const title = [o.title, who.join(", ")].filter((s): s is string => !!s);
  if (title.length > 0) blocks.push({ kind: "title", lines: title });
  files.forEach((f, i) => {
    const section = o.firstSection + i;
    blocks.push({ kind: "section", text: `${section} ${fileTitle(f.source)}` });
    if (o.listings) blocks.push(...listing(f, `${section}.${o.firstFigure}`, o));
    blocks.push(...fileFigures(f, g, o, `${section}.`, o.firstFigure));
  });
  return blocks;
}

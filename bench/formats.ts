/**
 * Output-format benchmark (issue 4): the MEDIUM chart of bench/program.ts (program(6): one tall
 * function, ~57 blocks, ~1.5 m unsplit) in every format, unsplit and with split: true.
 *  - warm: `render()` end to end (source → file) and the renderer alone (geometry → file), after
 *    warm-up, median and p95 (≥ 30 runs; PNG fewer: unsplit it is a ~17 000 px tall bitmap);
 *  - PNG at scale 3 also for page-sized charts: examples/grade.py's `grade` function and one part of
 *    the split medium chart (what the ≤ 40 ms target means);
 *  - 100 medium charts (split, one page per part) into ONE PDF with renderPdfDocument;
 *  - cold: the first render() after process start, per format, each in a fresh child process
 *    (`bun bench/formats.ts --cold <format>`), module import timed separately.
 * Run: `bun bench/formats.ts` (npm run bench:formats); figures go into BENCHMARKS.md.
 */
import { readFileSync } from "node:fs";
import { program } from "./program.ts";

type Fmt = "svg" | "json" | "png" | "pdf" | "docx" | "typst" | "excalidraw";
const FORMATS: Fmt[] = ["svg", "json", "png", "pdf", "docx", "typst", "excalidraw"];
const MEDIUM = program(6);

if (process.argv[2] === "--cold") {
  const fmt = process.argv[3] as Fmt;
  const t0 = performance.now();
  const { render } = await import("../engine/index.ts");
  const { bunAssets } = await import("../hosts/bun.ts");
  const t1 = performance.now();
  await render({ code: MEDIUM, lang: "python", format: fmt, scale: fmt === "png" ? 3 : undefined, split: true }, bunAssets);
  const t2 = performance.now();
  console.log(JSON.stringify({ importMs: t1 - t0, firstRenderMs: t2 - t1, sinceStartMs: t2 }));
  process.exit(0);
}

const { render } = await import("../engine/index.ts");
const { bunAssets } = await import("../hosts/bun.ts");
const { renderSvg } = await import("../engine/render/svg.ts");
const { renderJson } = await import("../engine/render/json.ts");
const { renderPng } = await import("../engine/render/png.ts");
const { renderPdf, renderPdfDocument } = await import("../engine/render/pdf.ts");
const { renderDocx } = await import("../engine/render/docx.ts");
const { renderTypst } = await import("../engine/render/typst.ts");
const { renderExcalidraw } = await import("../engine/render/excalidraw.ts");
type Geometry = import("../engine/geometry/types.ts").Geometry;
type RenderContext = import("../engine/render/types.ts").RenderContext;

const RENDERERS: Record<Fmt, (g: Geometry, c: RenderContext) => Promise<string | Uint8Array> | string> = {
  svg: (g) => renderSvg(g),
  json: (g) => renderJson(g),
  png: renderPng,
  pdf: renderPdf,
  docx: renderDocx,
  typst: renderTypst,
  excalidraw: renderExcalidraw,
};
const PAGED = new Set<Fmt>(["pdf", "docx", "typst"]);

interface Stat {
  median: number;
  p95: number;
  runs: number;
}
async function time(warmup: number, runs: number, work: () => unknown): Promise<Stat> {
  const samples: number[] = [];
  for (let i = 0; i < warmup + runs; i++) {
    const start = performance.now();
    await work();
    if (i >= warmup) samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  return { median: at(0.5), p95: at(0.95), runs };
}
const ms = (n: number) => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2));
const RUNS = 30;
const WARMUP = 10;

async function geometryOf(code: string, split: boolean, fn?: string): Promise<Geometry> {
  const r = await render({ code, lang: "python", format: "json", split, fn }, bunAssets);
  return JSON.parse(r.file.data as string) as Geometry;
}

const rows: string[] = [];
const out = (s: string) => {
  console.log(s);
  rows.push(s);
};

const geoms = { false: await geometryOf(MEDIUM, false), true: await geometryOf(MEDIUM, true) };
const blocks = geoms.false.charts[0]!.parts.reduce((n, p) => n + p.shapes.length, 0);
console.log(`medium: ${blocks} blocks, unsplit canvas ${geoms.false.width.toFixed(0)} × ${geoms.false.height.toFixed(0)} mm; split: ${geoms.true.charts[0]!.parts.length} parts`);

out("| format | split | render() median | render() p95 | renderer only median | renderer only p95 | runs |");
out("|---|---|---:|---:|---:|---:|---:|");
const warm: Record<string, Stat> = {};
for (const fmt of FORMATS) {
  for (const split of [false, true]) {
    const png = fmt === "png";
    const runs = png ? (split ? 15 : 5) : RUNS;
    const warmup = png ? 2 : WARMUP;
    const g = geoms[String(split) as "true" | "false"];
    const ctx: RenderContext = { assets: bunAssets, scale: 3, fragment: false, pages: split && PAGED.has(fmt) };
    const whole = await time(warmup, runs, () => render({ code: MEDIUM, lang: "python", format: fmt, split, scale: png ? 3 : undefined }, bunAssets));
    const only = await time(warmup, runs, () => RENDERERS[fmt](g, ctx));
    warm[`${fmt}:${split}`] = only;
    out(`| ${fmt}${png ? " (scale 3)" : ""} | ${split} | ${ms(whole.median)} ms | ${ms(whole.p95)} ms | ${ms(only.median)} ms | ${ms(only.p95)} ms | ${runs} |`);
  }
}

// PNG at scale 3 for page-sized charts.
const GRADE = readFileSync(new URL("../examples/grade.py", import.meta.url), "utf8");
const gradeG = await geometryOf(GRADE, false, "grade");
const part = geoms.true.charts[0]!.parts[0]!;
const partG: Geometry = { ...geoms.true, width: part.x + part.width, height: part.y + part.height, charts: [{ ...geoms.true.charts[0]!, parts: [part] }] };
const pngCtx: RenderContext = { assets: bunAssets, scale: 3, fragment: false, pages: false };
out("");
out("| PNG scale 3, page-sized | canvas | render() median | render() p95 | renderer only median | renderer only p95 | runs |");
out("|---|---|---:|---:|---:|---:|---:|");
{
  const whole = await time(WARMUP, RUNS, () => render({ code: GRADE, lang: "python", format: "png", fn: "grade", scale: 3 }, bunAssets));
  const only = await time(WARMUP, RUNS, () => renderPng(gradeG, pngCtx));
  out(`| grade.py \`grade\` | ${gradeG.width.toFixed(0)} × ${gradeG.height.toFixed(0)} mm | ${ms(whole.median)} ms | ${ms(whole.p95)} ms | ${ms(only.median)} ms | ${ms(only.p95)} ms | ${RUNS} |`);
  warm["png:grade"] = only;
  const onlyPart = await time(WARMUP, RUNS, () => renderPng(partG, pngCtx));
  out(`| medium, split part 1 (whole canvas width, part height) | ${partG.width.toFixed(0)} × ${partG.height.toFixed(0)} mm | – | – | ${ms(onlyPart.median)} ms | ${ms(onlyPart.p95)} ms | ${RUNS} |`);
  warm["png:part"] = onlyPart;
}

// 100 medium charts into one PDF.
const hundred: Geometry[] = [];
for (let i = 0; i < 100; i++) hundred.push(await geometryOf(MEDIUM.replace("def work(", `def work${i}(`), true));
const pdf100 = await time(2, 10, () => renderPdfDocument(hundred, { assets: bunAssets, pages: true }));
const pdf100Total = await time(1, 5, async () => {
  const gs: Geometry[] = [];
  for (let i = 0; i < 100; i++) gs.push((await render({ code: MEDIUM.replace("def work(", `def work${i}(`), lang: "python", format: "json", split: true }, bunAssets)).geometry);
  return renderPdfDocument(gs, { assets: bunAssets, pages: true });
});
const bytes = (await renderPdfDocument(hundred, { assets: bunAssets, pages: true })).length;
out("");
out(`100 medium charts (split) → one PDF (${(bytes / 1024).toFixed(0)} KiB): renderPdfDocument median ${ms(pdf100.median)} ms, p95 ${ms(pdf100.p95)} ms (10 runs); with parsing and layout of the 100 sources: median ${ms(pdf100Total.median)} ms (5 runs)`);

// Cold: first render after process start, each format in its own process.
out("");
out("| format (split: true) | cold: module import | cold: first render() | warm renderer median |");
out("|---|---:|---:|---:|");
for (const fmt of FORMATS) {
  const samples: { importMs: number; firstRenderMs: number }[] = [];
  for (let i = 0; i < 3; i++) {
    const p = Bun.spawnSync(["bun", import.meta.path, "--cold", fmt], { stdout: "pipe", stderr: "pipe" });
    if (p.exitCode !== 0) throw new Error(`cold ${fmt}: ${p.stderr.toString()}`);
    samples.push(JSON.parse(p.stdout.toString().trim().split("\n").pop()!));
  }
  const med = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  out(`| ${fmt} | ${ms(med(samples.map((s) => s.importMs)))} ms | ${ms(med(samples.map((s) => s.firstRenderMs)))} ms | ${ms(warm[`${fmt}:true`]!.median)} ms |`);
}

const target = (label: string, got: number, limit: number) =>
  out(`- ${label}: ${ms(got)} ms vs ≤ ${limit} ms — ${got <= limit ? "met" : "NOT met"}`);
out("");
out("Targets (renderer alone, warm median):");
target("PNG scale 3, medium unsplit (1.5 m bitmap)", warm["png:false"]!.median, 40);
target("PNG scale 3, grade.py `grade` (page-sized)", warm["png:grade"]!.median, 40);
target("PNG scale 3, one split part", warm["png:part"]!.median, 40);
target("PDF, medium split", warm["pdf:true"]!.median, 25);
target("PDF, medium unsplit", warm["pdf:false"]!.median, 25);
target("DOCX, medium split", warm["docx:true"]!.median, 20);
target("DOCX, medium unsplit", warm["docx:false"]!.median, 20);
target("Typst, medium split", warm["typst:true"]!.median, 3);
target("Typst, medium unsplit", warm["typst:false"]!.median, 3);
target("Excalidraw, medium split", warm["excalidraw:true"]!.median, 3);
target("Excalidraw, medium unsplit", warm["excalidraw:false"]!.median, 3);
target("100 medium charts → one PDF", pdf100.median, 1500);

/**
 * PNG micro-benchmark (the ≤ 40 ms target of bench/formats.ts): page-sized charts at scale 3 —
 * examples/grade.py's `grade` and part 1 of the split medium chart (program(6)) — rendered warm by
 * renderPng: median, p95 and min over N runs after 10 warm-up runs; then the same render split into
 * phases (steps mirroring engine/render/png.ts); `--cold` times the first render in a fresh process.
 * The machine's other load shows in the medians and p95s more than in the mins.
 * Run: `bun bench/png.ts [runs]` (default 60), `bun bench/png.ts --cold`.
 */
import { readFileSync } from "node:fs";
import { program } from "./program.ts";

const t0 = performance.now();
const { render } = await import("../engine/index.ts");
const { bunAssets } = await import("../hosts/bun.ts");
const { renderPng, ensureResvg, resvgOptions } = await import("../engine/render/png.ts");
const importMs = performance.now() - t0;

type Geometry = import("../engine/geometry/types.ts").Geometry;
type RenderContext = import("../engine/render/types.ts").RenderContext;
const ctx: RenderContext = { assets: bunAssets, scale: 3, fragment: false, pages: false };
const GRADE = readFileSync(new URL("../examples/grade.py", import.meta.url), "utf8");

async function geometryOf(code: string, split: boolean, fn?: string): Promise<Geometry> {
  return (await render({ code, lang: "python", format: "json", split, fn }, bunAssets)).geometry;
}

if (process.argv[2] === "--cold") {
  // First PNG in a fresh process (WASM compile, fonts), after the geometry is made.
  const g = await geometryOf(GRADE, false, "grade");
  const t1 = performance.now();
  await renderPng(g, ctx);
  const t2 = performance.now();
  await renderPng(g, ctx);
  console.log(JSON.stringify({ importMs, firstMs: t2 - t1, secondMs: performance.now() - t2 }));
  process.exit(0);
}

const { renderSvg } = await import("../engine/render/svg.ts");
const { loadFonts } = await import("../engine/render/fonts.ts");
const { Resvg } = await import("@resvg/resvg-wasm");
const { scanlinesOnWhite, writePng } = await import("../engine/render/png-encode.ts");

const RUNS = Number(process.argv[2] ?? 60);
const split = await geometryOf(program(6), true);
const part = split.charts[0]!.parts[0]!;
const charts: Record<string, Geometry> = {
  "grade.py grade": await geometryOf(GRADE, false, "grade"),
  "medium split, part 1": { ...split, width: part.x + part.width, height: part.y + part.height, charts: [{ ...split.charts[0]!, parts: [part] }] },
};

function stat(xs: number[]): { median: number; p95: number; min: number } {
  const s = [...xs].sort((a, b) => a - b);
  return { median: s[Math.floor(s.length / 2)]!, p95: s[Math.min(s.length - 1, Math.floor(0.95 * s.length))]!, min: s[0]! };
}
const f = (n: number) => n.toFixed(1);

await ensureResvg(bunAssets);
for (const [name, g] of Object.entries(charts)) {
  const out = (await renderPng(g, ctx)) as Uint8Array;
  const view = new DataView(out.buffer, out.byteOffset);
  for (let i = 0; i < 10; i++) await renderPng(g, ctx);
  const xs: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await renderPng(g, ctx);
    xs.push(performance.now() - t);
  }
  const s = stat(xs);
  console.log(
    `${name}: ${g.width.toFixed(0)} × ${g.height.toFixed(0)} mm → ${view.getUint32(16)} × ${view.getUint32(20)} px, ${(out.length / 1024).toFixed(1)} KiB; ` +
      `renderPng median ${f(s.median)} ms, p95 ${f(s.p95)} ms, min ${f(s.min)} ms (${RUNS} runs)`,
  );

  // Phases, mirroring renderPng.
  const fonts = await loadFonts(bunAssets);
  const phases: Record<string, number[]> = {};
  const lap = (() => {
    let last = 0;
    return (label: string | null) => {
      const now = performance.now();
      if (label) (phases[label] ??= []).push(now - last);
      last = now;
    };
  })();
  for (let i = 0; i < RUNS + 10; i++) {
    lap(null);
    const svg = renderSvg(g, { paper: false });
    lap("SVG");
    const resvg = new Resvg(svg, resvgOptions(3, fonts, [fonts.main.bytes]));
    lap("resvg parse + text layout");
    const image = resvg.render();
    lap("resvg rasterise");
    const { width, height } = image;
    const px = image.pixels;
    lap("pixels");
    const lines = scanlinesOnWhite(px, width, height);
    lap("greyscale scanlines");
    image.free();
    resvg.free();
    lap("free");
    await writePng(lines);
    lap("zlib + PNG chunks");
    if (i < 10) for (const k of Object.keys(phases)) phases[k]!.pop();
  }
  for (const [k, v] of Object.entries(phases)) {
    const p = stat(v);
    console.log(`  ${k.padEnd(28)} median ${f(p.median).padStart(5)} ms, p95 ${f(p.p95).padStart(5)} ms, min ${f(p.min).padStart(5)} ms`);
  }
}

/**
 * Engine benchmark: small (~10 blocks), medium (~60) and large (~300) Python functions rendered to
 * SVG and JSON in process, warm. Each stage is timed in its own loop (warm-up first), so one stage's
 * garbage does not land in another's figures; "end to end" is the public entry point `render()`
 * (source → SVG file) timed as a whole. Prints median and p95, the large/medium ratio, and the peak
 * RSS of rendering 1000 medium charts (bench/memory.ts). Run: `bun run bench`; figures go into
 * BENCHMARKS.md.
 */
import { parsePython } from "../engine/frontends/python/index.ts";
import { getParser } from "../engine/frontends/tree-sitter.ts";
import { bunAssets } from "../hosts/bun.ts";
import { render } from "../engine/index.ts";
import { layoutCharts } from "../engine/layout/index.ts";
import { resolveOptions } from "../engine/options.ts";
import { renderJson } from "../engine/render/json.ts";
import { renderSvg } from "../engine/render/svg.ts";
import { program } from "./program.ts";

const WARMUP = 30;
const options = resolveOptions({});
const parser = await getParser(bunAssets, "tree-sitter-python.wasm");

async function time(runs: number, work: () => unknown): Promise<{ median: number; p95: number }> {
  const samples: number[] = [];
  for (let i = 0; i < WARMUP + runs; i++) {
    const start = performance.now();
    await work();
    if (i >= WARMUP) samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
  return { median: at(0.5), p95: at(0.95) };
}

const fmt = (ms: number) => `${ms.toFixed(3)} ms`.padStart(10);

async function measure(name: string, units: number, runs: number): Promise<{ blocks: number; total: number }> {
  const code = program(units);
  const { tree } = await parsePython(code, options, bunAssets);
  const geometry = layoutCharts(tree, options, false);
  const blocks = geometry.charts.reduce((n, c) => n + c.parts.reduce((m, p) => m + p.shapes.length, 0), 0);
  console.log(`${name}: ${blocks} blocks, ${code.split("\n").length - 1} lines, ${runs} warm runs per stage`);
  const rows: [string, () => unknown][] = [
    ["parse (tree-sitter)", () => parser.parse(code)!.delete()],
    ["parse + tree (Python front-end)", () => parsePython(code, options, bunAssets)],
    ["layout", () => layoutCharts(tree, options, false)],
    ["SVG", () => renderSvg(geometry)],
    ["JSON", () => renderJson(geometry)],
    ["end to end: render() → SVG", () => render({ code, lang: "python", format: "svg" }, bunAssets)],
  ];
  let total = 0;
  for (const [label, work] of rows) {
    const { median, p95 } = await time(runs, work);
    console.log(`  ${label.padEnd(32)} median ${fmt(median)}   p95 ${fmt(p95)}`);
    total = median;
  }
  return { blocks, total };
}

await measure("small", 1, 300);
const medium = await measure("medium", 6, 300);
const large = await measure("large", 30, 100);
console.log(
  `large/medium end to end: time ×${(large.total / medium.total).toFixed(2)} for blocks ×${(large.blocks / medium.blocks).toFixed(2)}`,
);

// Memory: each variant in a fresh process (bench/memory.ts), so one does not inherit the other's heap.
for (const args of [["hint"], []]) {
  const child = Bun.spawnSync(["bun", new URL("./memory.ts", import.meta.url).pathname, ...args]);
  process.stdout.write(child.stdout.toString());
}

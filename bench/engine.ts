/**
 * Engine benchmark: small (~10 blocks), medium (~60) and large (~300) Python functions rendered to
 * SVG and JSON in process, warm. Prints median and p95 per stage, the large/medium ratio, and the
 * peak RSS of rendering 1000 medium charts (bench/memory.ts). Run: `bun run bench`. Figures go into BENCHMARKS.md.
 */
import { parsePython } from "../engine/frontends/python/index.ts";
import { getParser } from "../engine/frontends/tree-sitter.ts";
import { bunAssets } from "../engine/hosts/bun.ts";
import { layoutCharts } from "../engine/layout/index.ts";
import { resolveOptions } from "../engine/options.ts";
import { renderJson } from "../engine/render/json.ts";
import { renderSvg } from "../engine/render/svg.ts";
import { program } from "./program.ts";

function stats(samples: number[]): { median: number; p95: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), p95: at(0.95) };
}

const fmt = (ms: number) => `${ms.toFixed(3)} ms`;
const options = resolveOptions({});
const parser = await getParser(bunAssets, "tree-sitter-python.wasm");

async function measure(name: string, code: string, runs: number) {
  const t = { parse: [] as number[], frontend: [] as number[], layout: [] as number[], svg: [] as number[], json: [] as number[], total: [] as number[] };
  let blocks = 0;
  for (let i = 0; i < runs + 20; i++) {
    const warm = i >= 20;
    let s = performance.now();
    parser.parse(code)!.delete();
    const parse = performance.now() - s;
    s = performance.now();
    const { tree } = await parsePython(code, options, bunAssets);
    const frontend = performance.now() - s;
    s = performance.now();
    const g = layoutCharts(tree, options, false);
    const layout = performance.now() - s;
    s = performance.now();
    renderSvg(g);
    const svg = performance.now() - s;
    s = performance.now();
    renderJson(g);
    const json = performance.now() - s;
    blocks = g.charts.reduce((n, c) => n + c.parts.reduce((m, p) => m + p.shapes.length, 0), 0);
    if (warm) {
      t.parse.push(parse);
      t.frontend.push(frontend);
      t.layout.push(layout);
      t.svg.push(svg);
      t.json.push(json);
      t.total.push(frontend + layout + svg);
    }
  }
  const row = (label: string, xs: number[]) => {
    const { median, p95 } = stats(xs);
    console.log(`  ${label.padEnd(34)} median ${fmt(median).padStart(10)}   p95 ${fmt(p95).padStart(10)}`);
    return median;
  };
  console.log(`${name}: ${blocks} blocks, ${runs} warm runs`);
  row("parse (tree-sitter only)", t.parse);
  const fe = row("parse + tree (Python front-end)", t.frontend);
  row("layout", t.layout);
  row("SVG", t.svg);
  row("JSON", t.json);
  const total = row("end to end (front-end+layout+SVG)", t.total);
  return { blocks, total, fe };
}

const small = await measure("small", program(1), 300);
const medium = await measure("medium", program(6), 300);
const large = await measure("large", program(30), 100);
console.log(
  `large/medium: time ×${(large.total / medium.total).toFixed(2)} for blocks ×${(large.blocks / medium.blocks).toFixed(2)}`,
);

// Memory: each variant in a fresh process (bench/memory.ts), so one does not inherit the other's heap.
for (const args of [["hint"], []]) {
  const child = Bun.spawnSync(["bun", new URL("./memory.ts", import.meta.url).pathname, ...args]);
  process.stdout.write(child.stdout.toString());
}
void small;

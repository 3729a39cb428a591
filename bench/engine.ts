/**
 * Engine benchmark: small (~10 blocks), medium (~60) and large (~300) Python functions rendered to
 * SVG and JSON in process, warm. Prints median and p95 per stage, the large/medium ratio, and the
 * peak RSS of rendering 1000 medium charts. Run: `bun run bench`. Figures go into BENCHMARKS.md.
 */
import { parsePython } from "../engine/frontends/python/index.ts";
import { getParser } from "../engine/frontends/tree-sitter.ts";
import { bunAssets } from "../engine/hosts/bun.ts";
import { layoutCharts } from "../engine/layout/index.ts";
import { resolveOptions } from "../engine/options.ts";
import { renderJson } from "../engine/render/json.ts";
import { renderSvg } from "../engine/render/svg.ts";
import { render } from "../engine/index.ts";

/** One unit of ~10 blocks of typical lab code; `units` of them make a function. */
function program(units: number): string {
  const lines = ["def work(a, n):", "    total = 0"];
  for (let u = 0; u < units; u++) {
    lines.push(
      `    x${u} = int(input("x${u} = "))`,
      `    if x${u} > total:`,
      `        total = total + x${u}`,
      `    else:`,
      `        print("skip", x${u})`,
      `    for i in range(1, n + 1):`,
      `        if a[i] % 2 == 0:`,
      `            continue`,
      `        total += a[i] * i`,
      `    while total > 1000:`,
      `        total //= 2`,
    );
  }
  lines.push("    return total");
  return lines.join("\n") + "\n";
}

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

// Memory: 1000 medium charts through the public entry point, RSS sampled after each.
const mediumCode = program(6);
let peak = process.memoryUsage().rss;
for (let i = 0; i < 1000; i++) {
  await render({ code: mediumCode, lang: "python", format: i % 2 ? "svg" : "json" }, bunAssets);
  if (i % 10 === 0) peak = Math.max(peak, process.memoryUsage().rss);
}
peak = Math.max(peak, process.memoryUsage().rss);
console.log(`peak RSS over 1000 medium renders: ${(peak / 1024 / 1024).toFixed(1)} MB`);
void small;

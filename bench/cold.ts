/**
 * Cold-start benchmark (issue 14): the local render command as a whole process, again and again,
 * interleaved with Graphviz on the same chart, as a user meets it (every call a fresh process).
 *
 *  1. Whole process, interleaved (ours, dot, ours, dot, …) after warm-up runs: wall time (spawn to
 *     exit, measured here) and peak RSS (`/usr/bin/time -f %M`, separate untimed runs), medians and the median of
 *     the pairwise ratios. Charts: bench/program.ts's program(6) (57 blocks, "medium") and
 *     program(33) (300 blocks, "large"); the DOT file is the same chart's graph
 *     (bench/dot-export.ts). SVG vs `dot -Tsvg`, PNG at 96 dpi (scale 1) vs `dot -Tpng` (96 dpi by
 *     default); PDF and DOCX alone; PNG at the default scale for its memory.
 *  2. Where a cold render's time goes: a fresh child (this script built as an executable like the
 *     command, run as `PROBE --stages FORMAT`) times the runtime's start, the engine's import, the
 *     first render (front-end, layout, SVG), then — with the normal JIT policy, as a long-running
 *     process — a warm render, the format's renderer import, its WASM start, its first and warm
 *     renders, the large chart's first, second and warm render, and last the tree-sitter runtime's
 *     start with a grammar (what the other languages pay; Python has its own parser).
 *
 * Run: `npm run bench:cold` (builds the command first, scripts/bundle.ts, then times what
 * `npm run render` runs: `dist/skhema render --local`). `--source` times `bun cli/main.ts` instead,
 * `--runs N` sets the counted runs per command (default 15), `--svg-only` times only the SVG and JSON
 * commands and the SVG breakdown. Wall and CPU time (the child's user + system) are both reported:
 * on a machine other work is loading, CPU time is the steadier one. Needs Graphviz (`dot`) on the PATH.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir, cpus, loadavg } from "node:os";
import { join } from "node:path";
import { program } from "./program.ts";

const REPO = new URL("../", import.meta.url).pathname;
const MEDIUM = program(6);
const LARGE = program(33);

type Format = "svg" | "json" | "png" | "pdf" | "docx" | "typst" | "excalidraw";

// ---------------------------------------------------------------- child: per-stage breakdown
if (process.argv[2] === "--stages") {
  const format = process.argv[3] as Format;
  const stages: [string, number][] = [];
  let last = performance.now();
  // From the process's time origin to this line: the runtime's own start and loading this program.
  stages.push(["process start → first line", last]);
  const mark = (name: string) => {
    const now = performance.now();
    stages.push([name, now - last]);
    last = now;
  };
  // The command's own asset loader (embedded files in the executable, files on disk from source).
  const [{ render, frontendFor }, { cliAssets }, { layoutCharts }, { renderSvg }, { resolveOptions, checkOptions }] = await Promise.all([
    import("../engine/index.ts"), import("../cli/assets.ts"), import("../engine/layout/index.ts"),
    import("../engine/render/svg.ts"), import("../engine/options.ts"),
  ]);
  mark("import engine + assets");
  // The first render, piece by piece (what render() does for SVG, without the request checks). The
  // Python front-end's own parser builds the syntax tree: no WebAssembly starts (tree-sitter's
  // start is timed at the end, for the languages that need it).
  const options = resolveOptions(checkOptions({})!);
  const front = await frontendFor("python")!(MEDIUM, options, cliAssets);
  mark("first render, medium: front-end (load, parse, chart tree)");
  const geometry = layoutCharts(front.tree, options, false);
  mark("first render, medium: layout");
  renderSvg(geometry);
  mark("first render, medium: SVG");
  const first = stages.slice(-3).reduce((sum, [, ms]) => sum + ms, 0);
  stages.push(["first render, medium SVG (the three above)", first]);
  // From here on the normal JIT policy, as in a long-running process (the executable starts with a
  // reluctant one for one-shot commands, scripts/build-cli.ts): warm figures are the engine's own.
  Bun.unsafe.setJITPolicy(1);
  const warm: number[] = [];
  for (let i = 0; i < 50; i++) {
    const t = performance.now();
    await render({ code: MEDIUM, lang: "python", format: "svg" }, cliAssets);
    if (i >= 30) warm.push(performance.now() - t);
  }
  last = performance.now();
  stages.push(["warm render, medium SVG (median of 20, after 30)", median(warm)]);
  if (format === "svg") {
    for (const name of ["first", "second"]) {
      await render({ code: LARGE, lang: "python", format: "svg" }, cliAssets);
      mark(`${name} render, large SVG`);
    }
    const warmLarge: number[] = [];
    for (let i = 0; i < 30; i++) {
      const t = performance.now();
      await render({ code: LARGE, lang: "python", format: "svg" }, cliAssets);
      if (i >= 20) warmLarge.push(performance.now() - t);
    }
    last = performance.now();
    stages.push(["warm render, large SVG (median of 10, after 22)", median(warmLarge)]);
    // What a C, C++, Java or C# source pays before its first parse (and Python where its own parser
    // declines): the tree-sitter runtime and a grammar, with the grammar's warm-up parse.
    const { getParser } = await import("../engine/frontends/tree-sitter.ts");
    last = performance.now();
    await getParser(cliAssets, "tree-sitter-c.wasm");
    mark("tree-sitter runtime + C grammar (+ its warm-up parse), not on the Python path");
  } else {
    const modules: Partial<Record<Format, () => Promise<unknown>>> = {
      png: () => import("../engine/render/png.ts"), pdf: () => import("../engine/render/pdf.ts"), docx: () => import("../engine/render/docx.ts"),
      typst: () => import("../engine/render/typst.ts"), excalidraw: () => import("../engine/render/excalidraw.ts"),
    };
    const load = modules[format];
    if (load) {
      await load();
      mark(`import ${format} renderer`);
      if (format === "png") {
        await (await import("../engine/render/png.ts")).ensureResvg(cliAssets);
        mark("resvg WASM start");
      }
    }
    const input = { code: MEDIUM, lang: "python", format, scale: format === "png" ? 1 : undefined };
    await render(input, cliAssets);
    mark(`first render, medium ${format}`);
    const warmF: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      await render(input, cliAssets);
      if (i >= 10) warmF.push(performance.now() - t);
    }
    last = performance.now();
    stages.push([`warm render, medium ${format} (median of 10, after 11)`, median(warmF)]);
  }
  console.log(JSON.stringify(stages));
  process.exit(0);
}

function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

// ---------------------------------------------------------------- parent
const args = process.argv.slice(2);
const source = args.includes("--source");
/** `--svg-only`: the SVG and JSON commands and the SVG breakdown (no PNG/PDF/DOCX, no server). */
const svgOnly = args.includes("--svg-only");
const runsAt = args.indexOf("--runs");
const RUNS = runsAt >= 0 ? Number(args[runsAt + 1]) : 15;
const WARMUP = 2;

const CLI = [...(source ? ["bun", join(REPO, "cli/main.ts")] : [await (await import("../scripts/bundle.ts")).bundle("cli")]), "render", "--local"];

const dir = mkdtempSync(join(tmpdir(), "skhema-cold-"));
process.on("exit", () => rmSync(dir, { recursive: true, force: true }));

const { render } = await import("../engine/index.ts");
const { bunAssets } = await import("../hosts/bun.ts");
const { geometryToDot } = await import("./dot-export.ts");
const charts = { medium: MEDIUM, large: LARGE } as const;
type Chart = keyof typeof charts;
const blocks: Record<string, number> = {};
for (const [name, code] of Object.entries(charts)) {
  writeFileSync(join(dir, `${name}.py`), code);
  const { geometry } = await render({ code, lang: "python", format: "json" }, bunAssets);
  blocks[name] = geometry.charts.reduce((n, c) => n + c.parts.reduce((m, p) => m + p.shapes.length, 0), 0);
  writeFileSync(join(dir, `${name}.dot`), geometryToDot(geometry));
}

interface Sample {
  ms: number;
  /** The child's user + system CPU time (its rusage): less disturbed than wall time on a loaded machine. */
  cpuMs: number;
  rssMiB: number;
}

/** One timed run; then, for the memory, the same command under GNU time (its %M: the child's peak RSS in KiB). */
function runOnce(cmd: readonly string[], measureRss: boolean): Sample {
  const t = performance.now();
  const p = Bun.spawnSync(cmd as string[], { stdout: "ignore", stderr: "pipe", cwd: dir });
  const ms = performance.now() - t;
  if (p.exitCode !== 0) throw new Error(`${cmd.join(" ")} exited with ${p.exitCode}: ${p.stderr.toString()}`);
  const cpu = p.resourceUsage!.cpuTime;
  const cpuMs = Number(cpu.user + cpu.system) / 1000;
  if (!measureRss) return { ms, cpuMs, rssMiB: Number.NaN };
  const rssFile = join(dir, "rss.txt");
  const m = Bun.spawnSync(["/usr/bin/time", "-f", "%M", "-o", rssFile, ...cmd], { stdout: "ignore", stderr: "ignore", cwd: dir });
  if (m.exitCode !== 0) throw new Error(`${cmd.join(" ")} under /usr/bin/time exited with ${m.exitCode}`);
  return { ms, cpuMs, rssMiB: Number(readFileSync(rssFile, "utf8").trim().split("\n").pop()) / 1024 };
}

interface Row {
  label: string;
  ours: Sample[];
  dot?: Sample[];
}

/** Ours and dot in turn (ours first), WARMUP uncounted pairs, then RUNS counted pairs. */
function interleaved(label: string, ours: readonly string[], dot?: readonly string[]): Row {
  const row: Row = { label, ours: [], dot: dot ? [] : undefined };
  for (let i = 0; i < WARMUP + RUNS; i++) {
    // Peak RSS from the first three counted runs (a separate run under GNU time, not timed).
    const rss = i >= WARMUP && i < WARMUP + 3;
    const a = runOnce(ours, rss);
    const b = dot ? runOnce(dot, rss) : undefined;
    if (i < WARMUP) continue;
    row.ours.push(a);
    if (b) row.dot!.push(b);
  }
  return row;
}

const ourCmd = (chart: Chart, format: Format, scale?: number) => [
  ...CLI, `${chart}.py`, "-f", format, "-o", `out-${chart}.${format}`, ...(scale ? ["--scale", String(scale)] : []),
];
const dotCmd = (chart: Chart, format: "svg" | "png") => ["dot", `-T${format}`, `${chart}.dot`, "-o", `dot-${chart}.${format}`];

const cpu = (await Bun.file("/proc/cpuinfo").text()).match(/model name\s*:\s*(.*)/)?.[1] ?? "unknown CPU";
const dotVersion = Bun.spawnSync(["dot", "-V"]).stderr.toString().trim();
console.log(`Machine: ${cpu}, ${cpus().length} cores; Bun ${Bun.version}; ${dotVersion}; load average ${loadavg().map((l) => l.toFixed(2)).join(" ")}; ${new Date().toISOString().slice(0, 16)} UTC`);
console.log(`Command: ${CLI.map((c) => c.replace(REPO, "")).join(" ")} <file> -f FORMAT -o out [--scale N]; medium = ${blocks.medium} blocks, large = ${blocks.large} blocks; ${RUNS} counted runs each (after ${WARMUP}), interleaved with dot`);
console.log("");

const rows: Row[] = [
  interleaved("SVG, medium", ourCmd("medium", "svg"), dotCmd("medium", "svg")),
  interleaved("SVG, large", ourCmd("large", "svg"), dotCmd("large", "svg")),
  ...(svgOnly ? [] : [
    interleaved("PNG 96 dpi (scale 1), medium", ourCmd("medium", "png", 1), dotCmd("medium", "png")),
    interleaved("PNG 96 dpi (scale 1), large", ourCmd("large", "png", 1), dotCmd("large", "png")),
    interleaved("PDF, medium", ourCmd("medium", "pdf")),
    interleaved("DOCX, medium", ourCmd("medium", "docx")),
  ]),
  interleaved("JSON, medium", ourCmd("medium", "json")),
];
const few = Math.max(3, Math.ceil(RUNS / 3));
for (const chart of svgOnly ? [] : (["medium", "large"] as const)) {
  const row: Row = { label: `PNG default scale (3), ${chart}`, ours: [] };
  for (let i = 0; i < few; i++) {
    try {
      row.ours.push(runOnce(ourCmd(chart, "png"), true));
    } catch (e) {
      console.log(`PNG default scale, ${chart}: ${String(e instanceof Error ? e.message : e).split("\n").find((l) => l.includes(":")) ?? e}`);
      break;
    }
  }
  if (row.ours.length) rows.push(row);
}

const f = (n: number) => (n >= 100 ? n.toFixed(0) : n.toFixed(1));
console.log("| command (whole process) | ours: median wall | dot: median wall | ratio (median of pairs) | ours: median CPU | dot: median CPU | CPU ratio | ours: peak RSS | dot: peak RSS |");
console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const r of rows) {
  const ours = median(r.ours.map((s) => s.ms));
  const oursCpu = median(r.ours.map((s) => s.cpuMs));
  const rss = median(r.ours.map((s) => s.rssMiB).filter((x) => !Number.isNaN(x)));
  if (r.dot) {
    const ratio = median(r.ours.map((s, i) => s.ms / r.dot![i]!.ms));
    const cpuRatio = median(r.ours.map((s, i) => s.cpuMs / r.dot![i]!.cpuMs));
    const dotRss = median(r.dot.map((s) => s.rssMiB).filter((x) => !Number.isNaN(x)));
    console.log(`| ${r.label} | ${f(ours)} ms | ${f(median(r.dot.map((s) => s.ms)))} ms | ${ratio.toFixed(2)} × | ${f(oursCpu)} ms | ${f(median(r.dot.map((s) => s.cpuMs)))} ms | ${cpuRatio.toFixed(2)} × | ${f(rss)} MiB | ${f(dotRss)} MiB |`);
  } else {
    console.log(`| ${r.label} | ${f(ours)} ms | – | – | ${f(oursCpu)} ms | – | – | ${f(rss)} MiB | – |`);
  }
}

console.log("");
// The breakdown runs what is timed above: this very script built like the command (a bytecode
// executable with the same flags, scripts/build-cli.ts) unless --source.
let probe = [process.execPath, import.meta.path];
if (!source) {
  const outdir = mkdtempSync(join(REPO, ".bench-cold-"));
  process.on("exit", () => rmSync(outdir, { recursive: true, force: true }));
  const { buildExecutable } = await import("../scripts/build-cli.ts");
  if (buildExecutable("bench/cold.ts", join(outdir, "cold-probe"), [], "pipe") !== 0) throw new Error("building the stage probe failed");
  probe = [join(outdir, "cold-probe")];
}
const stageProcesses = Math.max(3, Math.ceil(RUNS / 3));
console.log(`Where a cold render's time goes (${source ? "source modules" : "an executable built like the command"}; a fresh process per format, medians of ${stageProcesses} processes, ms):`);
const formats: Format[] = svgOnly ? ["svg"] : ["svg", "png", "pdf", "docx"];
const stageRuns: Record<string, Record<string, number[]>> = {};
for (let i = 0; i < stageProcesses; i++) {
  for (const format of formats) {
    const p = Bun.spawnSync([...probe, "--stages", format], { stdout: "pipe", stderr: "pipe" });
    if (p.exitCode !== 0) throw new Error(`stages ${format}: ${p.stderr.toString()}`);
    for (const [name, ms] of JSON.parse(p.stdout.toString().trim().split("\n").pop()!) as [string, number][]) {
      ((stageRuns[format] ??= {})[name] ??= []).push(ms);
    }
  }
}
for (const format of formats) {
  console.log(`- ${format}: ${Object.entries(stageRuns[format]!).map(([name, xs]) => `${name} ${f(median(xs))}`).join("; ")}`);
}

// ---------------------------------------------------------------- the server: start → first render
/**
 * A fresh server process on a loopback port and a migrated database with one user and key (made
 * once, by the admin command): wall time from spawn to the answer of its first POST /render (SVG of
 * the medium chart), and of the first PNG render right after. The process is then stopped.
 */
async function serverFirstRender(entry: string, databaseUrl: string, key: string): Promise<{ svg: number; png: number }> {
  const probe = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = probe.port!;
  await probe.stop(true);
  const body = (format: string) => JSON.stringify({ code: MEDIUM, lang: "python", format, scale: 1 });
  const post = (format: string) =>
    fetch(`http://127.0.0.1:${port}/v1/render`, { method: "POST", headers: { "content-type": "application/json", "x-api-key": key }, body: body(format) });
  const start = performance.now();
  const child = Bun.spawn(["bun", entry], { env: { ...process.env, SKHEMA_DEV: "1", DATABASE_URL: databaseUrl, PORT: String(port), HOST: "127.0.0.1" }, stdout: "ignore", stderr: "ignore" });
  try {
    let res: Response | null = null;
    for (let i = 0; i < 2000 && !res; i++) {
      res = await post("svg").catch(() => null);
      if (!res) await Bun.sleep(2);
    }
    if (!res?.ok) throw new Error(`${entry}: first render answered ${res?.status}`);
    await res.arrayBuffer();
    const svg = performance.now() - start;
    const t = performance.now();
    const png = await post("png");
    if (!png.ok) throw new Error(`${entry}: first PNG answered ${png.status}`);
    await png.arrayBuffer();
    return { svg, png: performance.now() - t };
  } finally {
    child.kill("SIGTERM");
    await child.exited;
  }
}

if (!svgOnly) {
  const databaseUrl = `file:${join(dir, "server.db")}`;
  const admin = (...args: string[]) => {
    const p = Bun.spawnSync(["bun", join(REPO, "server/admin.ts"), ...args], { env: { ...process.env, DATABASE_URL: databaseUrl }, stdout: "pipe", stderr: "pipe" });
    if (p.exitCode !== 0) throw new Error(`admin ${args.join(" ")}: ${p.stderr.toString()}`);
    return JSON.parse(p.stdout.toString()) as Record<string, unknown>;
  };
  admin("user", "create", "--email", "bench@example.com", "--credits", "100000");
  const key = String(admin("key", "create", "--email", "bench@example.com").key);
  const entries: [string, string][] = [["bun server/main.ts (source)", join(REPO, "server/main.ts")]];
  if (!source) entries.push(["bun dist/server.js (npm start)", await (await import("../scripts/bundle.ts")).bundle("server")]);
  const runs = Math.max(3, Math.ceil(RUNS / 2));
  const results = new Map<string, { svg: number[]; png: number[] }>(entries.map(([label]) => [label, { svg: [], png: [] }]));
  for (let i = 0; i < runs + 1; i++) {
    for (const [label, entry] of entries) {
      const r = await serverFirstRender(entry, databaseUrl, key);
      if (i === 0) continue; // warm-up: the file system cache
      results.get(label)!.svg.push(r.svg);
      results.get(label)!.png.push(r.png);
    }
  }
  console.log("");
  console.log(`Server cold start (medians of ${runs}, alternating): spawn → first POST /render answered (SVG, medium), then the first PNG (scale 1)`);
  console.log("| server | spawn → first SVG answered | first PNG request |");
  console.log("|---|---:|---:|");
  for (const [label, r] of results) console.log(`| ${label} | ${f(median(r.svg))} ms | ${f(median(r.png))} ms |`);
}

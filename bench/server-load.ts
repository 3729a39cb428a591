/**
 * HTTP load benchmark (issues 5 and 22). Starts `bun server/main.ts` as its own process on a loopback
 * port over a fresh libSQL file database, and drives it from this process with autocannon:
 *  1. POST /v1/render of a small Python function to SVG (auth + charging on every request) at 1, 10
 *     and 50 connections: requests/s, p50, p99 (after a warm-up);
 *  2. server RSS (/proc/<pid>/status) sampled while 20 000 /render requests run at 10 connections;
 *  3. POST /v1/render/batch of 100 medium items (bench/program.ts) to one PDF: wall time per batch,
 *     and the RSS it leaves behind.
 *
 * `--against DIR` (repeatable) also starts the server of another checkout of the project (e.g.
 * `git worktree add /tmp/before <commit>`, with node_modules linked) and takes every measurement on
 * each server in turn, order alternating round by round, so a before/after comparison is one run on
 * one machine under the same load: compare the ratios. The machine line and the load average are printed.
 *
 *   bun bench/server-load.ts [--quick] [--against DIR …]     (npm run bench:server); figures go into BENCHMARKS.md
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import autocannon from "autocannon";
import { createApiKey } from "../server/accounts/keys.ts";
import { createUser } from "../server/accounts/users.ts";
import { openDatabase } from "../server/db/open.ts";
import { program } from "./program.ts";
import { spawnBenchServer } from "./spawn-server.ts";

const SMALL = "def grade(score):\n    if score >= 90:\n        return 'A'\n    elif score >= 75:\n        return 'B'\n    return 'F'\n";
const args = process.argv.slice(2);
const quick = args.includes("--quick");
const seconds = quick ? 3 : 10;
const rounds = quick ? 1 : 2;
const roots = [new URL("../", import.meta.url).pathname, ...args.flatMap((a, i) => (args[i - 1] === "--against" ? [resolve(a)] : []))];

const dir = mkdtempSync(join(tmpdir(), "skhema-bench-"));

interface Target {
  label: string;
  base: string;
  pid: number;
  key: string;
  stop(): Promise<void>;
}

/** A server of the checkout at `root` over its own fresh database, with a user of ample credits. */
async function start(root: string, n: number): Promise<Target> {
  const databaseUrl = `file:${join(dir, `bench-${n}.db`)}`;
  const database = await openDatabase(databaseUrl);
  const user = await createUser(database.db, { email: "bench@example.com", credits: 2_000_000_000 });
  const { key } = await createApiKey(database.db, user.id, "bench");
  database.close();
  // One key stands for many clients here (up to 50 connections), and autocannon drops the requests
  // in flight when a run ends (each an abandoned render): the per-key limits on renders in flight
  // and on failures are fair-use policy, measured by bench:abuse, not what this load test is about.
  const server = await spawnBenchServer(root, databaseUrl, { RENDER_CONCURRENCY_PER_KEY: "1000", RENDER_FAILURES_PER_MINUTE: "1000000" });
  const label = n === 0 ? "this checkout" : basename(root);
  return { label, base: server.base, pid: server.pid, key, stop: server.stop };
}

function rssMb(target: Target): number {
  const status = readFileSync(`/proc/${target.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

const renderRequest = (t: Target) => ({
  url: `${t.base}/render`,
  method: "POST" as const,
  headers: { "content-type": "application/json", "x-api-key": t.key },
  body: JSON.stringify({ code: SMALL, lang: "python", format: "svg" }),
});

async function load(t: Target, connections: number, options: { duration?: number; amount?: number }) {
  const result = await autocannon({ ...renderRequest(t), connections, ...options });
  return { requests: result.requests.total, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

/** Each target in turn, the order reversed every round (A B, B A, …), so drift in the machine's load falls on all alike. */
function order<T>(items: readonly T[], round: number): T[] {
  return round % 2 === 0 ? [...items] : [...items].reverse();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;
const machine = () => `${cpus()[0]?.model ?? "?"}, ${cpus().length} cores; load average ${loadavg().map((l) => l.toFixed(1)).join(" ")}; Bun ${Bun.version}`;

const targets: Target[] = [];
for (const [i, root] of roots.entries()) targets.push(await start(root, i));
console.log(`machine: ${machine()}`);
for (const t of targets) console.log(`${t.label}: pid ${t.pid}, RSS after start ${rssMb(t).toFixed(0)} MB`);
// Warm-up: the server is measured as it runs for days, not in its first seconds. JavaScriptCore
// goes on compiling the engine's larger functions to its top tier for thousands of renders in each
// worker (one process parsing the small source: 300 µs a parse with its compiler threads busy after
// 5 000, 177 µs and quiet after 20 000), so each server first serves 10 s (quick: 5 s) of the small
// render at 10 connections; the 1-connection rounds then run before the 10- and 50-connection ones.
for (const t of targets) await load(t, 10, { duration: quick ? 5 : 10 });

console.log("\n/render small Python → SVG (per round; req/s is the average over the round)");
console.log("| connections | server | requests | req/s | p50 ms | p99 ms | non-2xx | errors |");
console.log("|---|---|---|---|---|---|---|---|");
for (const connections of [1, 10, 50]) {
  for (let round = 0; round < rounds; round++) {
    for (const t of order(targets, round)) {
      const r = await load(t, connections, { duration: seconds });
      console.log(`| ${connections} | ${t.label} | ${r.requests} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.non2xx} | ${r.errors} |`);
    }
  }
}

const total = quick ? 2000 : 20_000;
console.log(`\nRSS over ${total} /render requests at 10 connections`);
for (const t of targets) {
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(rssMb(t)), 250);
  const before = rssMb(t);
  const chunks: number[] = [];
  for (let i = 0; i < 4; i++) {
    await load(t, 10, { amount: total / 4 });
    chunks.push(rssMb(t));
  }
  clearInterval(sampler);
  console.log(`${t.label}: before ${before.toFixed(0)} MB; after each ${total / 4}: ${chunks.map((m) => m.toFixed(0)).join(" / ")} MB; peak ${Math.max(...samples).toFixed(0)} MB`);
}

console.log("\n/render/batch: 100 medium items → one PDF");
const items = Array.from({ length: 100 }, (_, i) => ({ code: program(6), lang: "python", name: `medium-${i + 1}` }));
const batchBody = JSON.stringify({ items, format: "pdf" });
const times = new Map<Target, number[]>(targets.map((t) => [t, []]));
const answers = new Map<Target, string>();
for (let run = 0; run < (quick ? 3 : 6); run++) {
  for (const t of order(targets, run)) {
    const t0 = performance.now();
    const res = await fetch(`${t.base}/render/batch`, { method: "POST", headers: renderRequest(t).headers, body: batchBody });
    const bytes = await res.arrayBuffer();
    times.get(t)!.push(performance.now() - t0);
    answers.set(t, `${res.status} ${res.headers.get("x-service-rendered")} rendered, ${(bytes.byteLength / 1024).toFixed(0)} KiB`);
  }
}
for (const t of targets) {
  const [first, ...warm] = times.get(t)!;
  console.log(`${t.label}: RSS after the batches ${rssMb(t).toFixed(0)} MB; first ${first!.toFixed(0)} ms; warm median ${median(warm).toFixed(0)} ms, max ${Math.max(...warm).toFixed(0)} ms (${answers.get(t)})`);
}
console.log(`\nmachine at the end: ${machine()}`);

for (const t of targets) await t.stop();
rmSync(dir, { recursive: true, force: true });

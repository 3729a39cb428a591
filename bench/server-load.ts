/**
 * HTTP load benchmark (issue 5). Starts `bun server/main.ts` as its own process on a loopback port
 * over a fresh libSQL file database, and drives it from this process with autocannon:
 *  1. POST /v1/render of a small Python function to SVG (auth + charging on every request) at 1, 10
 *     and 50 connections: requests/s, p50, p99 (after a warm-up);
 *  2. server RSS (/proc/<pid>/status) sampled while 20 000 /render requests run at 10 connections;
 *  3. POST /v1/render/batch of 100 medium items (bench/program.ts) to one PDF: wall time per batch,
 *     and the RSS it leaves behind.
 * Run: `bun bench/server-load.ts` (npm run bench:server); figures go into BENCHMARKS.md.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { createApiKey } from "../server/accounts/keys.ts";
import { createUser } from "../server/accounts/users.ts";
import { openDatabase } from "../server/db/open.ts";
import { program } from "./program.ts";

const SMALL = "def grade(score):\n    if score >= 90:\n        return 'A'\n    elif score >= 75:\n        return 'B'\n    return 'F'\n";
const quick = process.argv.includes("--quick");
const seconds = quick ? 3 : 10;

const dir = mkdtempSync(join(tmpdir(), "skhema-bench-"));
const databaseUrl = `file:${join(dir, "bench.db")}`;
const database = await openDatabase(databaseUrl);
const user = await createUser(database.db, { email: "bench@example.com", credits: 2_000_000_000 });
const { key } = await createApiKey(database.db, user.id, "bench");
database.close();

const port = 18_000 + Math.floor(Math.random() * 2000);
const server = Bun.spawn([process.execPath, "server/main.ts"], {
  cwd: new URL("../", import.meta.url).pathname,
  // One key stands for many clients here (up to 50 connections): the per-key limit on renders in
  // flight is fair-use policy, measured by bench:abuse, not what this load test is about.
  env: { ...process.env, SKHEMA_DEV: "1", DATABASE_URL: databaseUrl, PORT: String(port), HOST: "127.0.0.1", RENDER_CONCURRENCY_PER_KEY: "1000" },
  stdout: "ignore",
  stderr: "inherit",
});
const base = `http://127.0.0.1:${port}/v1`;
for (let i = 0; i < 200; i++) {
  try {
    if ((await fetch(`${base}/health`)).ok) break;
  } catch {
    await Bun.sleep(50);
  }
}

function rssMb(): number {
  const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

const renderRequest = {
  url: `${base}/render`,
  method: "POST" as const,
  headers: { "content-type": "application/json", "x-api-key": key },
  body: JSON.stringify({ code: SMALL, lang: "python", format: "svg" }),
};

async function load(connections: number, options: { duration?: number; amount?: number }) {
  const result = await autocannon({ ...renderRequest, connections, ...options });
  return {
    connections,
    requests: result.requests.total,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

console.log(`server pid ${server.pid}, RSS after start ${rssMb().toFixed(0)} MB`);
await load(10, { duration: quick ? 2 : 5 }); // warm-up: JIT, first allocations
console.log(`RSS after warm-up ${rssMb().toFixed(0)} MB`);

console.log("\n/render small Python → SVG");
console.log("| connections | requests | req/s | p50 ms | p99 ms | max ms | non-2xx | errors |");
console.log("|---|---|---|---|---|---|---|---|");
for (const connections of [1, 10, 50]) {
  const r = await load(connections, { duration: seconds });
  console.log(`| ${r.connections} | ${r.requests} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.max} | ${r.non2xx} | ${r.errors} |`);
}

console.log("\nRSS over 20 000 /render requests at 10 connections");
const samples: number[] = [];
const sampler = setInterval(() => samples.push(rssMb()), 250);
const before = rssMb();
const chunks: number[] = [];
for (let i = 0; i < 4; i++) {
  await load(10, { amount: 5000 });
  chunks.push(rssMb());
}
clearInterval(sampler);
console.log(`before ${before.toFixed(0)} MB; after each 5 000: ${chunks.map((m) => m.toFixed(0)).join(" / ")} MB; peak ${Math.max(...samples).toFixed(0)} MB`);

console.log("\n/render/batch: 100 medium items → one PDF");
const items = Array.from({ length: 100 }, (_, i) => ({ code: program(6), lang: "python", name: `medium-${i + 1}` }));
const batchBody = JSON.stringify({ items, format: "pdf" });
const times: number[] = [];
let pages = "";
for (let run = 0; run < (quick ? 2 : 6); run++) {
  const t0 = performance.now();
  const res = await fetch(`${base}/render/batch`, { method: "POST", headers: renderRequest.headers, body: batchBody });
  const bytes = await res.arrayBuffer();
  times.push(performance.now() - t0);
  pages = `${res.status} ${res.headers.get("x-service-rendered")} rendered, ${(bytes.byteLength / 1024).toFixed(0)} KiB`;
}
const warm = times.slice(1).sort((a, b) => a - b);
console.log(`RSS after the batches ${rssMb().toFixed(0)} MB; first ${times[0]!.toFixed(0)} ms; warm median ${warm[Math.floor(warm.length / 2)]!.toFixed(0)} ms, max ${warm.at(-1)!.toFixed(0)} ms (${pages})`);

server.kill("SIGTERM");
await server.exited;
rmSync(dir, { recursive: true, force: true });

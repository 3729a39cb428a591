/**
 * The API as a worker (server/edge/worker.ts in workerd via miniflare, D1): time per POST /render
 * for a page-sized chart (examples/grade.py) and the MEDIUM chart of bench/program.ts in SVG, PNG
 * (scale 3 and 1) and PDF — what fits a Cloudflare Worker's CPU budget (free plan 10 ms of CPU per
 * request; paid 30 s by default). Wall time of serial requests on loopback (a worker's clock does
 * not advance during a request, so it cannot time itself); miniflare enforces no CPU limit. The
 * first request of a fresh worker (isolate start, WASM instantiation) is reported apart.
 * Run: `bun bench/edge.ts`; figures go into BENCHMARKS.md.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Miniflare } from "miniflare";
import { createApiKey } from "../server/accounts/keys.ts";
import { createUser } from "../server/accounts/users.ts";
import { EDGE_COMPATIBILITY } from "../server/edge/compatibility.ts";
import { openD1, type D1Database } from "../server/db/d1.ts";
import { program } from "./program.ts";

const root = join(import.meta.dir, "..");
const dir = mkdtempSync(join(tmpdir(), "skhema-edge-bench-"));
const build = Bun.spawnSync([process.execPath, "scripts/build-edge.ts", dir], { cwd: root, stdout: "pipe", stderr: "inherit" });
if (build.exitCode !== 0) throw new Error("edge build failed");

const mf = new Miniflare({
  modules: [
    { type: "ESModule", path: join(dir, "worker.js") },
    ...readdirSync(dir)
      .filter((f) => f.endsWith(".wasm") || f.endsWith(".ttf"))
      .map((f) => ({ type: f.endsWith(".wasm") ? ("CompiledWasm" as const) : ("Data" as const), path: join(dir, f) })),
  ],
  modulesRoot: dir,
  d1Databases: ["DB"],
  compatibilityDate: EDGE_COMPATIBILITY.date,
  compatibilityFlags: [...EDGE_COMPATIBILITY.flags],
  host: "127.0.0.1",
  port: 0,
});
const url = `${(await mf.ready).href.replace(/\/$/, "")}/v1/render`;
const d1 = (await mf.getD1Database("DB")) as unknown as D1Database;
const migrations = join(root, "server/db/migrations");
for (const { tag } of (JSON.parse(readFileSync(join(migrations, "meta/_journal.json"), "utf8")) as { entries: { tag: string }[] }).entries) {
  const statements = readFileSync(join(migrations, `${tag}.sql`), "utf8").split("--> statement-breakpoint").map((s) => s.trim()).filter(Boolean);
  await d1.batch(statements.map((s) => d1.prepare(s)));
}
const db = openD1(d1);
const user = await createUser(db, { email: "bench@example.com", name: "Bench", credits: 100_000 });
const { key } = await createApiKey(db, user.id, "bench");

async function post(body: object): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json", "x-api-key": key }, body: JSON.stringify(body) });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${res.status}`);
  return performance.now() - t0;
}

const grade = readFileSync(join(root, "examples/grade.py"), "utf8");
const cases = [
  { name: "grade.py svg", body: { code: grade, lang: "python", format: "svg" } },
  { name: "grade.py png ×3", body: { code: grade, lang: "python", format: "png", scale: 3 } },
  { name: "grade.py png ×1", body: { code: grade, lang: "python", format: "png", scale: 1 } },
  { name: "grade.py pdf", body: { code: grade, lang: "python", format: "pdf" } },
  { name: "medium svg", body: { code: program(6), lang: "python", format: "svg" } },
  { name: "medium png ×1 (split part)", body: { code: program(6), lang: "python", format: "png", scale: 1, split: true } },
  { name: "medium pdf", body: { code: program(6), lang: "python", format: "pdf" } },
];
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`first request of the worker (grade.py svg): ${(await post(cases[0]!.body)).toFixed(0)} ms`);
for (const c of cases) {
  const first = await post(c.body);
  const times: number[] = [];
  for (let i = 0; i < 15; i++) times.push(await post(c.body));
  console.log(`${c.name.padEnd(28)} first ${first.toFixed(0).padStart(5)} ms   median ${median(times).toFixed(1).padStart(7)} ms`);
}
await mf.dispose();
rmSync(dir, { recursive: true, force: true });

/**
 * The API as a worker (server/edge/worker.ts in workerd via miniflare, D1): time per POST /render
 * for a page-sized chart (examples/grade.py) and the MEDIUM chart of bench/program.ts in SVG, PNG
 * (scale 3 and 1) and PDF — what fits a Cloudflare Worker's CPU budget (free plan 10 ms of CPU per
 * request; paid 30 s by default). Wall time of serial requests on loopback (a worker's clock does
 * not advance during a request, so it cannot time itself); miniflare enforces no CPU limit. The
 * first request of a fresh worker (isolate start, WASM instantiation) is reported apart.
 * Run: `bun bench/edge.ts`; figures go into BENCHMARKS.md.
 */
import { readFileSync } from "node:fs";
import { createApiKey } from "../server/accounts/keys.ts";
import { createUser } from "../server/accounts/users.ts";
import { openD1 } from "../server/db/d1.ts";
import { startEdgeWorker } from "../test/support/edge-worker.ts";
import { program } from "./program.ts";

const worker = await startEdgeWorker();
const url = `${worker.url}/render`;
const db = openD1(worker.d1);
const user = await createUser(db, { email: "bench@example.com", name: "Bench", credits: 100_000 });
const { key } = await createApiKey(db, user.id, "bench");

async function post(body: object): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json", "x-api-key": key }, body: JSON.stringify(body) });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${res.status}`);
  return performance.now() - t0;
}

const grade = readFileSync(new URL("../examples/grade.py", import.meta.url), "utf8");
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
await worker.stop();

/**
 * Adversarial benchmark (issue 22): starts `bun server/main.ts` on a loopback port over a fresh
 * libSQL file, and fires the inputs of the issue's table — generated here, each within the
 * documented limits — first alone, then beside normal traffic (a sequential /v1/health probe and a
 * sequential small render of another user). For each case it reports the answers and their times,
 * the server's peak RSS, whether anything was charged, and the p99 of the probes; at the end the RSS
 * a minute after the last case against the idle level. Targets (issue 22): every answer within the
 * budget + 1 s, /health p99 ≤ 50 ms, a normal render's p99 ≤ 100 ms, RSS back within 20 % of idle.
 *
 *   bun bench/abuse.ts [--quick]     (npm run bench:abuse; --quick skips the minute's wait)
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { createApiKey } from "../server/accounts/keys.ts";
import { createUser } from "../server/accounts/users.ts";
import { loadConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/open.ts";
import { spawnBenchServer } from "./spawn-server.ts";

const quick = process.argv.includes("--quick");
const MiB = 1024 * 1024;
const SMALL = "def grade(score):\n    if score >= 90:\n        return 'A'\n    return 'F'\n";

const dir = mkdtempSync(join(tmpdir(), "skhema-abuse-"));
const databaseUrl = `file:${join(dir, "abuse.db")}`;
const database = await openDatabase(databaseUrl);
const config = loadConfig({ DATABASE_URL: databaseUrl });

async function account(credits: number): Promise<{ id: number; key: string }> {
  const user = await createUser(database.db, { email: `u${crypto.randomUUID()}@example.com`, credits });
  return { id: user.id, key: (await createApiKey(database.db, user.id, "abuse")).key };
}
async function balance(id: number): Promise<number> {
  const r = await database.client.execute({ sql: "SELECT credits FROM users WHERE id = ?", args: [id] });
  return Number(r.rows[0]!.credits);
}

const server = await spawnBenchServer(new URL("../", import.meta.url).pathname, databaseUrl);
const { base } = server;
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.pid}/status`, "utf8"))![1]) / 1024;

/** One adversarial request: a JSON body (string, sent as is) for an endpoint. */
interface Shot {
  path: "/render" | "/render/batch";
  body: string;
  /** Sent with a key without credits. */
  broke?: boolean;
}

const json = (value: unknown) => JSON.stringify(value);
const render = (code: string, lang: string, format = "png", extra: Record<string, unknown> = {}): Shot => ({ path: "/render", body: json({ code, lang, format, ...extra }) });
const nested = (depth: number, open: string, close: string) => `${open.repeat(depth)}x${close.repeat(depth)}`;

const CASES: { name: string; shots: () => Shot[] }[] = [
  { name: "Python line x = '…' of 500 000 characters, png", shots: () => [render(`x = '${"a".repeat(500_000)}'\n`, "python")] },
  { name: "64 KiB one-line expression, png", shots: () => [render(`x = ${Array.from({ length: 16_384 }, () => "a1").join("+")}\n`, "python")] },
  { name: "1 MiB line, png at scale 1", shots: () => [render(`x = '${"a".repeat(MiB - 16)}'\n`, "python", "png", { scale: 1 })] },
  { name: "f(x, 1, f(x, 1, …)) 2 500 deep, Pascal", shots: () => [render(`program p;\nvar y: integer;\nbegin\n  y := ${nested(2500, "f(x, 1, ", ")")};\nend.\n`, "pascal")] },
  { name: "f(x, 1, f(x, 1, …)) 2 500 deep, Python", shots: () => [render(`def g(x):\n    y = ${nested(2500, "f(x, 1, ", ")")}\n    return y\n`, "python")] },
  { name: "f(x, 1, f(x, 1, …)) 3 000 deep, C", shots: () => [render(`int main() {\n  int y = ${nested(3000, "f(x, 1, ", ")")};\n  return y;\n}\n`, "c")] },
  { name: "10 000 chained ternaries, Java", shots: () => [render(`class A {\n  static int g(int x) {\n    return ${"x > 0 ? 1 : ".repeat(10_000)}0;\n  }\n}\n`, "java")] },
  {
    name: "six parallel 1 MiB sources with a syntax error",
    shots: () => Array.from({ length: 6 }, () => render(`def g(x):\n${"    x = x + 1\n".repeat(Math.floor((MiB - 64) / 14))}    y = (\n`, "python", "svg")),
  },
  { name: "JSON [[[[…]]]] 2 million deep, key with 0 credits", shots: () => [{ path: "/render", body: nested(2_000_000, "[", "]"), broke: true }] },
  {
    name: "120 C functions with syntax errors (X-Skipped-Functions)",
    shots: () => [render(`${Array.from({ length: 120 }, (_, i) => `int broken_${"n".repeat(100)}_${i}(int x) { return x +; }\n`).join("")}int main() { return 0; }\n`, "c", "svg")],
  },
];

interface Answer {
  status: number;
  code: string;
  ms: number;
  headerBytes: number;
}

async function fire(shot: Shot, key: string): Promise<Answer> {
  const t0 = performance.now();
  const res = await fetch(`${base}${shot.path}`, { method: "POST", headers: { "content-type": "application/json", "x-api-key": key }, body: shot.body });
  const body = new Uint8Array(await res.arrayBuffer());
  const ms = performance.now() - t0;
  let code = "ok";
  if (!res.ok) code = (JSON.parse(new TextDecoder().decode(body)) as { code: string }).code;
  let headerBytes = 0;
  res.headers.forEach((v, k) => (headerBytes += k.length + v.length + 4));
  return { status: res.status, code, ms, headerBytes };
}

/** A sequential prober: `request` repeated with `gapMs` between, latencies kept until stopped. */
function probe(request: () => Promise<Response>, gapMs: number) {
  const latencies: number[] = [];
  let failures = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      const t0 = performance.now();
      const res = await request().catch(() => undefined);
      if (res?.ok) await res.arrayBuffer();
      else failures++;
      latencies.push(performance.now() - t0);
      await Bun.sleep(gapMs);
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return { p99: percentile(latencies, 0.99), max: Math.max(...latencies), n: latencies.length, failures };
    },
  };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;
}

const normal = await account(1_000_000);
const broke = await account(0);
const healthProbe = () => fetch(`${base}/health`);
const renderProbe = () => fetch(`${base}/render`, { method: "POST", headers: { "content-type": "application/json", "x-api-key": normal.key }, body: json({ code: SMALL, lang: "python", format: "svg" }) });

// Warm-up: the workers' first renders of each format.
for (let i = 0; i < 20; i++) await (await renderProbe()).arrayBuffer();
Bun.gc(true);
await Bun.sleep(1000);
const idle = rssMb();
const budget = config.render.budgetMs;

console.log(`machine: ${cpus()[0]?.model ?? "?"}, ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(" ")}; Bun ${Bun.version}`);
console.log(`server: ${config.render.workers} render workers, budget ${budget} ms, idle RSS ${idle.toFixed(0)} MB\n`);
console.log("| case | answers (status code, time) | within budget + 1 s | peak RSS MB | charged | header bytes | health p99 / max ms | render p99 / max ms |");
console.log("|---|---|---|---|---|---|---|---|");

let allWithin = true;
let worstHealth = 0;
let worstRender = 0;
for (const c of CASES) {
  const shots = c.shots();
  const row: string[] = [];
  let answers: Answer[] = [];
  let peak = 0;
  let charged = 0;
  let health = { p99: 0, max: 0 };
  let small = { p99: 0, max: 0 };
  for (const beside of [false, true]) {
    const attacker = await account(1_000_000);
    const before = await balance(attacker.id);
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 50);
    const probes = beside ? [probe(healthProbe, 20), probe(renderProbe, 50)] : [];
    const got = await Promise.all(shots.map((s) => fire(s, s.broke ? broke.key : attacker.key)));
    clearInterval(sampler);
    peak = Math.max(peak, rssMb());
    charged += before - (await balance(attacker.id));
    if (beside) {
      const [h, r] = await Promise.all(probes.map((p) => p.stop()));
      if (h!.failures + r!.failures > 0) console.error(`${c.name}: ${h!.failures} health and ${r!.failures} render probes failed`);
      health = h!;
      small = r!;
      worstHealth = Math.max(worstHealth, health.p99);
      worstRender = Math.max(worstRender, small.p99);
    }
    answers = answers.concat(got);
  }
  const within = answers.every((a) => a.ms <= budget + 1000);
  allWithin &&= within;
  const summary = [...new Set(answers.map((a) => `${a.status} ${a.code}`))].map((s) => `${s} (${answers.filter((a) => `${a.status} ${a.code}` === s).map((a) => (a.ms / 1000).toFixed(1)).join(", ")} s)`);
  row.push(c.name, summary.join("; "), within ? "yes" : "**no**", peak.toFixed(0), String(charged), String(Math.max(...answers.map((a) => a.headerBytes))), `${health.p99.toFixed(0)} / ${health.max.toFixed(0)}`, `${small.p99.toFixed(0)} / ${small.max.toFixed(0)}`);
  console.log(`| ${row.join(" | ")} |`);
}

if (!quick) await Bun.sleep(60_000);
const after = rssMb();
console.log(`\nRSS: idle ${idle.toFixed(0)} MB; ${quick ? "right after the last case" : "a minute after the last case"} ${after.toFixed(0)} MB (${(((after - idle) / idle) * 100).toFixed(0)} %)`);
console.log(`targets: answers within budget + 1 s: ${allWithin ? "met" : "NOT met"}; health p99 ≤ 50 ms: ${worstHealth <= 50 ? "met" : "NOT met"} (worst ${worstHealth.toFixed(0)}); render p99 ≤ 100 ms: ${worstRender <= 100 ? "met" : "NOT met"} (worst ${worstRender.toFixed(0)}); RSS within 20 %: ${after <= idle * 1.2 ? "met" : "NOT met"}`);

await server.stop();
database.close();
rmSync(dir, { recursive: true, force: true });

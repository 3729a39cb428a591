/**
 * The edge deployment as the tests and `bench/edge.ts` run it: server/edge/worker.ts built by
 * scripts/build-edge.ts into a temp folder, served by workerd through miniflare on a loopback port,
 * over miniflare's local D1 migrated with the committed migrations (each file one D1 batch, as
 * `wrangler d1 migrations apply` runs them).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Miniflare } from "miniflare";
import type { D1Database } from "../../server/db/d1.ts";
import { EDGE_COMPATIBILITY } from "../../server/edge/compatibility.ts";

const root = fileURLToPath(new URL("../../", import.meta.url));

export interface EdgeWorker {
  /** Base URL including /v1. */
  url: string;
  d1: D1Database;
  stop(): Promise<void>;
}

/** `vars`: the worker's text variables (its configuration, docs/api.md "Configuration"). */
export async function startEdgeWorker(vars: Record<string, string> = {}): Promise<EdgeWorker> {
  const dir = mkdtempSync(join(tmpdir(), "skhema-edge-"));
  const build = Bun.spawnSync([process.execPath, "scripts/build-edge.ts", dir], { cwd: root, stdout: "pipe", stderr: "pipe" });
  if (build.exitCode !== 0) throw new Error(`edge build failed: ${build.stderr.toString()}`);
  const mf = new Miniflare({
    modules: [
      { type: "ESModule", path: join(dir, "worker.js") },
      ...readdirSync(dir)
        .filter((f) => f.endsWith(".wasm") || f.endsWith(".ttf"))
        .map((f) => ({ type: f.endsWith(".wasm") ? ("CompiledWasm" as const) : ("Data" as const), path: join(dir, f) })),
    ],
    modulesRoot: dir,
    d1Databases: ["DB"],
    bindings: vars,
    compatibilityDate: EDGE_COMPATIBILITY.date,
    compatibilityFlags: [...EDGE_COMPATIBILITY.flags],
    host: "127.0.0.1",
    port: 0,
  });
  const url = `${(await mf.ready).href.replace(/\/$/, "")}/v1`;
  const d1 = (await mf.getD1Database("DB")) as unknown as D1Database;
  await migrate(d1);
  return {
    url,
    d1,
    async stop() {
      await mf.dispose();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function migrate(d1: D1Database): Promise<void> {
  const migrations = join(root, "server/db/migrations");
  const journal = JSON.parse(readFileSync(join(migrations, "meta/_journal.json"), "utf8")) as { entries: { tag: string }[] };
  for (const { tag } of journal.entries) {
    const statements = readFileSync(join(migrations, `${tag}.sql`), "utf8").split("--> statement-breakpoint").map((s) => s.trim()).filter(Boolean);
    await d1.batch(statements.map((s) => d1.prepare(s)));
  }
}

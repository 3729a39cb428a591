/**
 * The fast-start builds of the Bun entry points (issue 14), in dist/ (git-ignored):
 *  - server: dist/server.js — server/main.ts bundled and minified into one file plus a chunk per
 *    lazily loaded renderer, with the database migrations copied beside it (dist/migrations).
 *    A process then loads a few files instead of ~400 modules, and parses no TypeScript. It stays
 *    one folder below the repository root, like hosts/, so the asset manifest finds the grammars
 *    (`../grammars/…`) and `import.meta.resolve` finds node_modules from either place. The render
 *    worker (server/rendering/render-worker.ts) is a second entry, dist/render-worker.js, sharing
 *    chunks with the server: Bun's bundler does not follow `new Worker(new URL(…))`, so the server
 *    is told the worker's file name by a define (server/rendering/worker-url.ts).
 *  - cli: dist/skhema — the `skhema` command (cli/main.ts) as the single-file executable of
 *    scripts/build-cli.ts: its modules precompiled to bytecode, the engine's assets embedded.
 *
 *   bun scripts/bundle.ts [server] [cli] [--if-stale] [--quiet]
 *
 * No target: both. `--if-stale` rebuilds a target only when a source file (engine/, hosts/, server/,
 * cli/, client/, site/ sources, grammars/, package.json) is newer than its output: `npm start` and `npm run render`
 * call it that way, so they always run a bundle of the current sources.
 */
import { cpSync, existsSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { basename, extname, join } from "node:path";

const root = join(import.meta.dir, "..");
const dist = join(root, "dist");

interface Target {
  /** A bundle of ES modules for `bun`, or a single-file executable (scripts/build-cli.ts). */
  kind: "bundle" | "executable";
  entry: string;
  /** The output entry file, in dist/. */
  out: string;
  /** Files or folders copied next to it: [from (repo-relative), to (dist-relative)]. */
  copy?: readonly (readonly [string, string])[];
  /** Worker scripts bundled beside it (each `<name>.js` in dist/), with the global that names each one's file to the bundle. */
  workers?: readonly { entry: string; define: string }[];
}

export const TARGETS = {
  server: {
    kind: "bundle", entry: "server/main.ts", out: "server.js", copy: [["server/db/migrations", "migrations"]],
    workers: [
      { entry: "server/rendering/render-worker.ts", define: "SKHEMA_RENDER_WORKER" },
      { entry: "server/db/checkpoint-worker.ts", define: "SKHEMA_CHECKPOINT_WORKER" },
    ],
  },
  cli: { kind: "executable", entry: "cli/main.ts", out: "skhema" },
} as const satisfies Record<string, Target>;
export type TargetName = keyof typeof TARGETS;

const SOURCES = ["engine", "hosts", "server", "cli", "client", "site/server", "site/i18n", "site/client", "grammars", "package.json"];

/** Newest modification time (ms) of the files under `path`. */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) latest = Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

export function isStale(name: TargetName, outdir = dist): boolean {
  const out = join(outdir, TARGETS[name].out);
  if (!existsSync(out)) return true;
  const built = statSync(out).mtimeMs;
  return SOURCES.some((s) => newest(join(root, s)) > built);
}

/** Bundles one target into `outdir` (one folder below the repository root) and returns its entry file. */
export async function bundle(name: TargetName, outdir = dist): Promise<string> {
  const target: Target = TARGETS[name];
  if (target.kind === "executable") {
    const out = join(outdir, target.out);
    const built = Bun.spawnSync([process.execPath, join(root, "scripts/build-cli.ts"), out], { cwd: root, stdout: "pipe", stderr: "pipe" });
    if (built.exitCode !== 0) throw new Error(`building ${target.entry} failed: ${built.stderr.toString()}`);
    return out;
  }
  const base = target.out.replace(/\.js$/, "");
  const workers = target.workers ?? [];
  const workerOut = (entry: string) => `${basename(entry, extname(entry))}.js`;
  const entryName = `${basename(target.entry, extname(target.entry))}.js`;
  // This target's previous chunks (hash-named) and workers go; other targets' files and the package build stay.
  const own = new Set([target.out, ...workers.map((w) => workerOut(w.entry))]);
  if (existsSync(outdir)) {
    for (const f of readdirSync(outdir)) if (own.has(f) || f.startsWith(`${base}-`)) rmSync(join(outdir, f));
  }
  const result = await Bun.build({
    entrypoints: [target.entry, ...workers.map((w) => w.entry)].map((e) => join(root, e)),
    outdir,
    target: "bun",
    format: "esm",
    minify: true,
    // The renderers the engine imports on first use stay separate files, loaded only when asked for;
    // code the server and its workers share is one chunk.
    splitting: true,
    naming: { entry: "[name].[ext]", chunk: `${base}-[name]-[hash].[ext]` },
    define: Object.fromEntries(workers.map((w) => [w.define, JSON.stringify(`./${workerOut(w.entry)}`)])),
  });
  if (!result.success) {
    for (const log of result.logs) console.error(log);
    throw new Error(`bundling ${target.entry} failed`);
  }
  // Entries are named after their source file; the server's keeps its established name.
  if (entryName !== target.out) renameSync(join(outdir, entryName), join(outdir, target.out));
  for (const [from, to] of target.copy ?? []) {
    rmSync(join(outdir, to), { recursive: true, force: true });
    cpSync(join(root, from), join(outdir, to), { recursive: true });
  }
  return join(outdir, target.out);
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const named = args.filter((a) => !a.startsWith("--"));
  for (const n of named) if (!(n in TARGETS)) throw new Error(`unknown target "${n}"; use ${Object.keys(TARGETS).join(", ")}`);
  const names = (named.length > 0 ? named : Object.keys(TARGETS)) as TargetName[];
  for (const name of names) {
    if (args.includes("--if-stale") && !isStale(name)) continue;
    const out = await bundle(name);
    if (!args.includes("--quiet")) console.error(`bundled ${TARGETS[name].entry} → ${out.slice(root.length + 1)}`);
  }
}

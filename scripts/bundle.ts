/**
 * The fast-start builds of the Bun entry points (issue 14), in dist/ (git-ignored):
 *  - server: dist/server.js — server/main.ts bundled and minified into one file plus a chunk per
 *    lazily loaded renderer, with the database migrations copied beside it (dist/migrations).
 *    A process then loads a few files instead of ~400 modules, and parses no TypeScript.
 *  - cli: dist/render.js — the local render command (cli/render.ts), bundled the same way.
 * Both stay one folder below the repository root, like hosts/, so the asset manifest finds the
 * grammars (`../grammars/…`) and `import.meta.resolve` finds node_modules from either place.
 *
 *   bun scripts/bundle.ts [server] [cli] [--if-stale] [--quiet]
 *
 * No target: both. `--if-stale` rebuilds a target only when a source file (engine/, hosts/, server/,
 * cli/, client/, site/ sources, grammars/, package.json) is newer than its output: `npm start` and `npm run render`
 * call it that way, so they always run a bundle of the current sources.
 */
import { cpSync, existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dir, "..");
const dist = join(root, "dist");

interface Target {
  entry: string;
  /** The output entry file, in dist/. */
  out: string;
  /** Files or folders copied next to it: [from (repo-relative), to (dist-relative)]. */
  copy?: readonly (readonly [string, string])[];
}

export const TARGETS = {
  server: { entry: "server/main.ts", out: "server.js", copy: [["server/db/migrations", "migrations"]] },
  cli: { entry: "cli/render.ts", out: "render.js" },
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
  const base = target.out.replace(/\.js$/, "");
  // This target's previous chunks (hash-named) go; other targets' files and the package build stay.
  if (existsSync(outdir)) {
    for (const f of readdirSync(outdir)) if (f === target.out || f.startsWith(`${base}-`)) rmSync(join(outdir, f));
  }
  const result = await Bun.build({
    entrypoints: [join(root, target.entry)],
    outdir,
    target: "bun",
    format: "esm",
    minify: true,
    // The renderers the engine imports on first use stay separate files, loaded only when asked for.
    splitting: true,
    naming: { entry: target.out, chunk: `${base}-[name]-[hash].[ext]` },
  });
  if (!result.success) {
    for (const log of result.logs) console.error(log);
    throw new Error(`bundling ${target.entry} failed`);
  }
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

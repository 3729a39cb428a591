/**
 * Builds the package's JavaScript for hosts that cannot run its TypeScript (`npm run build`, run
 * by `npm pack` through `prepack`):
 *  - dist/      Node.js and Deno (Deno strips no types under node_modules): the engine
 *               (`index.js`), the Node and Deno loaders (`node.js`, `deno.js`), `copy-assets.js`
 *               (the `skhema-copy-assets` command) and shared chunks; npm dependencies stay imports
 *               (found in node_modules). One folder below the package root, like hosts/, so the
 *               asset manifest finds the grammars from either.
 *  - dist/web/  browsers and workers: the engine, `browser.js` and `worker.js` with every
 *               dependency bundled in (a page or worker has no module resolver), minified; the
 *               renderers stay separate chunks loaded on first use.
 *  - dist/types/ declarations for every entry (tsc, tsconfig.build.json).
 * Bun imports the TypeScript source directly (package.json `exports` conditions).
 *
 *   bun scripts/build.ts [--no-types]
 */
import { existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { webTreeSitterNotNode } from "./web-tree-sitter-not-node.ts";

const root = join(import.meta.dir, "..");
const dist = join(root, "dist");
// Chunks carry a prefix so a rebuild removes exactly this build's files: dist/ also holds the
// fast-start bundles of scripts/bundle.ts (server.js, render.js and theirs), which stay.
const naming = { entry: "[name].[ext]", chunk: "pkg-[name]-[hash].[ext]" };
const ENTRIES = ["index.js", "node.js", "deno.js", "copy-assets.js"];

async function build(config: Parameters<typeof Bun.build>[0]): Promise<void> {
  const result = await Bun.build(config);
  if (!result.success) {
    for (const log of result.logs) console.error(log);
    throw new Error(`build of ${config.outdir} failed`);
  }
  for (const output of result.outputs) console.log(`${output.path.slice(root.length + 1).padEnd(40)} ${(output.size / 1024).toFixed(0).padStart(6)} KiB`);
}

if (existsSync(dist)) {
  for (const f of readdirSync(dist)) if (ENTRIES.includes(f) || f.startsWith("pkg-")) rmSync(join(dist, f));
}
for (const folder of ["web", "types"]) rmSync(join(dist, folder), { recursive: true, force: true });
await build({
  entrypoints: ["engine/index.ts", "hosts/node.ts", "hosts/deno.ts"].map((f) => join(root, f)),
  outdir: dist,
  target: "node",
  format: "esm",
  splitting: true,
  packages: "external",
  naming,
});
// The command on its own (a shebang line for npm's bin link); it shares no module state with the engine.
await build({
  entrypoints: [join(root, "scripts/copy-assets.ts")],
  outdir: dist,
  target: "node",
  format: "esm",
  packages: "external",
  banner: "#!/usr/bin/env node",
  naming,
});
await build({
  entrypoints: ["engine/index.ts", "hosts/browser.ts", "hosts/worker.ts"].map((f) => join(root, f)),
  outdir: join(dist, "web"),
  target: "browser",
  format: "esm",
  splitting: true,
  minify: true,
  naming,
  plugins: [webTreeSitterNotNode],
});
if (!process.argv.includes("--no-types")) {
  const tsc = Bun.spawnSync([join(root, "node_modules/.bin/tsc"), "-p", join(root, "tsconfig.build.json")], { stdout: "inherit", stderr: "inherit" });
  if (tsc.exitCode !== 0) throw new Error("declarations failed");
  console.log("dist/types/ (declarations)");
}

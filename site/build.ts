/**
 * Builds the site's client: the page scripts and the engine worker (bundled for browsers with
 * `bun build`, shared code split into chunks, each language's editor support and each export
 * format's renderer a chunk of its own, loaded on first use), the styles, and the service worker
 * with the list of files it stores for offline use. Output: site/dist/ (served by site/server).
 * Run by `npm start` before the server; `bun site/build.ts` alone rebuilds.
 */
import { createHash } from "node:crypto";
import { cp, mkdir, readdir, readFile, rm } from "node:fs/promises";
import type { AssetName } from "../engine/assets.ts";

const root = new URL("./", import.meta.url);
const dist = new URL("dist/", root);
const staticDir = new URL("static/", dist);

/** Assets the first example (Python, Tinos) needs, stored on install; the others on first use. */
const PRECACHED_ASSETS: AssetName[] = ["web-tree-sitter.wasm", "tree-sitter-python.wasm", "Tinos-Regular.ttf"];

async function bundle(config: Parameters<typeof Bun.build>[0]): Promise<void> {
  const result = await Bun.build(config);
  if (!result.success) {
    for (const log of result.logs) console.error(log);
    throw new Error("site build failed");
  }
}

export async function buildSite(): Promise<void> {
  await rm(dist, { recursive: true, force: true });
  await mkdir(staticDir, { recursive: true });
  await bundle({
    entrypoints: ["playground.ts", "worker.ts", "account.ts", "report.ts"].map((f) => new URL(`client/${f}`, root).pathname),
    outdir: staticDir.pathname,
    target: "browser",
    format: "esm",
    splitting: true,
    minify: true,
    naming: { entry: "[name].[ext]", chunk: "[name]-[hash].[ext]", asset: "[name]-[hash].[ext]" },
  });
  await cp(new URL("styles.css", root), new URL("styles.css", staticDir));
  await cp(new URL("icon.svg", root), new URL("icon.svg", staticDir));

  const files = (await readdir(staticDir)).sort();
  const hash = createHash("sha256");
  for (const file of files) hash.update(file).update(await readFile(new URL(file, staticDir)));
  const precache = ["/", ...files.map((f) => `/static/${f}`), ...PRECACHED_ASSETS.map((a) => `/assets/${a}`)];
  await bundle({
    entrypoints: [new URL("client/sw.ts", root).pathname],
    outdir: dist.pathname,
    target: "browser",
    minify: true,
    naming: "sw.js",
    define: { PRECACHE: JSON.stringify(precache), VERSION: JSON.stringify(hash.digest("hex").slice(0, 16)) },
  });
}

if (import.meta.main) {
  const started = performance.now();
  await buildSite();
  console.log(`site: built site/dist in ${Math.round(performance.now() - started)} ms`);
}

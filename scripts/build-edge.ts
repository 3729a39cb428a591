/**
 * Builds the edge deployment of the API (server/edge/worker.ts) into one folder a Cloudflare
 * Worker (wrangler with `no_bundle`) or workerd serves as is: `worker.js` (the app and engine in one
 * minified module; `node:` built-ins stay imports, which `nodejs_compat` provides) and every engine
 * asset beside it under its asset name (`.wasm` → CompiledWasm modules, `.ttf` → Data modules).
 *
 *   npm run build:edge [-- <dir>]        (default dist/edge)
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import { ASSET_NAMES } from "../hosts/asset-manifest.ts";
import { copyAssets } from "./assets-folder.ts";
import { webTreeSitterNotNode } from "./web-tree-sitter-not-node.ts";
import { workerAssetModules } from "./worker-assets-plugin.ts";

const root = join(import.meta.dir, "..");
const dir = process.argv[2] ?? join(root, "dist/edge");

rmSync(dir, { recursive: true, force: true });
const result = await Bun.build({
  entrypoints: [join(root, "server/edge/worker.ts")],
  outdir: dir,
  target: "browser",
  format: "esm",
  minify: true,
  external: ["node:*", "*.wasm", "*.ttf"],
  naming: "[name].[ext]",
  plugins: [webTreeSitterNotNode, workerAssetModules(ASSET_NAMES)],
});
if (!result.success) {
  for (const log of result.logs) console.error(log);
  throw new Error("edge build failed");
}
const files = [...result.outputs.map((o) => ({ name: o.path.slice(dir.length + 1), bytes: o.size })), ...copyAssets(dir, ASSET_NAMES)];
for (const { name, bytes } of files) console.log(`${name.padEnd(28)} ${(bytes / 1024).toFixed(0).padStart(6)} KiB`);
console.log(`${"total".padEnd(28)} ${(files.reduce((s, f) => s + f.bytes, 0) / 1024).toFixed(0).padStart(6)} KiB → ${dir}`);

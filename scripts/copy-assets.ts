/**
 * Copies the engine's assets into a static folder under their asset names, for hosts that fetch
 * them (hosts/browser.ts: `browserAssets("/assets/")` then loads `/assets/tree-sitter-python.wasm`).
 *
 *   npm run assets:copy -- <dir> [--only name,name,…]
 *   npx skhema-copy-assets <dir> [--only …]          (installed package; dist/copy-assets.js)
 *
 * `--only` copies just the named assets (e.g. a Python-only SVG page needs only
 * `web-tree-sitter.wasm,tree-sitter-python.wasm`). Prints each file with its size.
 * Runs on Bun and Node (node:fs, no Bun globals).
 */
import { parseArgs } from "node:util";
import type { AssetName } from "../engine/assets.ts";
import { ASSET_NAMES, isAssetName } from "../hosts/asset-manifest.ts";
import { copyAssets } from "./assets-folder.ts";

function usage(message: string): never {
  console.error(`${message}\nusage: copy-assets <dir> [--only name,name,…]\nassets: ${ASSET_NAMES.join(", ")}`);
  process.exit(2);
}

function selected(only: string | undefined): AssetName[] {
  if (only === undefined) return ASSET_NAMES;
  const names = only.split(",").map((n) => n.trim()).filter((n) => n !== "");
  const unknown = names.filter((n) => !isAssetName(n));
  if (unknown.length > 0) usage(`unknown asset(s): ${unknown.join(", ")}`);
  return names as AssetName[];
}

const { values, positionals } = (() => {
  try {
    return parseArgs({ options: { only: { type: "string" } }, allowPositionals: true });
  } catch (e) {
    return usage(e instanceof Error ? e.message : String(e));
  }
})();
if (positionals.length !== 1) usage("give exactly one target folder");
const dir = positionals[0]!;
let total = 0;
for (const { name, bytes } of copyAssets(dir, selected(values.only))) {
  total += bytes;
  console.log(`${name.padEnd(28)} ${(bytes / 1024).toFixed(0).padStart(6)} KiB`);
}
console.log(`${"total".padEnd(28)} ${(total / 1024).toFixed(0).padStart(6)} KiB → ${dir}`);

/**
 * Asset loader for workers that receive their assets as modules — Cloudflare Workers and workerd,
 * which forbid compiling WASM at run time: a `.wasm` file is imported as a compiled
 * `WebAssembly.Module` (wrangler's `CompiledWasm` rule, workerd's `wasm` module), a font as bytes
 * (`Data` rule / `data` module, an ArrayBuffer). Only the assets handed over exist: a worker bundles
 * just the grammars and fonts it needs (a worker's size is limited; see docs/library.md).
 *
 * The files to import are the manifest's (hosts/asset-manifest.ts; `./grammars/…` is `skhema/grammars/…`):
 *
 *   import { render } from "skhema";
 *   import { workerAssets } from "skhema/worker";
 *   import treeSitter from "web-tree-sitter/web-tree-sitter.wasm";
 *   import python from "skhema/grammars/tree-sitter-python.wasm";
 *   const assets = workerAssets({ "web-tree-sitter.wasm": treeSitter, "tree-sitter-python.wasm": python });
 */
import type { AssetLoader, AssetName, FontAssetName, WasmAsset, WasmAssetName } from "../engine/assets.ts";

export type WorkerAssetModules = { readonly [N in WasmAssetName]?: WebAssembly.Module } & {
  readonly [N in FontAssetName]?: ArrayBuffer | Uint8Array;
};

export function workerAssets(modules: WorkerAssetModules): AssetLoader {
  function load(name: FontAssetName): Promise<Uint8Array>;
  function load(name: WasmAssetName): Promise<WasmAsset>;
  function load(name: AssetName): Promise<WasmAsset>;
  async function load(name: AssetName): Promise<WasmAsset> {
    const asset = modules[name];
    if (asset === undefined) throw new Error(`asset ${name} is not part of this worker: import it and pass it to workerAssets()`);
    return asset instanceof ArrayBuffer ? new Uint8Array(asset) : asset;
  }
  return { load };
}

/**
 * Asset loader for hosts running on Bun (CLI, server, tests): reads each asset's file from where
 * the manifest (hosts/asset-manifest.ts) says it is. Not part of the portable core.
 */
import type { AssetLoader, AssetName } from "../engine/assets.ts";
import { assetFileUrl } from "./asset-manifest.ts";

export const bunAssets: AssetLoader = {
  async load(name: AssetName) {
    return new Uint8Array(await Bun.file(assetFileUrl(name)).arrayBuffer());
  },
};

/**
 * JavaScriptCore grows its heap lazily: a process rendering many charts in a row keeps its RSS
 * far above the live data (~70 MB) unless it is told to collect now and then. Long-running Bun
 * hosts call the returned function once per render.
 */
export function gcHint(every = 10): () => void {
  let count = 0;
  return () => {
    if (++count % every === 0) Bun.gc(false);
  };
}

/**
 * A full, synchronous collection. After a large piece of work (a batch of 100 PDFs peaks at a few
 * hundred MB) it returns the memory now instead of whenever the heap next grows; tens of ms
 * against a batch's second or more.
 */
export function fullGc(): void {
  Bun.gc(true);
}

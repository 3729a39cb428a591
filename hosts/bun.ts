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
 * A full, synchronous collection. After a large piece of work (a batch of 100 PDFs peaks at a few
 * hundred MB) it returns the memory now instead of whenever the heap next grows; tens of ms
 * against a batch's second or more.
 */
export function fullGc(): void {
  Bun.gc(true);
}

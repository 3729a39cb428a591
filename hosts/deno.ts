/**
 * Asset loader for Deno: reads each asset's file from where the manifest (hosts/asset-manifest.ts)
 * says it is (needs `--allow-read` for the package folder). Deno runs the TypeScript source directly.
 */
import type { AssetLoader, AssetName } from "../engine/assets.ts";
import { assetFileUrl } from "./asset-manifest.ts";

/** The one Deno API this loader uses (the repository type-checks against Bun's types, not Deno's). */
declare const Deno: { readFile(path: URL): Promise<Uint8Array> };

export const denoAssets: AssetLoader = {
  async load(name: AssetName) {
    return Deno.readFile(assetFileUrl(name));
  },
};

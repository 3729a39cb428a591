/**
 * Asset loader for Node.js (≥ 20.6: `import.meta.resolve`): reads each asset's file from where the
 * manifest (hosts/asset-manifest.ts) says it is. Node runs the built bundle `dist/node.js` (Node 20
 * cannot run TypeScript); Node ≥ 22.6 can also run this source with type stripping.
 */
import { readFile } from "node:fs/promises";
import type { AssetLoader, AssetName } from "../engine/assets.ts";
import { assetFileUrl } from "./asset-manifest.ts";

export const nodeAssets: AssetLoader = {
  async load(name: AssetName) {
    const file = await readFile(assetFileUrl(name));
    return new Uint8Array(file.buffer, file.byteOffset, file.byteLength);
  },
};

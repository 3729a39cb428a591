/**
 * Copies engine assets into a folder under their asset names (the files the manifest,
 * hosts/asset-manifest.ts, points at). Used by `assets:copy` and the edge build.
 */
import { copyFileSync, mkdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { AssetName } from "../engine/assets.ts";
import { assetFileUrl } from "../hosts/asset-manifest.ts";

/** Copies `names` into `dir` (created if missing); returns each file's size in bytes. */
export function copyAssets(dir: string, names: readonly AssetName[]): { name: AssetName; bytes: number }[] {
  mkdirSync(dir, { recursive: true });
  return names.map((name) => {
    const target = join(dir, name);
    copyFileSync(fileURLToPath(assetFileUrl(name)), target);
    return { name, bytes: statSync(target).size };
  });
}

/**
 * The asset manifest (hosts/asset-manifest.ts) and the copy command (scripts/copy-assets.ts): every
 * asset the engine can ask for resolves to a real file, and the copy lands exactly the assets asked
 * for under their asset names.
 */
import { describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { FONTS } from "../engine/fonts.ts";
import { ASSET_FILES, ASSET_NAMES, assetFileUrl, isAssetName } from "../hosts/asset-manifest.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const root = fileURLToPath(new URL("../", import.meta.url));

function copyAssets(...args: string[]) {
  return Bun.spawnSync([process.execPath, "scripts/copy-assets.ts", ...args], { cwd: root, stdout: "pipe", stderr: "pipe" });
}

describe("asset manifest", () => {
  test("every asset resolves to a file of the right kind", () => {
    for (const name of ASSET_NAMES) {
      const bytes = readFileSync(assetFileUrl(name));
      const magic = [...bytes.subarray(0, 4)].map((b) => b.toString(16).padStart(2, "0")).join("");
      expect([name, magic]).toEqual([name, name.endsWith(".wasm") ? "0061736d" : "00010000"]);
    }
  });

  test("covers every font of the allowlist; names are recognised", () => {
    for (const font of Object.values(FONTS)) expect(Object.keys(ASSET_FILES)).toContain(font.asset);
    expect(isAssetName("tree-sitter-python.wasm")).toBe(true);
    expect(isAssetName("toString")).toBe(false);
    expect(isAssetName("../package.json")).toBe(false);
  });
});

describe("copy-assets", () => {
  test("--only copies just the named assets, byte for byte", () => {
    const dir = mkdtempSync(join(tmpdir(), "skhema-assets-"));
    try {
      const run = copyAssets(dir, "--only", "web-tree-sitter.wasm,tree-sitter-python.wasm");
      expect(run.exitCode).toBe(0);
      expect(readdirSync(dir).sort()).toEqual(["tree-sitter-python.wasm", "web-tree-sitter.wasm"]);
      expect(readFileSync(join(dir, "tree-sitter-python.wasm")).equals(readFileSync(assetFileUrl("tree-sitter-python.wasm")))).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("without --only copies all assets", () => {
    const dir = mkdtempSync(join(tmpdir(), "skhema-assets-"));
    try {
      expect(copyAssets(dir).exitCode).toBe(0);
      expect(readdirSync(dir).sort()).toEqual([...ASSET_NAMES].sort());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("an unknown asset name or a missing folder is a usage error listing the assets", () => {
    const dir = mkdtempSync(join(tmpdir(), "skhema-assets-"));
    try {
      const unknown = copyAssets(dir, "--only", "tree-sitter-cobol.wasm");
      expect(unknown.exitCode).toBe(2);
      expect(unknown.stderr.toString()).toContain("unknown asset(s): tree-sitter-cobol.wasm");
      expect(unknown.stderr.toString()).toContain("tree-sitter-python.wasm");
      expect(readdirSync(dir)).toEqual([]);
      expect(copyAssets().exitCode).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("workerAssets", () => {
  // In a fresh process: this one may have loaded the runtime, grammars and rasteriser already.
  test("an asset the worker was built without fails the render with render_failed naming it", () => {
    const run = Bun.spawnSync([process.execPath, "test/hosts/missing-assets.ts"], { cwd: root, stdout: "pipe", stderr: "pipe" });
    expect(run.exitCode).toBe(0);
    const outcomes = JSON.parse(run.stdout.toString()) as { format: string; code?: string; message: string }[];
    expect(outcomes.map((o) => [o.format, o.code])).toEqual([["svg", "render_failed"], ["png", "render_failed"], ["pdf", "render_failed"]]);
    for (const o of outcomes) expect(o.message).toMatch(/asset \S+ is not part of this worker/);
  });
});

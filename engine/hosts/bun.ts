/**
 * Asset loader for hosts running on Bun (CLI, server, tests): reads the grammars from `grammars/`
 * and the tree-sitter runtime from its npm package. Not part of the portable core.
 */
import type { AssetLoader, AssetName } from "../assets.ts";

const repoRoot = new URL("../../", import.meta.url);

function locate(name: AssetName): URL {
  switch (name) {
    case "web-tree-sitter.wasm":
      return new URL(import.meta.resolve("web-tree-sitter/web-tree-sitter.wasm"));
    case "tree-sitter-python.wasm":
      return new URL(`grammars/${name}`, repoRoot);
  }
}

export const bunAssets: AssetLoader = {
  async load(name) {
    return new Uint8Array(await Bun.file(locate(name)).arrayBuffer());
  },
};

/**
 * Asset loader for hosts running on Bun (CLI, server, tests): reads the grammars from `grammars/`,
 * and the tree-sitter runtime, the rasterizer and the fonts from their npm packages. Not part of the portable core.
 */
import type { AssetLoader, AssetName } from "../engine/assets.ts";

const repoRoot = new URL("../", import.meta.url);

function locate(name: AssetName): URL {
  switch (name) {
    case "web-tree-sitter.wasm":
      return new URL(import.meta.resolve("web-tree-sitter/web-tree-sitter.wasm"));
    case "resvg.wasm":
      return new URL(import.meta.resolve("@resvg/resvg-wasm/index_bg.wasm"));
    case "Tinos-Regular.ttf":
      return new URL(import.meta.resolve("@expo-google-fonts/tinos/400Regular/Tinos_400Regular.ttf"));
    case "Arimo-Regular.ttf":
      return new URL(import.meta.resolve("@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf"));
    case "PTSerif-Regular.ttf":
      return new URL(import.meta.resolve("@expo-google-fonts/pt-serif/400Regular/PTSerif_400Regular.ttf"));
    case "PTSans-Regular.ttf":
      return new URL(import.meta.resolve("@expo-google-fonts/pt-sans/400Regular/PTSans_400Regular.ttf"));
    case "DejaVuSans.ttf":
      return new URL(import.meta.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"));
    default:
      return new URL(`grammars/${name}`, repoRoot);
  }
}

export const bunAssets: AssetLoader = {
  async load(name) {
    return new Uint8Array(await Bun.file(locate(name)).arrayBuffer());
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

/**
 * The engine's assets for the CLI (render --local, the MCP server's PNG preview), imported as files:
 * `bun build --compile` embeds every statically imported file in the executable, so the single-file
 * `skhema` binary renders with no repository or node_modules beside it; run from the repository the
 * same imports are plain paths on disk, and a bundle (scripts/bundle.ts) has them beside its chunks. The Record type makes the compiler insist on every asset
 * the engine may ask for.
 */
import type { AssetLoader, AssetName } from "../engine/assets.ts";
import webTreeSitter from "web-tree-sitter/web-tree-sitter.wasm" with { type: "file" };
import python from "../grammars/tree-sitter-python.wasm" with { type: "file" };
import c from "../grammars/tree-sitter-c.wasm" with { type: "file" };
import cpp from "../grammars/tree-sitter-cpp.wasm" with { type: "file" };
import java from "../grammars/tree-sitter-java.wasm" with { type: "file" };
import csharp from "../grammars/tree-sitter-c_sharp.wasm" with { type: "file" };
import resvg from "@resvg/resvg-wasm/index_bg.wasm" with { type: "file" };
import tinos from "@expo-google-fonts/tinos/400Regular/Tinos_400Regular.ttf" with { type: "file" };
import arimo from "@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf" with { type: "file" };
import ptSerif from "@expo-google-fonts/pt-serif/400Regular/PTSerif_400Regular.ttf" with { type: "file" };
import ptSans from "@expo-google-fonts/pt-sans/400Regular/PTSans_400Regular.ttf" with { type: "file" };
import dejavu from "dejavu-fonts-ttf/ttf/DejaVuSans.ttf" with { type: "file" };

/**
 * `with { type: "file" }` makes Bun hand over the file's path. TypeScript's one ambient type for
 * `*.wasm` / `*.ttf` imports describes the worker's module rules instead (hosts/worker-modules.d.ts),
 * so the value is checked here rather than trusted.
 */
function filePath(imported: unknown): string {
  if (typeof imported !== "string") throw new Error("an asset import did not give a file path: is this running on Bun?");
  return imported;
}

/** Each asset's path: on disk from the repository, inside the executable when compiled. */
export const CLI_ASSET_PATHS: Record<AssetName, string> = {
  "web-tree-sitter.wasm": filePath(webTreeSitter),
  "tree-sitter-python.wasm": filePath(python),
  "tree-sitter-c.wasm": filePath(c),
  "tree-sitter-cpp.wasm": filePath(cpp),
  "tree-sitter-java.wasm": filePath(java),
  "tree-sitter-c_sharp.wasm": filePath(csharp),
  "resvg.wasm": filePath(resvg),
  "Tinos-Regular.ttf": filePath(tinos),
  "Arimo-Regular.ttf": filePath(arimo),
  "PTSerif-Regular.ttf": filePath(ptSerif),
  "PTSans-Regular.ttf": filePath(ptSans),
  "DejaVuSans.ttf": filePath(dejavu),
};

/**
 * A plain `bun build` bundle (not --compile) copies the files beside its chunks and imports them as
 * `./name-hash.ext`: relative to this module, not to the working folder.
 */
const located = (path: string) => (path.startsWith("./") || path.startsWith("../") ? new URL(path, import.meta.url) : path);

export const cliAssets: AssetLoader = {
  async load(name) {
    return new Uint8Array(await Bun.file(located(CLI_ASSET_PATHS[name])).arrayBuffer());
  },
};

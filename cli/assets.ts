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
import javascript from "../grammars/tree-sitter-javascript.wasm" with { type: "file" };
import typescript from "../grammars/tree-sitter-typescript.wasm" with { type: "file" };
import tsx from "../grammars/tree-sitter-tsx.wasm" with { type: "file" };
import go from "../grammars/tree-sitter-go.wasm" with { type: "file" };
import php from "../grammars/tree-sitter-php.wasm" with { type: "file" };
import resvg from "@resvg/resvg-wasm/index_bg.wasm" with { type: "file" };
import tinos from "@expo-google-fonts/tinos/400Regular/Tinos_400Regular.ttf" with { type: "file" };
import arimo from "@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf" with { type: "file" };
import ptSerif from "@expo-google-fonts/pt-serif/400Regular/PTSerif_400Regular.ttf" with { type: "file" };
import ptSans from "@expo-google-fonts/pt-sans/400Regular/PTSans_400Regular.ttf" with { type: "file" };
import dejavu from "dejavu-fonts-ttf/ttf/DejaVuSans.ttf" with { type: "file" };
import tinosBold from "@expo-google-fonts/tinos/700Bold/Tinos_700Bold.ttf" with { type: "file" };
import dejavuMono from "dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf" with { type: "file" };

/** Each asset's path: on disk from the repository, inside the executable when compiled. */
export const CLI_ASSET_PATHS: Record<AssetName, string> = {
  "web-tree-sitter.wasm": webTreeSitter,
  "tree-sitter-python.wasm": python,
  "tree-sitter-c.wasm": c,
  "tree-sitter-cpp.wasm": cpp,
  "tree-sitter-java.wasm": java,
  "tree-sitter-c_sharp.wasm": csharp,
  "tree-sitter-javascript.wasm": javascript,
  "tree-sitter-typescript.wasm": typescript,
  "tree-sitter-tsx.wasm": tsx,
  "tree-sitter-go.wasm": go,
  "tree-sitter-php.wasm": php,
  "resvg.wasm": resvg,
  "Tinos-Regular.ttf": tinos,
  "Arimo-Regular.ttf": arimo,
  "PTSerif-Regular.ttf": ptSerif,
  "PTSans-Regular.ttf": ptSans,
  "DejaVuSans.ttf": dejavu,
  "Tinos-Bold.ttf": tinosBold,
  "DejaVuSansMono.ttf": dejavuMono,
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

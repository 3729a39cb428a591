/**
 * Where every engine asset lives in the installed package: the one list all host loaders (Bun,
 * Deno, Node), `scripts/copy-assets.ts` and the worker build read. A value is a module specifier:
 *  - `./…` — a file shipped in this package, relative to the package root (the grammars);
 *  - anything else — a file of an npm dependency (`<package>/<file>`), found by the module resolver,
 *    so it works wherever npm, Bun or Deno put that dependency (hoisted or not).
 * Web-standard only (this module is also part of the browser and worker bundles).
 */
import type { AssetName } from "../engine/assets.ts";

export const ASSET_FILES: Readonly<Record<AssetName, string>> = {
  "web-tree-sitter.wasm": "web-tree-sitter/web-tree-sitter.wasm",
  "tree-sitter-python.wasm": "./grammars/tree-sitter-python.wasm",
  "tree-sitter-c.wasm": "./grammars/tree-sitter-c.wasm",
  "tree-sitter-cpp.wasm": "./grammars/tree-sitter-cpp.wasm",
  "tree-sitter-java.wasm": "./grammars/tree-sitter-java.wasm",
  "tree-sitter-c_sharp.wasm": "./grammars/tree-sitter-c_sharp.wasm",
  "tree-sitter-javascript.wasm": "./grammars/tree-sitter-javascript.wasm",
  "tree-sitter-typescript.wasm": "./grammars/tree-sitter-typescript.wasm",
  "tree-sitter-tsx.wasm": "./grammars/tree-sitter-tsx.wasm",
  "tree-sitter-go.wasm": "./grammars/tree-sitter-go.wasm",
  "tree-sitter-php.wasm": "./grammars/tree-sitter-php.wasm",
  "resvg.wasm": "@resvg/resvg-wasm/index_bg.wasm",
  "Tinos-Regular.ttf": "@expo-google-fonts/tinos/400Regular/Tinos_400Regular.ttf",
  "Arimo-Regular.ttf": "@expo-google-fonts/arimo/400Regular/Arimo_400Regular.ttf",
  "PTSerif-Regular.ttf": "@expo-google-fonts/pt-serif/400Regular/PTSerif_400Regular.ttf",
  "PTSans-Regular.ttf": "@expo-google-fonts/pt-sans/400Regular/PTSans_400Regular.ttf",
  "DejaVuSans.ttf": "dejavu-fonts-ttf/ttf/DejaVuSans.ttf",
  "Tinos-Bold.ttf": "@expo-google-fonts/tinos/700Bold/Tinos_700Bold.ttf",
  "DejaVuSansMono.ttf": "dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf",
};

/** Every asset name, in the manifest's order. */
export const ASSET_NAMES = Object.keys(ASSET_FILES) as AssetName[];

/** Is `name` one of the engine's assets? */
export function isAssetName(name: string): name is AssetName {
  return Object.hasOwn(ASSET_FILES, name);
}

/** The package root: this module sits one folder below it, in `hosts/` (source) or `dist/` (built). */
const packageRoot = new URL("../", import.meta.url);

/**
 * The file URL of an asset, for hosts with a module resolver and a file system (Bun, Deno, Node).
 * Resolution starts here, inside this package, so dependencies are found where the package
 * manager put them.
 */
export function assetFileUrl(name: AssetName): URL {
  const file = ASSET_FILES[name];
  return file.startsWith("./") ? new URL(file, packageRoot) : new URL(import.meta.resolve(file));
}

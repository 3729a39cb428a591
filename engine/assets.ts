/**
 * The one way assets (WASM grammars, fonts) enter the portable engine. Each host (Bun CLI, server,
 * browser, worker) provides a loader; the engine never touches a file system or `fetch` itself.
 */

/** WASM assets: a loader may hand these over as bytes or as an already compiled module. */
export type WasmAssetName =
  | "web-tree-sitter.wasm"
  | "tree-sitter-python.wasm"
  | "tree-sitter-c.wasm"
  | "tree-sitter-cpp.wasm"
  | "tree-sitter-java.wasm"
  | "tree-sitter-c_sharp.wasm"
  | "tree-sitter-javascript.wasm"
  | "tree-sitter-typescript.wasm"
  | "tree-sitter-tsx.wasm"
  | "tree-sitter-go.wasm"
  | "tree-sitter-php.wasm"
  /** @resvg/resvg-wasm's rasterizer. */
  | "resvg.wasm";

/** Font files: always bytes (the PDF renderer and resvg read them). */
export type FontAssetName =
  /** Block text font (metric twin of Times New Roman). */
  | "Tinos-Regular.ttf"
  /** The other fonts of the allowlist (engine/fonts.ts). */
  | "Arimo-Regular.ttf"
  | "PTSerif-Regular.ttf"
  | "PTSans-Regular.ttf"
  /** Fallback for glyphs Tinos lacks (∈ ∉ ∧ ∨ and other math signs). */
  | "DejaVuSans.ttf"
  /** The report document (engine/report/): its bold headings and its monospace listings. */
  | "Tinos-Bold.ttf"
  | "DejaVuSansMono.ttf";

export type AssetName = WasmAssetName | FontAssetName;

/** A WASM asset as a host hands it over: compiled already where the host cannot compile at run time (workerd). */
export type WasmAsset = Uint8Array | WebAssembly.Module;

export interface AssetLoader {
  load(name: FontAssetName): Promise<Uint8Array>;
  load(name: WasmAssetName): Promise<WasmAsset>;
  load(name: AssetName): Promise<WasmAsset>;
}

/** Is `name` a WASM asset (which a loader may hand over compiled)? */
export function isWasmAsset(name: AssetName): name is WasmAssetName {
  return name.endsWith(".wasm");
}

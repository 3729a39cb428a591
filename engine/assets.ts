/**
 * The one way assets (WASM grammars, fonts) enter the portable engine. Each host (Bun CLI, server,
 * browser, worker) provides a loader; the engine never touches a file system or `fetch` itself.
 */
export type AssetName =
  | "web-tree-sitter.wasm"
  | "tree-sitter-python.wasm"
  | "tree-sitter-c.wasm"
  | "tree-sitter-cpp.wasm"
  | "tree-sitter-java.wasm"
  | "tree-sitter-c_sharp.wasm"
  /** @resvg/resvg-wasm's rasterizer. */
  | "resvg.wasm"
  /** Block text font (metric twin of Times New Roman). */
  | "Tinos-Regular.ttf"
  /** The other fonts of the allowlist (engine/fonts.ts). */
  | "Arimo-Regular.ttf"
  | "PTSerif-Regular.ttf"
  | "PTSans-Regular.ttf"
  /** Fallback for glyphs Tinos lacks (∈ ∉ ∧ ∨ and other math signs). */
  | "DejaVuSans.ttf";

export interface AssetLoader {
  load(name: AssetName): Promise<Uint8Array>;
}

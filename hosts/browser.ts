/**
 * Asset loader for browsers (pages and Web Workers): fetches each asset from a static folder,
 * `new URL(assetName, baseUrl)` — fill the folder with `npm run assets:copy -- <dir>`
 * (scripts/copy-assets.ts). Assets are fetched on first need only: a page that renders Python to
 * SVG fetches the tree-sitter runtime and the Python grammar, never the C# grammar or the fonts.
 * WASM is compiled while it downloads (`WebAssembly.compileStreaming`) when the server sends
 * `application/wasm`; otherwise from the bytes. Either way the engine gets a `WebAssembly.Module`.
 * Needs `'wasm-unsafe-eval'` in a page's Content-Security-Policy `script-src`.
 */
import { isWasmAsset, type AssetLoader, type AssetName, type FontAssetName, type WasmAsset, type WasmAssetName } from "../engine/assets.ts";

async function fetchAsset(url: URL): Promise<Response> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`cannot load ${url.href}: HTTP ${response.status}`);
  return response;
}

async function compile(response: Response): Promise<WebAssembly.Module> {
  const type = response.headers.get("content-type") ?? "";
  if (type.split(";")[0]!.trim().toLowerCase() === "application/wasm") return WebAssembly.compileStreaming(response);
  return WebAssembly.compile(await response.arrayBuffer());
}

export function browserAssets(baseUrl: string | URL): AssetLoader {
  // Relative base URLs ("/assets/") are taken relative to the page or worker script.
  const base = new URL(baseUrl, globalThis.location?.href);
  function load(name: FontAssetName): Promise<Uint8Array>;
  function load(name: WasmAssetName): Promise<WasmAsset>;
  function load(name: AssetName): Promise<WasmAsset>;
  async function load(name: AssetName): Promise<WasmAsset> {
    const response = await fetchAsset(new URL(name, base));
    return isWasmAsset(name) ? compile(response) : new Uint8Array(await response.arrayBuffer());
  }
  return { load };
}

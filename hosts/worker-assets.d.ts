// `import modules from "skhema:worker-assets"`: the engine's assets as a worker's modules, by asset
// name — WASM compiled by workerd, fonts as bytes (generated at build: scripts/worker-assets-plugin.ts).
declare module "skhema:worker-assets" {
  const modules: { readonly [name: `${string}.wasm`]: WebAssembly.Module } & { readonly [name: `${string}.ttf`]: ArrayBuffer };
  export default modules;
}

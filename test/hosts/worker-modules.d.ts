// How workerd (and wrangler's CompiledWasm / Data rules) hand a worker its non-JS modules.
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
declare module "*.ttf" {
  const bytes: ArrayBuffer;
  export default bytes;
}

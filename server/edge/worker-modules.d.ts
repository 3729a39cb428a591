// How workerd (and wrangler's CompiledWasm / Data rules) hand a worker its non-JS modules: `import m
// from "./x.wasm"` is a compiled module, `import b from "./x.ttf"` the file's bytes.
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
declare module "*.ttf" {
  const bytes: ArrayBuffer;
  export default bytes;
}

// `import path from "x.wasm" with { type: "file" }` gives the file's path: on disk when run from the
// repository, inside the executable when built with `bun build --compile` (cli/assets.ts).
declare module "*.wasm" {
  const path: string;
  export default path;
}
declare module "*.ttf" {
  const path: string;
  export default path;
}

/**
 * The engine's assets as modules of a worker: a Bun.build plugin that answers the import
 * `skhema:worker-assets` with a generated module importing each named asset as `./<asset name>`
 * (left external: workerd / wrangler load `.wasm` as a compiled module and `.ttf` as data) and
 * exporting them by asset name, ready for `workerAssets()` (hosts/worker.ts). Used by the edge build
 * and the workerd test; the type of the import is in hosts/worker-assets.d.ts. Generated rather
 * than written out so the TypeScript source has no wildcard `*.wasm` module type, which means
 * something else to Bun's file imports (cli/).
 */
import type { AssetName } from "../engine/assets.ts";

export const WORKER_ASSETS_MODULE = "skhema:worker-assets";

export function workerAssetModules(names: readonly AssetName[]): Bun.BunPlugin {
  return {
    name: "worker-asset-modules",
    setup(build) {
      build.onResolve({ filter: /^skhema:worker-assets$/ }, () => ({ path: "worker-assets", namespace: "skhema" }));
      build.onLoad({ filter: /.*/, namespace: "skhema" }, () => ({
        contents: [
          ...names.map((name, i) => `import asset${i} from ${JSON.stringify(`./${name}`)};`),
          `export default { ${names.map((name, i) => `${JSON.stringify(name)}: asset${i}`).join(", ")} };`,
        ].join("\n"),
        loader: "js",
      }));
    },
  };
}

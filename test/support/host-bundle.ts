/**
 * Bundles a cross-host test harness (test/hosts/*-host.ts) for a runtime that cannot run the
 * TypeScript source: imports of chosen source files (the engine, a host loader) become external
 * imports of the built files that runtime really uses (dist/…), so the test exercises the package
 * build, not a copy of the source bundled into the harness.
 */
import { dirname, resolve } from "node:path";

export async function bundleHarness(options: {
  entry: string;
  outdir: string;
  target: "node" | "browser";
  /** Absolute source path → the specifier the bundle imports instead (left external). */
  redirects: Readonly<Record<string, string>>;
  /** Further specifiers to leave external (e.g. "*.wasm" for workerd modules). */
  external?: string[];
  plugins?: Bun.BunPlugin[];
}): Promise<string> {
  const result = await Bun.build({
    entrypoints: [options.entry],
    outdir: options.outdir,
    target: options.target,
    format: "esm",
    external: options.external ?? [],
    plugins: [
      ...(options.plugins ?? []),
      {
        name: "redirect-to-build",
        setup(build) {
          build.onResolve({ filter: /^\.\.?\// }, (args) => {
            const target = options.redirects[resolve(dirname(args.importer), args.path)];
            return target === undefined ? undefined : { path: target, external: true };
          });
        },
      },
    ],
  });
  if (!result.success) throw new AggregateError(result.logs, `bundling ${options.entry} failed`);
  return result.outputs[0]!.path;
}

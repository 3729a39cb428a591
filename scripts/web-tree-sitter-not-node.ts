/**
 * A Bun.build plugin for bundles that run in browsers and workers (scripts/build.ts's dist/web,
 * scripts/build-edge.ts). web-tree-sitter decides at run time whether it runs in Node
 * (`process.versions.node`), and its Node branches import `module` and `fs`. A browser or worker
 * never needs them — workerd with `nodejs_compat` would take them, as it sets
 * `process.versions.node` — so these bundles fix the answer to "not Node" and the minifier drops
 * those branches: no Node built-in is imported, and a downstream bundler (wrangler without
 * `nodejs_compat`, Vite) has nothing to resolve. Each text must be found exactly as written
 * (web-tree-sitter is pinned), or the build fails.
 */
export const webTreeSitterNotNode: Bun.BunPlugin = {
  name: "web-tree-sitter-not-node",
  setup(build) {
    build.onLoad({ filter: /web-tree-sitter[\\/]web-tree-sitter\.js$/ }, async ({ path }) => {
      let contents = await Bun.file(path).text();
      const replacements: [string, string][] = [
        ['var ENVIRONMENT_IS_NODE = typeof process == "object" && process.versions?.node && process.type != "renderer";', "var ENVIRONMENT_IS_NODE = false;"],
        ["if (ENVIRONMENT_IS_NODE) {", "if (false) {"],
        ["} else if (globalThis.process?.versions.node) {", "} else if (false) {"],
      ];
      for (const [from, to] of replacements) {
        if (!contents.includes(from)) throw new Error(`web-tree-sitter changed: "${from}" not found in ${path}`);
        contents = contents.replaceAll(from, to);
      }
      return { contents, loader: "js" };
    });
  },
};

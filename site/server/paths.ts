/**
 * Folders the site reads at run time, found from the repository root — the same from the sources
 * (site/server/) and from the server bundle (dist/server.js, one folder below the root).
 */
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

function repositoryRoot(): URL {
  let dir = new URL("./", import.meta.url);
  for (let i = 0; i < 4; i++) {
    if (existsSync(fileURLToPath(new URL("package.json", dir)))) return dir;
    dir = new URL("../", dir);
  }
  throw new Error(`no package.json above ${import.meta.url}`);
}

export const ROOT = repositoryRoot();
/** The built client (site/build.ts). */
export const SITE_DIST = new URL("site/dist/", ROOT);
/** The example programs the playground offers. */
export const EXAMPLES = new URL("examples/", ROOT);

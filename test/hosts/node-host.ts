/**
 * Node side of the cross-host test: renders the fixed set with the Node loader and prints it as JSON.
 * Bundled by test/hosts.test.ts with the engine and loader imports pointed at dist/ (the package's
 * Node build) or at the TypeScript source (run with test/hosts/node-strip-types.mjs).
 *   node <bundle> <sources.json>
 */
import { readFileSync } from "node:fs";
import { nodeAssets } from "../../hosts/node.ts";
import { renderSet } from "./render-set.ts";

const sources = JSON.parse(readFileSync(process.argv[2]!, "utf8")) as Record<string, string>;
process.stdout.write(JSON.stringify(await renderSet(sources, nodeAssets)));

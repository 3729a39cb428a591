/**
 * Deno side of the cross-host test: renders the fixed set with the Deno loader and prints it as
 * JSON. Bundled by test/hosts.test.ts with the engine and loader imports pointed at dist/.
 *   deno run --node-modules-dir=manual --allow-read --allow-env <bundle> <sources.json>
 */
import { denoAssets } from "../../hosts/deno.ts";
import { renderSet } from "./render-set.ts";

declare const Deno: { args: string[]; readTextFile(path: string): Promise<string> };

const sources = JSON.parse(await Deno.readTextFile(Deno.args[0]!)) as Record<string, string>;
console.log(JSON.stringify(await renderSet(sources, denoAssets)));

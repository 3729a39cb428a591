/**
 * Deno side of the cross-host test: renders the fixed set from the TypeScript source with the Deno
 * loader and prints it as JSON.
 *   deno run --allow-read --allow-env test/hosts/deno-host.ts <sources.json>
 */
import { denoAssets } from "../../hosts/deno.ts";
import { renderSet } from "./render-set.ts";

declare const Deno: { args: string[]; readTextFile(path: string): Promise<string> };

const sources = JSON.parse(await Deno.readTextFile(Deno.args[0]!)) as Record<string, string>;
console.log(JSON.stringify(await renderSet(sources, denoAssets)));

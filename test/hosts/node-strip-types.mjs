// Node's own type stripping on Node 20: amaro (the stripper Node ≥ 22.6 runs for
// --experimental-strip-types) turns each .ts module into JavaScript in "strip-only" mode, which
// refuses what Node refuses — enums, namespaces, constructor parameter properties.
//   node --import ./test/hosts/node-strip-types.mjs <entry>
import { register } from "node:module";
import { readFile } from "node:fs/promises";
import { isMainThread } from "node:worker_threads";
import { transformSync } from "amaro";

export async function load(url, context, nextLoad) {
  if (!url.startsWith("file:") || !url.endsWith(".ts")) return nextLoad(url, context);
  const source = await readFile(new URL(url), "utf8");
  const { code } = transformSync(source, { mode: "strip-only", filename: url });
  return { format: "module", source: code, shortCircuit: true };
}

// The hooks run on a thread of their own, which imports this file again: register only once.
if (isMainThread) register(import.meta.url);

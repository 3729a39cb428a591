/**
 * Renders with a worker loader that has no assets (run in a process of its own by
 * test/asset-manifest.test.ts, so nothing is loaded yet) and prints how each render failed.
 */
import { render } from "../../engine/index.ts";
import { workerAssets } from "../../hosts/worker.ts";

const cases = [
  // C: a grammar language (Python's own parser would need no asset for an SVG).
  { code: "int main(void) { return 0; }\n", lang: "c", format: "svg" },
  { code: "begin writeln(1) end.\n", lang: "pascal", format: "png" },
  { code: "begin writeln(1) end.\n", lang: "pascal", format: "pdf" },
];
const outcomes = [];
for (const input of cases) {
  try {
    await render(input, workerAssets({}));
    outcomes.push({ format: input.format, message: "rendered" });
  } catch (e) {
    outcomes.push({ format: input.format, code: (e as { code?: string }).code, message: e instanceof Error ? e.message : String(e) });
  }
}
console.log(JSON.stringify(outcomes));

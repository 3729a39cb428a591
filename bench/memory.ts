/**
 * Peak RSS of one process rendering 1000 medium charts (SVG and JSON alternately) through the public
 * entry point, sampled every 10 renders. `bun bench/memory.ts hint` asks for a collection
 * (`Bun.gc(false)`) every 10 renders, as the render workers once did; without it JavaScriptCore
 * collects on its own schedule. The two came out alike on Bun 1.4 (issue 22), while the hint cost a
 * quarter of a small render's CPU, so the workers no longer call it.
 */
import { render } from "../engine/index.ts";
import { bunAssets } from "../hosts/bun.ts";
import { program } from "./program.ts";

let renders = 0;
const hint = Bun.argv[2] === "hint" ? () => ++renders % 10 === 0 && Bun.gc(false) : null;
const code = program(6);
let peak = process.memoryUsage().rss;
for (let i = 0; i < 1000; i++) {
  await render({ code, lang: "python", format: i % 2 ? "svg" : "json" }, bunAssets);
  hint?.();
  if (i % 10 === 0) peak = Math.max(peak, process.memoryUsage().rss);
}
peak = Math.max(peak, process.memoryUsage().rss);
console.log(`peak RSS over 1000 medium renders ${hint ? "with the GC hint every 10 renders" : "without a GC hint"}: ${(peak / 1048576).toFixed(1)} MB`);

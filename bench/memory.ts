/**
 * Peak RSS of one process rendering 1000 medium charts (SVG and JSON alternately) through the public
 * entry point, sampled every 10 renders. `bun bench/memory.ts hint` calls the host's GC hint
 * (hosts/bun.ts) after each render; without it JavaScriptCore collects on its own schedule.
 */
import { render } from "../engine/index.ts";
import { bunAssets, gcHint } from "../hosts/bun.ts";
import { program } from "./program.ts";

const hint = Bun.argv[2] === "hint" ? gcHint(10) : null;
const code = program(6);
let peak = process.memoryUsage().rss;
for (let i = 0; i < 1000; i++) {
  await render({ code, lang: "python", format: i % 2 ? "svg" : "json" }, bunAssets);
  hint?.();
  if (i % 10 === 0) peak = Math.max(peak, process.memoryUsage().rss);
}
peak = Math.max(peak, process.memoryUsage().rss);
console.log(`peak RSS over 1000 medium renders ${hint ? "with the GC hint every 10 renders" : "without a GC hint"}: ${(peak / 1048576).toFixed(1)} MB`);

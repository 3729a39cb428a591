/**
 * `npm run bench:site`: the playground's engine time per re-draw in headless Chromium (issue 10
 * budget: ≤ 16 ms for a typical lab of ≤ 60 blocks). The real page on a real server: the source is
 * typed into the editor, one character per re-draw, and the worker's own measurement of each
 * re-draw (front-end, layout, SVG — `engineMs`, read from the page) is collected after warm-up.
 */
import { readFileSync } from "node:fs";
import { cpus } from "node:os";
import { bunAssets } from "../hosts/bun.ts";
import { render } from "../engine/index.ts";
import { ensureSiteBuilt, launchBrowser } from "../test/support/browser.ts";
import { startServer } from "../test/support/server.ts";
import { program } from "./program.ts";

const WARMUP = 30;
const RUNS = 60;

const CASES = [
  { name: "generated lab (bench/program.ts, 6 units)", lang: "python", code: program(6) },
  { name: "examples/Grades.cs", lang: "csharp", code: readFileSync(new URL("../examples/Grades.cs", import.meta.url), "utf8") },
  { name: "examples/stats.cpp", lang: "cpp", code: readFileSync(new URL("../examples/stats.cpp", import.meta.url), "utf8") },
] as const;

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

async function blocks(code: string, lang: string): Promise<number> {
  const { geometry } = await render({ code, lang, format: "json" }, bunAssets);
  return geometry.charts.reduce((sum, chart) => sum + chart.parts.reduce((n, part) => n + part.shapes.length, 0), 0);
}

await ensureSiteBuilt();
const server = await startServer();
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: 1366, height: 860 } });
  await page.goto(new URL(server.url).origin + "/");
  await page.waitForFunction(() => document.body.dataset.drawn !== undefined);
  const cpu = /model name\s*:\s*(.*)/.exec(readFileSync("/proc/cpuinfo", "utf8"))?.[1] ?? cpus()[0]?.model ?? "unknown";
  console.log(`load average ${readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ")}`);
  console.log(`machine: ${cpu}, ${cpus().length} cores; ${await browser.version()} (headless); Bun ${Bun.version}`);
  for (const c of CASES) {
    await page.selectOption("#lang", c.lang);
    await page.click(".cm-content");
    await page.keyboard.press("Control+A");
    await page.keyboard.insertText(c.code);
    await page.keyboard.press("Control+End");
    const times: number[] = [];
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const before = await page.evaluate(() => document.body.dataset.drawn);
      // A comment at the end: a real edit, the chart stays the same size.
      if (i % 2 === 0) await page.keyboard.insertText("#");
      else await page.keyboard.press("Backspace");
      await page.waitForFunction((b) => document.body.dataset.drawn !== b && document.getElementById("status")?.classList.contains("busy") === false, before);
      const ms = Number(await page.evaluate(() => document.body.dataset.engineMs));
      if (i >= WARMUP) times.push(ms);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${c.name} (${c.lang}, ${await blocks(c.code, c.lang)} blocks): engine per re-draw median ${quantile(times, 0.5).toFixed(2)} ms, p95 ${quantile(times, 0.95).toFixed(2)} ms, max ${times.at(-1)!.toFixed(2)} ms (${RUNS} re-draws)`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}

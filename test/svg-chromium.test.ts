/**
 * SVG opens in a browser: every example's SVG, screenshotted by headless Chromium, has its symbols
 * exactly where the geometry puts them — the middle of every shape's top and bottom edge is drawn
 * (dark) in Chromium's pixels. (resvg, the other SVG reader, is checked by the PNG tests.)
 * Needs Debian's chromium (.ci/run installs it).
 */
import { afterAll, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { langFromFileName, render } from "../engine/index.ts";
import { bunAssets } from "../hosts/bun.ts";
import { darkestAround, decodePng } from "./support/png-decode.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));
const dir = mkdtempSync(join(tmpdir(), "skhema-chromium-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const PX_PER_MM = 96 / 25.4;
const examples = readdirSync(new URL("../examples/", import.meta.url)).filter((f) => !/\.(svg|sh)$/.test(f));

function screenshot(svgPath: string, width: number, height: number): Uint8Array {
  const png = `${svgPath}.png`;
  const run = Bun.spawnSync(
    [
      chromium!, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic",
      "--hide-scrollbars", `--user-data-dir=${join(dir, "profile")}`, `--window-size=${width},${height}`,
      `--screenshot=${png}`, `file://${svgPath}`,
    ],
    { stdout: "pipe", stderr: "pipe", timeout: 60_000 },
  );
  if (!existsSync(png)) throw new Error(`chromium wrote no screenshot: ${run.stderr.toString().slice(-500)}`);
  return new Uint8Array(readFileSync(png));
}

test.skipIf(!chromium)(
  chromium ? "every example's SVG draws every symbol where the geometry says, in headless Chromium" : "SVG in Chromium (skipped: no chromium in /usr/bin; .ci/run installs it)",
  async () => {
    for (const name of examples) {
      const code = readFileSync(new URL(`../examples/${name}`, import.meta.url));
      const result = await render({ code, lang: langFromFileName(name), format: "svg" }, bunAssets);
      const svgPath = join(dir, `${name}.svg`);
      writeFileSync(svgPath, result.file.data);
      const g = result.geometry;
      const img = decodePng(screenshot(svgPath, Math.ceil(g.width * PX_PER_MM), Math.ceil(g.height * PX_PER_MM)));
      const missing: string[] = [];
      for (const chart of g.charts) {
        for (const part of chart.parts) {
          for (const s of part.shapes) {
            const x = Math.round((s.x + s.w / 2) * PX_PER_MM);
            for (const y of [s.y, s.y + s.h].map((v) => Math.round(v * PX_PER_MM))) {
              if (darkestAround(img, x, y, 2) > 128) missing.push(`${s.id} (${s.kind}) at ${x},${y}`);
            }
          }
        }
      }
      expect({ name, missing }).toEqual({ name, missing: [] });
    }
  },
  120_000,
);

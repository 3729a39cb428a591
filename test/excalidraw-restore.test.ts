/**
 * The strongest check of our .excalidraw files short of a browser: Excalidraw's own `restore()`
 * (what excalidraw.com runs on a file it opens) keeps every element, binding, point and text of every
 * example, split and unsplit, and of a chart with exotic text.
 */
import { afterAll, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { langFromFileName, render } from "../engine/index.ts";
import { bunAssets } from "../hosts/bun.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const dir = mkdtempSync(join(tmpdir(), "skhema-excalidraw-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const examples = readdirSync(new URL("../examples/", import.meta.url)).filter((f) => !/\.(svg|sh)$/.test(f));

test("restore() of @excalidraw/excalidraw keeps every element of every example unchanged", async () => {
  const files: string[] = [];
  for (const name of examples) {
    const code = readFileSync(new URL(`../examples/${name}`, import.meta.url));
    for (const split of [false, true]) {
      const { file } = await render({ code, lang: langFromFileName(name), format: "excalidraw", split }, bunAssets);
      const path = join(dir, `${name}-${split ? "split" : "whole"}.excalidraw`);
      writeFileSync(path, file.data);
      files.push(path);
    }
  }
  const exotic = "def f(x):\n    if x != 0 and x in {1, 2}:\n        print(\"Привіт 👋 ∑ – «лапки»\")\n    return x\n";
  const { file } = await render({ code: exotic, lang: "python", format: "excalidraw" }, bunAssets);
  files.push(join(dir, "exotic.excalidraw"));
  writeFileSync(files.at(-1)!, file.data);

  const child = Bun.spawnSync([process.execPath, "test/support/excalidraw-restore.ts", ...files], { cwd: new URL("../", import.meta.url).pathname });
  expect(child.exitCode, child.stderr.toString()).toBe(0);
  const reports = JSON.parse(child.stdout.toString()) as { file: string; elements: number; restored: number; dropped: string[]; changed: string[] }[];
  expect(reports).toHaveLength(files.length);
  for (const report of reports) {
    expect(report.elements).toBeGreaterThan(10);
    expect({ file: report.file, dropped: report.dropped, changed: report.changed.slice(0, 5) }).toEqual({ file: report.file, dropped: [], changed: [] });
    expect(report.restored).toBe(report.elements);
  }
}, 60_000);

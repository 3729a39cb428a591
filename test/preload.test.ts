/**
 * engine preload(): a host starts the WASM runtimes before its first request (the server does at
 * start); they are initialised once, and later renders reuse them.
 */
import { expect, test } from "bun:test";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

test("preload starts tree-sitter and the PNG rasteriser once; renders reuse them", () => {
  const script = `
    const { preload, render } = await import(${JSON.stringify(new URL("../engine/index.ts", import.meta.url).pathname)});
    const { runtimeInitCount } = await import(${JSON.stringify(new URL("../engine/frontends/tree-sitter.ts", import.meta.url).pathname)});
    const { bunAssets } = await import(${JSON.stringify(new URL("../hosts/bun.ts", import.meta.url).pathname)});
    const before = runtimeInitCount();
    await Promise.all([preload(bunAssets), preload(bunAssets)]);
    const after = runtimeInitCount();
    const png = await render({ code: "x = 1\\n", lang: "python", format: "png", scale: 1 }, bunAssets);
    const svg = await render({ code: "x = 1\\n", lang: "python" }, bunAssets);
    console.log(JSON.stringify({ before, after, end: runtimeInitCount(), png: png.file.data.length > 0, svg: svg.file.data.startsWith("<?xml") }));`;
  const p = Bun.spawnSync(["bun", "-e", script], { stdout: "pipe", stderr: "pipe" });
  expect(p.stderr.toString()).toBe("");
  expect(JSON.parse(p.stdout.toString())).toEqual({ before: 0, after: 1, end: 1, png: true, svg: true });
});

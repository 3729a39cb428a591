/**
 * PNG of tall charts (engine/render/png.ts strips, engine/render/png-encode.ts bands): the strip
 * plan, pixels as resvg draws the whole image, bounded peak memory on a very tall chart, the
 * PNG_MAX_PIXELS message, the encoder's bands and the pako fallback.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { Resvg } from "@resvg/resvg-wasm";
import { render } from "../engine/index.ts";
import { EngineError } from "../engine/errors.ts";
import type { Geometry } from "../engine/geometry/types.ts";
import { loadFonts } from "../engine/render/fonts.ts";
import { ONE_PIECE_PIXELS, PNG_MAX_PIXELS, renderPng, resvgOptions, STRIP_PIXELS, stripRows } from "../engine/render/png.ts";
import { bandScanlinesOnWhite, GREY, lastRow, RGB, scanlinesOnWhite, writePng, writePngRows } from "../engine/render/png-encode.ts";
import { renderSvg } from "../engine/render/svg.ts";
import { bunAssets } from "../hosts/bun.ts";
import { program } from "../bench/program.ts";
import { decodePng, pngSize } from "./support/png-decode.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const ctx = (scale: number) => ({ assets: bunAssets, scale, fragment: false, pages: false });

let tall: Geometry;
beforeAll(async () => {
  // bench/program.ts's medium function: one column 1.74 m tall, 1216 × 19 735 px at scale 3 (24 Mpx).
  tall = (await render({ code: program(6), lang: "python", format: "json" }, bunAssets)).geometry;
});

describe("PNG strips", () => {
  test("the plan: one piece up to ONE_PIECE_PIXELS, else strips of at most STRIP_PIXELS covering every row once", () => {
    expect(stripRows(1829, 1153)).toEqual([1153]);
    expect(stripRows(2000, ONE_PIECE_PIXELS / 2000)).toEqual([ONE_PIECE_PIXELS / 2000]);
    for (const [w, h] of [[1216, 19735], [1216, 1_000_000], [15000, 2900], [40000, 300], [3_000_000, 5]] as const) {
      const rows = stripRows(w, h);
      expect(rows.length).toBeGreaterThan(1);
      expect(rows.reduce((a, b) => a + b, 0)).toBe(h);
      for (const r of rows) {
        expect(r).toBeGreaterThanOrEqual(1);
        expect(r === 1 || w * r <= STRIP_PIXELS).toBe(true);
      }
    }
  });

  test("a chart drawn in strips has resvg's pixels of the whole image (but for rare anti-aliasing steps)", async () => {
    const scale = 3;
    const ours = decodePng(await renderPng(tall, ctx(scale)) as Uint8Array);
    expect(stripRows(ours.width, ours.height).length).toBeGreaterThan(1);
    const fonts = await loadFonts(bunAssets);
    // The whole image in one piece, drawn the way a one-piece render is (no paper, composited on white).
    const resvg = new Resvg(renderSvg(tall, { paper: false }), resvgOptions(scale, fonts, [fonts.main.bytes]));
    const image = resvg.render();
    const whole = scanlinesOnWhite(image.pixels, image.width, image.height);
    image.free();
    resvg.free();
    const ref = decodePng(await writePng(whole));
    expect([ours.width, ours.height]).toEqual([ref.width, ref.height]);
    let differ = 0;
    let most = 0;
    for (let i = 0; i < ref.lum.length; i++) {
      const d = Math.abs(ours.lum[i]! - ref.lum[i]!);
      if (d > 0) differ++;
      most = Math.max(most, d);
    }
    // Measured: ≈ 500 of 24 million pixels, by at most 32 levels (one coverage step of 4 × 4 supersampling is 16).
    expect(differ / ref.lum.length).toBeLessThan(1e-4);
    expect(most).toBeLessThanOrEqual(64);
  });

  test("peak memory of a very tall chart stays under 256 MiB (a 154 Mpx image, refused as too large before strips)", () => {
    const script = `
      const { render } = await import(${JSON.stringify(new URL("../engine/index.ts", import.meta.url).pathname)});
      const { bunAssets } = await import(${JSON.stringify(new URL("../hosts/bun.ts", import.meta.url).pathname)});
      const { program } = await import(${JSON.stringify(new URL("../bench/program.ts", import.meta.url).pathname)});
      const r = await render({ code: program(40), lang: "python", format: "png" }, bunAssets);
      const hwm = Number((await Bun.file("/proc/self/status").text()).match(/VmHWM:\\s*(\\d+)/)[1]) * 1024;
      const v = new DataView(r.file.data.buffer, r.file.data.byteOffset);
      console.log(JSON.stringify({ hwm, width: v.getUint32(16), height: v.getUint32(20) }));`;
    const p = Bun.spawnSync(["bun", "-e", script], { stdout: "pipe", stderr: "pipe" });
    expect(p.stderr.toString()).toBe("");
    const { hwm, width, height } = JSON.parse(p.stdout.toString());
    expect(width * height).toBeGreaterThan(150e6);
    expect(hwm).toBeLessThan(256 * 1024 * 1024);
  }, 120_000);

  test("over PNG_MAX_PIXELS: bad_request naming the largest scale that fits", async () => {
    const huge: Geometry = { ...tall, height: 100_000 };
    const err = await renderPng(huge, ctx(3)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EngineError);
    expect((err as EngineError).code).toBe("bad_request");
    expect((err as EngineError).message).toContain(`over the limit of ${PNG_MAX_PIXELS / 1e6} Mpx; scale 2 would fit`);
    const hopeless: Geometry = { ...tall, height: 1_000_000 };
    const err1 = await renderPng(hopeless, ctx(1)).catch((e: unknown) => e);
    expect((err1 as EngineError).message).toContain("render one function at a time");
  });

  test("encoder: bands with the row above give the same scanlines as the whole image; RGB bands too", async () => {
    const w = 7;
    const h = 9;
    const px = new Uint8Array(w * h * 4);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        // Rows 3–5 repeat row 2 (Up filter across the band edge at row 4); premultiplied grey.
        const v = y >= 2 && y <= 5 ? (x * 37) % 256 : (x * 11 + y * 53) % 256;
        px.set([v, v, v, 255], (y * w + x) * 4);
      }
    }
    const whole = scanlinesOnWhite(px, w, h);
    const cut = 4;
    const top = px.subarray(0, cut * w * 4);
    const bottom = px.slice(cut * w * 4);
    const a = bandScanlinesOnWhite(top, w, cut, GREY, null)!;
    const b = bandScanlinesOnWhite(bottom, w, h - cut, GREY, lastRow(top, w, cut))!;
    expect([...a, ...b]).toEqual([...whole.data]);
    expect(b[0]).toBe(2); // the band's first row repeats the row above: Up
    const file = await writePngRows(w, h, GREY, [a, b]);
    expect(decodePng(file).lum).toEqual(decodePng(await writePng(whole)).lum);
    const red = new Uint8Array(w * 4 * 2).fill(0);
    for (let i = 0; i < red.length; i += 4) red.set([200, 0, 0, 255], i);
    expect(bandScanlinesOnWhite(red, w, 2, GREY, null)).toBeNull();
    const rgb = bandScanlinesOnWhite(red, w, 2, RGB, null)!;
    expect(pngSize(await writePngRows(w, 2, RGB, [rgb]))).toEqual({ width: w, height: 2 });
  });

  test("without CompressionStream (pako) the strips give the same pixels", async () => {
    const withStream = decodePng(await renderPng(tall, ctx(2)) as Uint8Array);
    const saved = globalThis.CompressionStream;
    try {
      // @ts-expect-error removed to take the fallback path, as on a host without it
      delete globalThis.CompressionStream;
      const withPako = decodePng(await renderPng(tall, ctx(2)) as Uint8Array);
      expect(withPako.width).toBe(withStream.width);
      expect(withPako.lum).toEqual(withStream.lum);
    } finally {
      globalThis.CompressionStream = saved;
    }
  });
});

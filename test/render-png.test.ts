/**
 * PNG renderer (engine/render/png.ts): size from the geometry and the scale, black outlines on white,
 * scale validation, concurrent renders, Cyrillic, fallback glyphs and emoji.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { render } from "../engine/index.ts";
import { bunAssets } from "../hosts/bun.ts";
import { EngineError } from "../engine/errors.ts";
import type { Geometry } from "../engine/geometry/types.ts";
import { outline, outlineProbe } from "../engine/geometry/outline.ts";
import { CANVAS_MARGIN } from "../engine/geometry/style.ts";
import { PNG_SCALE, renderPng } from "../engine/render/png.ts";
import { encodePng, scanlinesOnWhite, writePng } from "../engine/render/png-encode.ts";
import { Resvg } from "@resvg/resvg-wasm";
import { loadFonts } from "../engine/render/fonts.ts";
import { renderSvg } from "../engine/render/svg.ts";
import type { RenderContext } from "../engine/render/types.ts";
import { darkestAround, decodePng, isPng, pngSize } from "./support/png-decode.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";

busyMachineTimeouts();

const PX_PER_MM = 96 / 25.4;

async function geometry(code: string, split = false): Promise<Geometry> {
  const r = await render({ code, lang: "python", format: "json", split }, bunAssets);
  return JSON.parse(r.file.data as string) as Geometry;
}

const ctx = (scale: number): RenderContext => ({ assets: bunAssets, scale, fragment: false, pages: false });

async function png(g: Geometry, scale: number): Promise<Uint8Array> {
  const out = await renderPng(g, ctx(scale));
  expect(out).toBeInstanceOf(Uint8Array);
  return out as Uint8Array;
}

const CYRILLIC = readFileSync(new URL("./fixtures/python/cyrillic.py", import.meta.url), "utf8");
const SMALL = 'n = int(input("n: "))\nif n > 0:\n    print("додатне")\nelse:\n    print("ні")\n';

let cyr: Geometry;
let small: Geometry;

beforeAll(async () => {
  [cyr, small] = await Promise.all([geometry(CYRILLIC), geometry(SMALL)]);
});

describe("renderPng", () => {
  test("PNG_SCALE documents the accepted range", () => {
    expect(PNG_SCALE).toEqual({ min: 1, max: 10, default: 3 });
  });

  test("image size = geometry size × 96/25.4 × scale (±1 px)", async () => {
    for (const scale of [1, 2, 3]) {
      const img = pngSize(await png(small, scale));
      expect(Math.abs(img.width - small.width * PX_PER_MM * scale)).toBeLessThanOrEqual(1);
      expect(Math.abs(img.height - small.height * PX_PER_MM * scale)).toBeLessThanOrEqual(1);
    }
  });

  test("dark pixels on every shape outline, white canvas margin", async () => {
    const scale = 2;
    const img = decodePng(await png(cyr, scale));
    const k = PX_PER_MM * scale;
    const shapes = cyr.charts.flatMap((c) => c.parts.flatMap((p) => p.shapes));
    expect(shapes.length).toBeGreaterThan(4);
    for (const s of shapes) {
      const at = outlineProbe(outline(s).outline);
      expect(darkestAround(img, at.x * k, at.y * k, 2)).toBeLessThan(100);
    }
    // Nothing is drawn in the margin around everything (the arrowheads and strokes stay inside).
    const m = Math.floor((CANVAS_MARGIN - 1) * k);
    for (let y = 0; y < img.height; y += 3) {
      for (const x of [0, Math.floor(m / 2), m]) expect(img.lum[y * img.width + x]).toBe(255);
      for (const x of [img.width - 1 - m, img.width - 1]) expect(img.lum[y * img.width + x]).toBe(255);
    }
    for (let x = 0; x < img.width; x += 3) {
      expect(img.lum[x]).toBe(255);
      expect(img.lum[(img.height - 1) * img.width + x]).toBe(255);
    }
    // Mostly white overall: a line drawing.
    let dark = 0;
    for (const v of img.lum) if (v < 128) dark++;
    expect(dark / img.lum.length).toBeLessThan(0.1);
    expect(dark).toBeGreaterThan(1000);
  });

  test("scale outside 1…10 or not an integer is bad_request", async () => {
    for (const scale of [0, 0.5, 11, 2.5, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      let error: unknown = null;
      try {
        await renderPng(small, ctx(scale));
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(EngineError);
      expect((error as EngineError).code).toBe("bad_request");
      expect((error as EngineError).message).toContain("1 to 10");
    }
    // The limits themselves are accepted.
    const tiny = await geometry("x = 1\n");
    for (const scale of [PNG_SCALE.min, PNG_SCALE.max]) {
      const img = pngSize(await png(tiny, scale));
      expect(Math.abs(img.width - tiny.width * PX_PER_MM * scale)).toBeLessThanOrEqual(1);
    }
  });

  test("concurrent renders give the same bytes as sequential ones", async () => {
    const jobs: [Geometry, number][] = [
      [cyr, 1],
      [small, 2],
      [cyr, 2],
      [small, 1],
    ];
    const sequential: Uint8Array[] = [];
    for (const [g, s] of jobs) sequential.push(await png(g, s));
    const concurrent = await Promise.all(jobs.map(([g, s]) => png(g, s)));
    concurrent.forEach((bytes, i) => expect(Buffer.compare(Buffer.from(bytes), Buffer.from(sequential[i]!))).toBe(0));
  });

  test("Cyrillic text, glyphs from the fallback font and emoji render without errors", async () => {
    const code =
      'x = "😀 ∈ ∉ a ∧ b ∨ c 中文 \u0007 \uFE0F 👨‍👩‍👧 𝔘 Ґґ Єє Її"\nprint(x, "❤️", "Привіт")\n';
    const g = await geometry(code);
    const bytes = await png(g, 1);
    expect(isPng(bytes)).toBe(true);
    const img = decodePng(bytes);
    // The text of the process block is drawn: dark pixels inside its text box.
    const block = g.charts[0]!.parts[0]!.shapes.find((s) => s.kind === "process")!;
    const tb = block.textBox;
    let dark = 0;
    for (let y = Math.ceil(tb.y * PX_PER_MM); y < (tb.y + tb.h) * PX_PER_MM; y++) {
      for (let x = Math.ceil(tb.x * PX_PER_MM); x < (tb.x + tb.w) * PX_PER_MM; x++) {
        if (img.lum[y * img.width + x]! < 128) dark++;
      }
    }
    expect(dark).toBeGreaterThan(50);
  });

  test("encodePng: greyscale when every pixel is opaque grey, RGBA otherwise; pixels round-trip", async () => {
    const w = 5;
    const h = 4;
    const greyPx = new Uint8Array(w * h * 4);
    for (let i = 0; i < w * h; i++) greyPx.set([i * 12, i * 12, i * 12, 255], i * 4);
    const g = await encodePng(greyPx, w, h);
    expect(g[25]).toBe(0); // IHDR colour type: greyscale
    const dg = decodePng(g);
    expect([dg.width, dg.height]).toEqual([w, h]);
    expect([...dg.lum]).toEqual(Array.from({ length: w * h }, (_, i) => i * 12));
    const colour = greyPx.slice();
    colour.set([200, 10, 10, 255], 4 * 7);
    const c = await encodePng(colour, w, h);
    expect(c[25]).toBe(6); // RGBA
    const dc = decodePng(c);
    expect(dc.lum[7]).toBe(Math.round(0.299 * 200 + 0.587 * 10 + 0.114 * 10));
    expect(dc.lum[8]).toBe(96);
  });

  test("scanlinesOnWhite: premultiplied pixels over white, repeated rows filtered Up, RGB when not grey", async () => {
    const w = 3;
    const h = 4;
    // Rows 0 and 3 are the same; rows 1 and 2 are the same (premultiplied RGBA: channel ≤ alpha).
    const rows = [
      [0, 0, 0, 0, 0, 0, 0, 255, 128, 128, 128, 128],
      [0, 0, 0, 128, 255, 255, 255, 255, 10, 10, 10, 200],
      [0, 0, 0, 128, 255, 255, 255, 255, 10, 10, 10, 200],
      [0, 0, 0, 0, 0, 0, 0, 255, 128, 128, 128, 128],
    ];
    const px = new Uint8Array(rows.flat());
    const lines = scanlinesOnWhite(px, w, h);
    expect(lines.colourType).toBe(0);
    expect([...lines.data.subarray(0, 4)]).toEqual([0, 255, 0, 255]); // None: transparent → white, black, 50 % white → white
    expect([...lines.data.subarray(4, 8)]).toEqual([0, 127, 255, 65]); // None: 50 % black → 127
    expect([...lines.data.subarray(8, 12)]).toEqual([2, 0, 0, 0]); // Up: same as the row above
    expect(lines.data[12]).toBe(0); // differs from row 2
    const d = decodePng(await writePng(lines));
    expect([...d.lum]).toEqual([255, 0, 255, 127, 255, 65, 127, 255, 65, 255, 0, 255]);
    // A colour pixel (premultiplied half-transparent red) makes an opaque RGB image.
    const colour = px.slice();
    colour.set([100, 0, 0, 128], 0);
    const c = scanlinesOnWhite(colour, w, h);
    expect(c.colourType).toBe(2);
    expect([...c.data.subarray(0, 4)]).toEqual([0, 227, 127, 127]);
    expect(decodePng(await writePng(c)).lum[4]).toBe(255);
  });

  test("the fast path (no background, no crop copy) draws what plain resvg draws on white", async () => {
    const scale = 2;
    const ours = decodePng(await png(cyr, scale));
    // Reference: resvg's documented API on the plain SVG, white background.
    const fonts = await loadFonts(bunAssets);
    const resvg = new Resvg(renderSvg(cyr), {
      fitTo: { mode: "zoom", value: scale },
      background: "white",
      font: { fontBuffers: [fonts.main.bytes, fonts.fallback.bytes], loadSystemFonts: false, defaultFontFamily: fonts.main.name },
    });
    const image = resvg.render();
    const ref = { width: image.width, height: image.height, pixels: image.pixels };
    image.free();
    resvg.free();
    expect([ours.width, ours.height]).toEqual([ref.width, ref.height]);
    let maxDiff = 0;
    for (let i = 0; i < ours.lum.length; i++) maxDiff = Math.max(maxDiff, Math.abs(ours.lum[i]! - ref.pixels[i * 4]!));
    expect(maxDiff).toBeLessThanOrEqual(2); // rounding of the compositing only
  });
});

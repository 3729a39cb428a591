/**
 * PNG renderer: the SVG of engine/render/svg.ts rasterised with @resvg/resvg-wasm, so PNG and SVG show
 * exactly the same chart.
 *
 * Scale: `context.scale` is the zoom over 96 dpi (1 → 96 dpi, 3 → 288 dpi). It must be an integer in
 * PNG_SCALE.min … PNG_SCALE.max (1 … 10, default 3); anything else is an EngineError("bad_request").
 * The image is width_mm × 96/25.4 × scale by height_mm × 96/25.4 × scale pixels (rounded by resvg).
 * A raster over PNG_MAX_PIXELS is refused as well (bad_request): WASM memory never shrinks, and a
 * 100+ Mpx image of a long program is better asked for at a lower scale or per function.
 *
 * Runtime: the WASM module (asset "resvg.wasm", bytes or a compiled module) is initialised once per process through a
 * module-level promise (a second `initWasm` throws "Already initialized";
 * that case counts as done, so another module may initialise it first). The geometry's font (Tinos
 * by default, see engine/fonts.ts) and DejaVu Sans come from engine/render/fonts.ts (read once per
 * process); DejaVu is handed to resvg only when the chart has characters the main font lacks,
 * because resvg parses every font buffer again for each render (≈ 0.4 ms per font).
 *
 * Where the time goes (page-sized chart at scale 3, ≈ 2 Mpx, warm; see bench/png.ts): resvg parses
 * the SVG and lays out the text (≈ 2 ms), rasterises (≈ 9–14 ms), the pixels are copied out of WASM
 * memory (≈ 2–7 ms), become greyscale scanlines (≈ 5 ms) and native zlib compresses them
 * (≈ 5–7 ms). What is avoided:
 *  - the background: resvg renders on transparent and the encoder composites over white, instead of
 *    resvg filling 8 MB of pixmap white and then drawing the SVG's full-canvas white rectangle and
 *    the shapes' white fill over it (≈ 5 + 5 + 2 ms; renderSvg's `paper: false`);
 *  - resvg-wasm's crop: without a `crop` option it copies the whole pixmap into a new one "cropped"
 *    to its own size (≈ 7 ms); an empty crop rectangle (right = bottom = 0) is ignored instead;
 *  - resvg's PNG encoder, much slower than engine/render/png-encode.ts (greyscale, native zlib).
 * The rasterisation and the conversion to scanlines are synchronous, and every WASM object is freed
 * right after them, so concurrent renders (Promise.all) cannot interleave inside WASM or see each
 * other's pixels; only the compression is asynchronous, on buffers of its own.
 */
import { PNG_SCALE } from "./png-scale.ts";
import type { AssetLoader } from "../assets.ts";
import { EngineError } from "../errors.ts";
import type { Geometry } from "../geometry/types.ts";
import { fontByFamily } from "../fonts.ts";
import { loadFonts, needsFallback, type Fonts } from "./fonts.ts";
import { scanlinesOnWhite, writePng, type Scanlines } from "./png-encode.ts";
import { initWasm, Resvg, type ResvgRenderOptions } from "@resvg/resvg-wasm";
import { renderSvg } from "./svg.ts";
import type { Renderer } from "./types.ts";

export { PNG_SCALE } from "./png-scale.ts";

/** Largest raster (width × height pixels) a render may produce: 150 Mpx, 600 MB of RGBA. */
export const PNG_MAX_PIXELS = 150_000_000;

/** CSS px per mm (resvg converts the SVG's mm size at 96 dpi). */
const PX_PER_MM = 96 / 25.4;

let wasmReady: Promise<void> | null = null;

/** Initialises resvg's WASM once per process; safe to call concurrently and after another initialiser. */
export function ensureResvg(assets: AssetLoader): Promise<void> {
  wasmReady ??= (async () => {
    const wasm = await assets.load("resvg.wasm");
    try {
      await initWasm(wasm);
    } catch (e) {
      if (!/already initiali[sz]ed/i.test(String(e instanceof Error ? e.message : e))) throw e;
    }
  })().catch((e: unknown) => {
    wasmReady = null; // let a later render retry
    throw new EngineError("render_failed", `PNG rasteriser failed to start: ${e instanceof Error ? e.message : String(e)}`);
  });
  return wasmReady;
}

/** Checks `scale` (throws bad_request) and returns it. */
export function checkPngScale(scale: unknown): number {
  if (typeof scale !== "number" || !Number.isInteger(scale) || scale < PNG_SCALE.min || scale > PNG_SCALE.max) {
    throw new EngineError(
      "bad_request",
      `scale must be an integer from ${PNG_SCALE.min} to ${PNG_SCALE.max} (zoom over 96 dpi; default ${PNG_SCALE.default}), got ${String(scale)}`,
    );
  }
  return scale;
}

/** All text the geometry draws (block texts, branch labels, captions). */
function* texts(g: Geometry): Generator<string> {
  for (const c of g.charts) {
    yield* c.caption.lines;
    for (const p of c.parts) {
      for (const s of p.shapes) yield* s.text;
      for (const e of p.edges) if (e.label) yield e.label;
    }
  }
}

export const renderPng: Renderer = async (geometry, context) => {
  const scale = checkPngScale(context.scale);
  const w = Math.ceil(geometry.width * PX_PER_MM * scale);
  const h = Math.ceil(geometry.height * PX_PER_MM * scale);
  if (w * h > PNG_MAX_PIXELS) {
    throw new EngineError(
      "bad_request",
      `the PNG would be ${w} × ${h} px (over ${PNG_MAX_PIXELS / 1e6} Mpx); use a lower scale or render one function at a time`,
    );
  }
  const [fonts] = await Promise.all([loadFonts(context.assets, fontByFamily(geometry.font.family)), ensureResvg(context.assets)]);
  const svg = renderSvg(geometry, { paper: false });
  const fontBuffers = needsFallback(texts(geometry), fonts) ? [fonts.main.bytes, fonts.fallback.bytes] : [fonts.main.bytes];
  try {
    return await writePng(rasterise(svg, scale, fonts, fontBuffers));
  } catch (e) {
    if (e instanceof EngineError) throw e;
    throw new EngineError("render_failed", `PNG rasterisation failed: ${e instanceof Error ? e.message : String(e)}`);
  }
};

/**
 * The SVG rasterised and turned into greyscale scanlines, synchronously: every WASM object is freed
 * before this returns.
 */
function rasterise(svg: string, scale: number, fonts: Fonts, fontBuffers: Uint8Array[]): Scanlines {
  let resvg: InstanceType<typeof Resvg> | null = null;
  let image: ReturnType<InstanceType<typeof Resvg>["render"]> | null = null;
  try {
    resvg = new Resvg(svg, resvgOptions(scale, fonts, fontBuffers));
    image = resvg.render();
    const { width, height } = image;
    return scanlinesOnWhite(image.pixels, width, height);
  } finally {
    image?.free();
    resvg?.free();
  }
}

/** resvg's options for a render (exported for bench/png.ts). */
export function resvgOptions(scale: number, fonts: Fonts, fontBuffers: Uint8Array[]): ResvgRenderOptions {
  return {
    fitTo: { mode: "zoom", value: scale },
    // No background (see the header) and an empty crop rectangle, which resvg-wasm ignores: its
    // default crop is the whole image, paid for with a copy of the pixmap.
    crop: { left: 0, top: 0, right: 0, bottom: 0 },
    font: {
      fontBuffers,
      loadSystemFonts: false,
      defaultFontFamily: fonts.main.name,
      serifFamily: fonts.main.name,
      sansSerifFamily: fonts.fallback.name,
    },
  };
}

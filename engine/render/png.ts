/**
 * PNG renderer: the SVG of engine/render/svg.ts rasterised with @resvg/resvg-wasm, so PNG and SVG show
 * exactly the same chart.
 *
 * Scale: `context.scale` is the zoom over 96 dpi (1 → 96 dpi, 3 → 288 dpi). It must be an integer in
 * PNG_SCALE.min … PNG_SCALE.max (1 … 10, default 3); anything else is an EngineError("bad_request").
 * The image is width_mm × 96/25.4 × scale by height_mm × 96/25.4 × scale pixels (rounded by resvg).
 *
 * Memory: an image of up to ONE_PIECE_PIXELS is rasterised in one piece (as it always was). A larger one
 * — a long program is one tall column, 1 216 px wide and ~11 px per mm at the default scale — is
 * rasterised in horizontal strips of at most STRIP_PIXELS: resvg draws one band of the canvas per
 * strip (an SVG whose viewBox is that band, svg.ts `band`), its rows become scanlines, go into the
 * compressor, and are dropped before the next strip is drawn. Memory (WASM and JS) is then bounded by
 * one strip whatever the chart's height. A strip's band is placed with the same per-row step resvg
 * uses for the whole image, so strips meet exactly; pixels match a one-piece render except, rarely,
 * an anti-aliased edge pixel off by one coverage step (float rounding of the translated coordinates).
 * The image is written greyscale when every pixel is grey (always, for our charts); a strip that is
 * not grey restarts the encoding as RGB.
 * A raster over PNG_MAX_PIXELS is refused (bad_request, naming the largest scale that fits): the
 * limit is for time and file size, no longer memory; the tallest single-column chart the tree
 * limits allow (2 000 nodes) stays under it at the default scale.
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
import { bandScanlinesOnWhite, GREY, lastRow, RGB, scanlinesOnWhite, writePng, writePngRows, type Scanlines } from "./png-encode.ts";
import { initWasm, Resvg, type ResvgRenderOptions } from "@resvg/resvg-wasm";
import { num, renderSvg } from "./svg.ts";
import type { Renderer } from "./types.ts";

export { PNG_SCALE } from "./png-scale.ts";

/** Largest raster (width × height pixels) a render may produce: 1 000 Mpx (see the header). */
export const PNG_MAX_PIXELS = 1_000_000_000;

/**
 * Largest image rasterised in one piece, as before strips existed: 8 Mpx, 32 MiB of RGBA (an A4
 * page at scale 3 is ≈ 5.6 Mpx). Larger images go in strips of at most STRIP_PIXELS: smaller
 * pieces leave less garbage (each strip's pixels are copied out of WASM) between collections.
 */
export const ONE_PIECE_PIXELS = 8_000_000;
export const STRIP_PIXELS = 2_000_000;

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

/** The image size resvg gives the geometry at `scale` (it rounds the scaled size). */
function pixelSize(geometry: Geometry, scale: number): { width: number; height: number } {
  return { width: Math.round(geometry.width * PX_PER_MM * scale), height: Math.round(geometry.height * PX_PER_MM * scale) };
}

/** The bad_request for an image over PNG_MAX_PIXELS, naming the largest scale that would fit. */
function tooLarge(geometry: Geometry, scale: number, width: number, height: number): EngineError {
  let fits = 0;
  for (let s = scale - 1; s >= PNG_SCALE.min && fits === 0; s--) {
    const size = pixelSize(geometry, s);
    if (size.width * size.height <= PNG_MAX_PIXELS) fits = s;
  }
  const advice = fits > 0 ? `scale ${fits} would fit` : "render one function at a time (fn) or split it (split: true)";
  return new EngineError("bad_request", `the PNG would be ${width} × ${height} px, over the limit of ${PNG_MAX_PIXELS / 1e6} Mpx; ${advice}`);
}

/** Rows of each strip, top to bottom: one strip when the image is at most ONE_PIECE_PIXELS. */
export function stripRows(width: number, height: number): number[] {
  if (width * height <= ONE_PIECE_PIXELS) return [height];
  const per = Math.max(1, Math.floor(STRIP_PIXELS / Math.max(1, width)));
  const rows: number[] = [];
  for (let y = 0; y < height; y += per) rows.push(Math.min(per, height - y));
  return rows;
}

export const renderPng: Renderer = async (geometry, context) => {
  const scale = checkPngScale(context.scale);
  const { width, height } = pixelSize(geometry, scale);
  if (width * height > PNG_MAX_PIXELS) throw tooLarge(geometry, scale, width, height);
  const [fonts] = await Promise.all([loadFonts(context.assets, fontByFamily(geometry.font.family)), ensureResvg(context.assets)]);
  const fontBuffers = needsFallback(texts(geometry), fonts) ? [fonts.main.bytes, fonts.fallback.bytes] : [fonts.main.bytes];
  const options = resvgOptions(scale, fonts, fontBuffers);
  try {
    const strips = stripRows(width, height);
    if (strips.length === 1) return await writePng(rasterise(renderSvg(geometry, { paper: false }), options));
    try {
      return await writePngRows(width, height, GREY, stripScanlines(geometry, scale, options, width, strips, GREY));
    } catch (e) {
      if (!(e instanceof NotGrey)) throw e;
      return await writePngRows(width, height, RGB, stripScanlines(geometry, scale, options, width, strips, RGB));
    }
  } catch (e) {
    if (e instanceof EngineError) throw e;
    throw new EngineError("render_failed", `PNG rasterisation failed: ${e instanceof Error ? e.message : String(e)}`);
  }
};

/** A strip had a pixel that is not grey: the image must be written as RGB. */
class NotGrey extends Error {}

/**
 * The scanlines of a tall image, strip by strip. Each strip is rasterised and converted
 * synchronously when the compressor asks for it (every WASM object freed before it is yielded),
 * so only one strip's pixels exist at a time and concurrent renders never interleave inside WASM.
 */
function* stripScanlines(
  geometry: Geometry,
  scale: number,
  options: ResvgRenderOptions,
  width: number,
  strips: readonly number[],
  colourType: typeof GREY | typeof RGB,
): Generator<Uint8Array> {
  // Canvas units per image row, as resvg maps the whole canvas (the viewBox svg.ts writes) onto
  // the whole image; a strip's paper is its rows at the zoom (resvg rounds it back to the rows).
  const perRow = Number(num(geometry.height)) / strips.reduce((a, b) => a + b, 0);
  const paperPerRow = 1 / (PX_PER_MM * scale);
  let y = 0;
  let above: Int32Array | null = null;
  for (const rows of strips) {
    const svg = renderSvg(geometry, { paper: false, band: { y: y * perRow, height: rows * perRow, paperHeight: rows * paperPerRow } });
    const band = drawBand(svg, options, width, rows);
    const lines = bandScanlinesOnWhite(band, width, rows, colourType, above);
    if (!lines) throw new NotGrey();
    above = lastRow(band, width, rows);
    release(band);
    y += rows;
    yield lines;
  }
}

/**
 * Frees a strip's pixels now (ES2024 ArrayBuffer transfer detaches the buffer and drops its
 * memory) instead of at the next full collection: without it a tall image's strips pile up as
 * garbage, ≈ 150 MB more peak memory. Where transfer is missing the collector frees them later.
 */
function release(pixels: Uint8Array): void {
  const buffer = pixels.buffer as ArrayBuffer & { transfer?: (length: number) => ArrayBuffer };
  buffer.transfer?.(0);
}

/** One strip's premultiplied RGBA pixels (checked to be width × rows), every WASM object freed. */
function drawBand(svg: string, options: ResvgRenderOptions, width: number, rows: number): Uint8Array {
  let resvg: InstanceType<typeof Resvg> | null = null;
  let image: ReturnType<InstanceType<typeof Resvg>["render"]> | null = null;
  try {
    resvg = new Resvg(svg, options);
    image = resvg.render();
    if (image.width !== width || image.height !== rows) {
      throw new Error(`strip drawn ${image.width} × ${image.height} px instead of ${width} × ${rows}`);
    }
    return image.pixels;
  } finally {
    image?.free();
    resvg?.free();
  }
}

/**
 * The SVG rasterised in one piece and turned into greyscale scanlines, synchronously: every WASM
 * object is freed before this returns.
 */
function rasterise(svg: string, options: ResvgRenderOptions): Scanlines {
  let resvg: InstanceType<typeof Resvg> | null = null;
  let image: ReturnType<InstanceType<typeof Resvg>["render"]> | null = null;
  try {
    resvg = new Resvg(svg, options);
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

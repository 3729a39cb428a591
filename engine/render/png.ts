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
 * Runtime: the WASM module (asset "resvg.wasm") is initialised once per process through a
 * module-level promise (a second `initWasm` throws "Already initialized"; that case counts as done, so
 * another module may initialise it first). The geometry's font (Tinos by default, see engine/fonts.ts)
 * and DejaVu Sans come from engine/render/fonts.ts (read once per process); DejaVu is handed to resvg
 * only when the chart has characters the main font lacks,
 * because resvg parses every font buffer again for each render. White background; every WASM object
 * is freed as soon as the pixels are copied out. The rasterisation itself is synchronous, so
 * concurrent renders (Promise.all) cannot interleave inside WASM. The PNG file is written by
 * engine/render/png-encode.ts (greyscale, native zlib), not by resvg's much slower encoder.
 */
import { PNG_SCALE } from "./png-scale.ts";
import { initWasm, Resvg } from "@resvg/resvg-wasm";
import type { AssetLoader } from "../assets.ts";
import { EngineError } from "../errors.ts";
import type { Geometry } from "../geometry/types.ts";
import { fontByFamily } from "../fonts.ts";
import { loadFonts, needsFallback } from "./fonts.ts";
import { encodePng } from "./png-encode.ts";
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
  const svg = renderSvg(geometry);
  const fontBuffers = needsFallback(texts(geometry), fonts) ? [fonts.main.bytes, fonts.fallback.bytes] : [fonts.main.bytes];

  let resvg: InstanceType<typeof Resvg> | null = null;
  let image: ReturnType<InstanceType<typeof Resvg>["render"]> | null = null;
  try {
    resvg = new Resvg(svg, {
      fitTo: { mode: "zoom", value: scale },
      background: "white",
      font: {
        fontBuffers,
        loadSystemFonts: false,
        defaultFontFamily: fonts.main.name,
        serifFamily: fonts.main.name,
        sansSerifFamily: fonts.fallback.name,
      },
    });
    image = resvg.render();
    const { width, height } = image;
    const pixels = image.pixels;
    image.free();
    image = null;
    resvg.free();
    resvg = null;
    return await encodePng(pixels, width, height);
  } catch (e) {
    if (e instanceof EngineError) throw e;
    throw new EngineError("render_failed", `PNG rasterisation failed: ${e instanceof Error ? e.message : String(e)}`);
  } finally {
    image?.free();
    resvg?.free();
  }
};

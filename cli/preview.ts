/**
 * A PNG picture of an SVG the service answered, for the MCP tool result: a model can look at an
 * image content, not at SVG markup. Drawn here with the engine's rasteriser (resvg) and fonts
 * rather than asked of the service as a second render, which would cost the user another credit.
 */
import { parseFont } from "../engine/fonts.ts";
import { loadFonts } from "../engine/render/fonts.ts";
import { ensureResvg } from "../engine/render/png.ts";
import { Resvg } from "@resvg/resvg-wasm";
import { cliAssets } from "./assets.ts";

/** 96 dpi × ZOOM: legible text on a page-sized chart, a few hundred KB at most. */
const ZOOM = 1.5;

export async function svgToPng(svg: string, font: string | undefined): Promise<Uint8Array> {
  const [fonts] = await Promise.all([loadFonts(cliAssets, parseFont(font)), ensureResvg(cliAssets)]);
  const resvg = new Resvg(svg, {
    fitTo: { mode: "zoom", value: ZOOM },
    background: "white",
    font: {
      fontBuffers: [fonts.main.bytes, fonts.fallback.bytes],
      loadSystemFonts: false,
      defaultFontFamily: fonts.main.name,
      serifFamily: fonts.main.name,
      sansSerifFamily: fonts.fallback.name,
    },
  });
  try {
    const image = resvg.render();
    try {
      return image.asPng();
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}

/**
 * A PNG picture of an SVG chart the service answered, for an MCP tool result: a model can look at
 * an image, not at SVG markup. Drawn with the engine's rasteriser (resvg) and fonts from the SVG
 * itself — not a second render of the source, which would parse and lay it out again (and, asked
 * of the API, cost the user another credit). `skhema mcp` draws it in its process, the remote MCP
 * endpoint in the render pool.
 */
import type { AssetLoader } from "../assets.ts";
import { parseFont } from "../fonts.ts";
import { loadFonts } from "./fonts.ts";
import { ensureResvg } from "./png.ts";
import { Resvg } from "@resvg/resvg-wasm";

/** 96 dpi × ZOOM: legible text on a page-sized chart, a few hundred KB at most. */
const ZOOM = 1.5;

export async function svgPicture(svg: string, font: string | undefined, assets: AssetLoader): Promise<Uint8Array> {
  const [fonts] = await Promise.all([loadFonts(assets, parseFont(font)), ensureResvg(assets)]);
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

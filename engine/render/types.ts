/**
 * The contract of every output format: geometry in, file bytes (or text) out. Renderers draw only
 * what the geometry says — shapes from engine/geometry/outline.ts, text lines where the layout put
 * them — so all formats show the same chart.
 */
import type { AssetLoader } from "../assets.ts";
import type { Geometry } from "../geometry/types.ts";

export interface RenderContext {
  assets: AssetLoader;
  /** PNG zoom (1 = 96 dpi). */
  scale: number;
  /** Typst: only the CeTZ canvas code, without the document preamble. */
  fragment: boolean;
  /** True when every chart part is a figure of its own on the sheets (docx, pdf, typst, drawio, vsdx with split; engine/layout/sheets.ts). */
  pages: boolean;
}

export type Renderer = (geometry: Geometry, context: RenderContext) => Promise<string | Uint8Array>;

/**
 * workerd side of the cross-host test: a module worker whose assets are workerd modules (WASM
 * compiled by workerd, fonts as data), as a Cloudflare Worker gets them. POST the sources as JSON →
 * the fixed set as JSON. Bundled with the engine and loader imports pointed at dist/web/.
 */
import { workerAssets } from "../../hosts/worker.ts";
import { renderSet } from "./render-set.ts";
import treeSitter from "./web-tree-sitter.wasm";
import python from "./tree-sitter-python.wasm";
import c from "./tree-sitter-c.wasm";
import resvg from "./resvg.wasm";
import tinos from "./Tinos-Regular.ttf";
import dejavu from "./DejaVuSans.ttf";

const assets = workerAssets({
  "web-tree-sitter.wasm": treeSitter,
  "tree-sitter-python.wasm": python,
  "tree-sitter-c.wasm": c,
  "resvg.wasm": resvg,
  "Tinos-Regular.ttf": tinos,
  "DejaVuSans.ttf": dejavu,
});

export default {
  async fetch(request: Request): Promise<Response> {
    try {
      return Response.json(await renderSet((await request.json()) as Record<string, string>, assets));
    } catch (e) {
      return new Response(e instanceof Error ? `${e.message}\n${e.stack}` : String(e), { status: 500 });
    }
  },
};

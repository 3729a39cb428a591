/**
 * workerd side of the cross-host test: a module worker whose assets are workerd modules (WASM
 * compiled by workerd, fonts as data), as a Cloudflare Worker gets them. POST the sources as JSON →
 * the fixed set as JSON. Bundled with the engine and loader imports pointed at dist/web/.
 */
import { workerAssets } from "../../hosts/worker.ts";
import { renderSet } from "./render-set.ts";
import modules from "skhema:worker-assets";

const assets = workerAssets(modules);

export default {
  async fetch(request: Request): Promise<Response> {
    try {
      return Response.json(await renderSet((await request.json()) as Record<string, string>, assets));
    } catch (e) {
      return new Response(e instanceof Error ? `${e.message}\n${e.stack}` : String(e), { status: 500 });
    }
  },
};

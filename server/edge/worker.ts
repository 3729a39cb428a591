/**
 * The /v1 API as a Cloudflare Worker (and plain workerd): the same Hono app, routes, auth and
 * charging as `npm start`, over Cloudflare D1 (binding `DB`, server/db/d1.ts) with the one schema
 * and credits module. Configuration comes from the worker's text variables (the same names as the
 * environment variables of docs/api.md "Configuration"). The engine's assets are modules of the worker,
 * WASM compiled by the platform (workers may not compile WASM at run time).
 *
 * Built by `npm run build:edge` (scripts/build-edge.ts) into dist/edge/: this entry bundled as
 * worker.js with every asset beside it under its asset name (`skhema:worker-assets` imports them all). What a worker does not run: the
 * e-mail sender and other background loops (no SMTP from a worker; see docs/deployment.md).
 */
import { workerAssets } from "../../hosts/worker.ts";
import { loadConfig } from "../config.ts";
import { openD1, type D1Database } from "../db/d1.ts";
import { createApp } from "../http/app.ts";
import { inlineRenderer } from "../rendering/renderer.ts";
import modules from "skhema:worker-assets";

const assets = workerAssets(modules);

export interface Env {
  DB: D1Database;
  [variable: string]: unknown;
}

/** The worker's text variables: its configuration. */
function variables(env: Env): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => typeof entry[1] === "string"));
}

/** One app per isolate, made on the first request (bindings arrive with it). */
let app: ReturnType<typeof createApp> | undefined;

export default {
  fetch(request: Request, env: Env): Response | Promise<Response> {
    // Rendered inline: workerd's own CPU limit bounds a request here.
    app ??= createApp({ db: openD1(env.DB), config: loadConfig(variables(env)), assets, renderer: inlineRenderer(assets) });
    return app.fetch(request);
  },
};

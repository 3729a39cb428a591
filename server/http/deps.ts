import type { Context, Hono } from "hono";
import type { AssetLoader } from "../../engine/assets.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/open.ts";
import type { PayerSignal } from "../payments/poller.ts";
import type { Renderer } from "../rendering/renderer.ts";

/** What the HTTP layer needs from its host: the database, the configuration, the engine's assets. */
export interface AppDeps {
  db: Db;
  config: Config;
  assets: AssetLoader;
  /** Runs the engine: a pool of workers (server/main.ts), or inline (the edge worker). */
  renderer: Renderer;
  /** Called after every batch (the Bun host collects fully: the items' charts came back to this thread for the bundle). */
  afterBatch?: () => void;
  /**
   * The site (playground, sign-in, account; site/server), mounted beside /v1 by the hosts that
   * serve it (server/main.ts, the tests); the edge worker serves the API only.
   */
  site?: SiteMount;
  /** The running poller's signal (server/payments/service.ts): the webhook is mounted only with it. */
  payments?: PayerSignal;
}

export interface SiteMount {
  // biome-ignore lint/suspicious/noExplicitAny: the site's own Hono env (its Variables), which the API's app does not know
  routes: Hono<any>;
  /** The site's 404 page for a browser's page request, or null to answer with the API's error. */
  pageNotFound(c: Context): Response | Promise<Response> | null;
}

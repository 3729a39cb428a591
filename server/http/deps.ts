import type { Context, Hono } from "hono";
import type { AssetLoader } from "../../engine/assets.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/open.ts";
import type { PayerSignal } from "../payments/poller.ts";

/** What the HTTP layer needs from its host: the database, the configuration, the engine's assets. */
export interface AppDeps {
  db: Db;
  config: Config;
  assets: AssetLoader;
  /** Called after every render, and every batch item (the Bun host's GC hint keeps the heap from creeping up). */
  afterRender?: () => void;
  /** Called after every batch (the Bun host collects fully: a batch's peak memory is large). */
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

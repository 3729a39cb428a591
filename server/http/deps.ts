import type { AssetLoader } from "../../engine/assets.ts";
import type { Config } from "../config.ts";
import type { Db } from "../db/open.ts";

/** What the HTTP layer needs from its host: the database, the configuration, the engine's assets. */
export interface AppDeps {
  db: Db;
  config: Config;
  assets: AssetLoader;
  /** Called after every render, and every batch item (the Bun host's GC hint keeps the heap from creeping up). */
  afterRender?: () => void;
  /** Called after every batch (the Bun host collects fully: a batch's peak memory is large). */
  afterBatch?: () => void;
}

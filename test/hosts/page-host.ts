/**
 * Chromium page side of the cross-host test: exposes `renderSetInPage(sources, assetsUrl)`, the
 * fixed set rendered on the page's main thread with the browser loader. Bundled with the engine and
 * loader imports pointed at dist/web/.
 */
import { browserAssets } from "../../hosts/browser.ts";
import { renderSet } from "./render-set.ts";

Object.assign(globalThis, {
  renderSetInPage: (sources: Record<string, string>, assets: string) => renderSet(sources, browserAssets(assets)),
});

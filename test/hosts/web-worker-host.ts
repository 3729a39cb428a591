/**
 * Chromium Web Worker side of the cross-host test: on a message `{sources, assets}` renders the
 * fixed set with the browser loader (assets fetched from the static folder `assets`) and answers
 * `{files}` or `{error}`. Bundled with the engine and loader imports pointed at dist/web/.
 */
import { browserAssets } from "../../hosts/browser.ts";
import { renderSet, type HostFile } from "./render-set.ts";

interface WorkerScope {
  onmessage: ((event: MessageEvent<{ sources: Record<string, string>; assets: string }>) => void) | null;
  postMessage(message: { files: HostFile[] } | { error: string }): void;
}
const scope = globalThis as unknown as WorkerScope;

scope.onmessage = async ({ data }) => {
  try {
    scope.postMessage({ files: await renderSet(data.sources, browserAssets(data.assets)) });
  } catch (e) {
    scope.postMessage({ error: e instanceof Error ? `${e.message}\n${e.stack}` : String(e) });
  }
};

/**
 * The batch progress bar (cli-progress, a well-kept widget that handles terminal width, redraw
 * throttling and cursor restore): items sent, then the bytes of the answer as they arrive. Only on
 * a terminal; when stderr is a pipe or a file nothing is drawn, so logs stay clean.
 */
import type { Progress } from "../client/api.ts";

export interface ProgressView {
  update(progress: Progress): void;
  stop(): void;
}

const NONE: ProgressView = { update() {}, stop() {} };

const kib = (bytes: number) => (bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KiB` : `${(bytes / 1024 / 1024).toFixed(1)} MiB`);

export async function batchProgress(onTerminal: boolean, items: number, sentBytes: number): Promise<ProgressView> {
  if (!onTerminal) return NONE;
  const { SingleBar, Presets } = (await import("cli-progress")).default;
  const bar = new SingleBar(
    {
      format: "{bar} {sent}/{items} items sent ({upload}) | {received} received",
      stream: process.stderr,
      hideCursor: true,
      clearOnComplete: false,
      // The bar fills with the answer's bytes; its total is known once the headers arrive.
    },
    Presets.shades_classic,
  );
  bar.start(1, 0, { sent: 0, items, upload: kib(sentBytes), received: kib(0) });
  return {
    update(progress) {
      if (progress.phase === "sending") return bar.update(0, { sent: progress.itemsSent });
      if (progress.total !== undefined) bar.setTotal(progress.total);
      bar.update(progress.total === undefined ? 0 : progress.received, { sent: items, received: kib(progress.received) });
    },
    stop: () => bar.stop(),
  };
}

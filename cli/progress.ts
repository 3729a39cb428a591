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
      // The total is unknown until the answer's headers arrive: start with the items' size.
      etaBuffer: 1,
    },
    Presets.shades_classic,
  );
  bar.start(1, 0, { sent: 0, items, upload: kib(sentBytes), received: kib(0) });
  return {
    update({ sent, received, total }) {
      if (total !== undefined) bar.setTotal(total);
      bar.update(total === undefined ? 0 : received, { sent: sent ? items : 0, received: kib(received) });
    },
    stop: () => bar.stop(),
  };
}

/**
 * Write-ahead-log checkpoints of the embedded database, off the server's thread (issue 22).
 *
 * In WAL mode a commit appends to the log, and by default the connection that commits copies the log
 * into the database file once it holds 1 000 pages, then syncs the file. For the server that
 * connection is on its only thread: under load (a render's charge adds ≈ 6 pages) a copy came every
 * ≈ 0.2 s and held the thread 10–20 ms for the fsync, every request in flight waiting behind it — the
 * tail of `bench:server` (p99 22 ms at 10 connections; 12 ms with the file on tmpfs).
 *
 * So the server's connections stop checkpointing for themselves (`wal_autocheckpoint = 0`), and a
 * worker thread with its own connection (checkpoint-worker.ts) checkpoints every `intervalMs`:
 *  - PASSIVE: copies what it can without waiting for anyone, so writers go on appending meanwhile;
 *  - RESTART once the log holds more than `capFrames` frames: under steady writes a passive checkpoint
 *    never finds the log fully copied, and only a fully copied log is started again from its
 *    beginning, so without this the file would grow for as long as the load lasts. RESTART waits
 *    for the writer of the moment and holds writers off for its own copy (a few ms);
 *  - TRUNCATE when nothing was written since the last checkpoint: an idle server's log shrinks to nothing.
 *
 * The server's connections hand the work over only once the worker has checkpointed once; if it
 * cannot start or a checkpoint fails, they checkpoint for themselves again (SQLite's default).
 */

/** One row of `PRAGMA wal_checkpoint(…)`. */
export interface LogState {
  /** 1 when another connection's checkpoint held the lock. */
  busy: number;
  /** Frames in the log (-1 when the database is not in WAL mode). */
  log: number;
  /** Frames of the log copied into the database file. */
  checkpointed: number;
}

export type CheckpointMode = "RESTART" | "TRUNCATE";

export interface CheckpointSettings {
  /** How often the worker checkpoints. */
  intervalMs: number;
  /** A log longer than this many frames (pages) is started again from its beginning (RESTART). */
  capFrames: number;
  /** How long RESTART and TRUNCATE wait for the writer and readers of the moment. */
  busyTimeoutMs: number;
}

/** Every 200 ms; a log of more than 8 192 frames (32 MiB of 4 KiB pages) restarted. */
export const DEFAULT_CHECKPOINTS: CheckpointSettings = { intervalMs: 200, capFrames: 8192, busyTimeoutMs: 5000 };

/** SQLite's own default of `wal_autocheckpoint`, given back when the worker cannot do the work. */
const SQLITE_AUTOCHECKPOINT_PAGES = 1000;

export type CheckpointRequest = ({ path: string } & CheckpointSettings) | { stop: true };
export type CheckpointReport = { ready: true } | { failed: string } | { stopped: true };

/**
 * After a passive checkpoint left the log in `state` (and the one before in `previous`): the stronger
 * checkpoint to run now, if any.
 */
export function nextCheckpoint(state: LogState, previous: LogState | undefined, capFrames: number): CheckpointMode | undefined {
  if (state.busy || state.log <= 0) return undefined;
  if (state.log > capFrames) return "RESTART";
  const idle = previous !== undefined && previous.log === state.log && state.checkpointed === state.log;
  return idle ? "TRUNCATE" : undefined;
}

/** Where the worker's script is: beside this file, or the bundled server's own entry (scripts/bundle.ts). */
declare const SKHEMA_CHECKPOINT_WORKER: string | undefined;
const workerUrl = (): URL =>
  new URL(typeof SKHEMA_CHECKPOINT_WORKER === "string" ? SKHEMA_CHECKPOINT_WORKER : "./checkpoint-worker.ts", import.meta.url);

export interface BackgroundCheckpoints {
  /** Resolves once the worker checkpoints and the server's connections no longer do: true; false when they still do. */
  readonly started: Promise<boolean>;
  /** Ends the worker, its connection closed first (waiting at most STOP_WAIT_MS); the server's connections close next. */
  stop(): Promise<void>;
}

/** A worker in the middle of a checkpoint finishes it first (its fsync); one that takes longer is terminated. */
const STOP_WAIT_MS = 2000;

/**
 * Moves the checkpoints of the database file at `path` to a worker. `setAutoCheckpoint(pages)` sets
 * `wal_autocheckpoint` on every connection the server writes through.
 */
export function checkpointInBackground(
  path: string,
  setAutoCheckpoint: (pages: number) => Promise<void>,
  settings: CheckpointSettings = DEFAULT_CHECKPOINTS,
  spawn: () => Worker = () => new Worker(workerUrl(), { type: "module" }),
): BackgroundCheckpoints {
  let worker: Worker | undefined;
  let handedOver = false;
  let closing = false;
  let settle: (started: boolean) => void = () => {};
  let ended: () => void = () => {};
  const started = new Promise<boolean>((resolve) => (settle = resolve));
  const end = new Promise<void>((resolve) => (ended = resolve));

  const finish = () => {
    worker?.terminate();
    worker = undefined;
    ended();
  };
  const takeBack = async (why: string) => {
    finish();
    if (!closing) {
      console.error(`skhema: database checkpoints stay on the server's thread: ${why}`);
      if (handedOver) await setAutoCheckpoint(SQLITE_AUTOCHECKPOINT_PAGES);
      handedOver = false;
    }
    settle(false);
  };

  try {
    worker = spawn();
  } catch (err) {
    void takeBack(err instanceof Error ? err.message : String(err));
    return { started, stop: async () => {} };
  }
  worker.onmessage = async (event: MessageEvent<CheckpointReport>) => {
    const report = event.data;
    if ("stopped" in report) finish();
    else if ("failed" in report) await takeBack(report.failed);
    else if (!closing) {
      // Marked first: a failure reported while the pragma is set still gives the checkpoints back.
      handedOver = true;
      await setAutoCheckpoint(0);
      settle(true);
    }
  };
  worker.onerror = (event: ErrorEvent) => {
    event.preventDefault?.();
    void takeBack(event.message);
  };
  worker.postMessage({ path, ...settings } satisfies CheckpointRequest);
  return {
    started,
    async stop() {
      closing = true;
      settle(false);
      if (!worker) return;
      worker.postMessage({ stop: true } satisfies CheckpointRequest);
      const timeout = setTimeout(finish, STOP_WAIT_MS);
      await end;
      clearTimeout(timeout);
    },
  };
}

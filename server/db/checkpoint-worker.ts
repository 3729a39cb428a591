/**
 * The checkpointer of an embedded database (checkpoints.ts): a worker thread with its own connection
 * that copies the write-ahead log into the database file every few hundred ms, so the server's
 * thread never waits on that copy and its fsync.
 *
 * Protocol: it gets one CheckpointStart, answers `{ ready: true }` after its first checkpoint (or
 * `{ failed }`), then works until `{ stop: true }`, which it answers with `{ stopped: true }` once
 * its connection is closed. A checkpoint that fails later is reported as `{ failed }` and ends the
 * work: the server's connections then checkpoint for themselves again.
 */
import type Database from "libsql";
import { nextCheckpoint, type CheckpointReport, type CheckpointRequest, type LogState } from "./checkpoints.ts";

declare const self: Worker;

let connection: Database.Database | undefined;
let timer: ReturnType<typeof setInterval> | undefined;

const report = (message: CheckpointReport) => self.postMessage(message);
const failed = (err: unknown) => report({ failed: err instanceof Error ? err.message : String(err) });

function stop(): void {
  clearInterval(timer);
  connection?.close();
  connection = undefined;
}

self.onmessage = async (event: MessageEvent<CheckpointRequest>) => {
  const request = event.data;
  if ("stop" in request) {
    stop();
    report({ stopped: true });
    return;
  }
  try {
    const Sqlite = (await import("libsql")).default;
    const open = new Sqlite(request.path, { timeout: request.busyTimeoutMs });
    connection = open;
    // PRAGMA wal_checkpoint answers one row: busy (another checkpoint held the lock), log (frames in
    // the log), checkpointed (frames copied into the file).
    const modes = {
      PASSIVE: open.prepare("PRAGMA wal_checkpoint(PASSIVE)"),
      RESTART: open.prepare("PRAGMA wal_checkpoint(RESTART)"),
      TRUNCATE: open.prepare("PRAGMA wal_checkpoint(TRUNCATE)"),
    };
    let previous: LogState | undefined;
    const checkpoint = () => {
      const state = modes.PASSIVE.get() as LogState;
      const next = nextCheckpoint(state, previous, request.capFrames);
      previous = next ? (modes[next].get() as LogState) : state;
    };
    checkpoint();
    timer = setInterval(() => {
      try {
        checkpoint();
      } catch (err) {
        stop();
        failed(err);
      }
    }, request.intervalMs);
    report({ ready: true });
  } catch (err) {
    stop();
    failed(err);
  }
};

/**
 * A render worker of the pool (pool.ts): lowers its own CPU priority if it is a background worker,
 * loads the engine once, warms its WebAssembly runtimes, says
 * it is ready, then runs one job at a time (jobs.ts) and answers with the result — sealed as JSON
 * text with its byte arrays transferred, not copied (wire.ts) — and its own heap size, which tells the
 * pool when to recycle it.
 */
import type { Job } from "./jobs.ts";
import type { WorkerJob, WorkerReply } from "./pool.ts";
import { lowerThreadPriority } from "./thread-priority.ts";
import { ownRole } from "./worker-role.ts";

declare const self: Worker;

// Before the engine is loaded: a background worker compiles it, too, at its own priority.
if (ownRole() === "background") lowerThreadPriority();
const [{ preload }, { runtime }, { runJob, sendError }, { open, seal, transferable }] = await Promise.all([
  import("../../engine/index.ts"),
  import("../runtime.ts"),
  import("./jobs.ts"),
  import("./wire.ts"),
]);

/** The heap of this worker's own JavaScript VM (on Bun and Deno, `process` reports per worker). */
const heapBytes = () => process.memoryUsage().heapTotal;

/** A heap this large after a job is collected fully before it is reported (a third of the default RENDER_RECYCLE_MB). */
const COLLECT_ABOVE_BYTES = 64 * 1024 * 1024;

/** Runs one job and posts its answer. */
async function answer(message: WorkerJob): Promise<void> {
  const { id } = message;
  const job = open(message) as Job;
  const bundle = job.kind === "pdfBundle" || job.kind === "zip";
  let reply: WorkerReply;
  let transfer: ArrayBuffer[] = [];
  try {
    const value = seal(await runJob(job, runtime.assets));
    reply = { id, ok: true, heapBytes: 0, ...value };
    transfer = transferable(value);
  } catch (err) {
    reply = { id, ok: false, heapBytes: 0, ...seal(sendError(err)) };
  }
  // The heap is collected before it is told, so the pool replaces this worker (and pays a cold start)
  // only for memory a full collection does not give back: after a bundle, a batch's peak of memory,
  // and whenever garbage has grown the heap past COLLECT_ABOVE_BYTES (JavaScriptCore collects lazily:
  // a hundred medium items grew it past the pool's 192 MB recycling bound, issue 22).
  if (bundle || heapBytes() > COLLECT_ABOVE_BYTES) runtime.collect?.();
  reply.heapBytes = heapBytes();
  self.postMessage(reply, transfer);
}

// One job at a time, in the order given. The pool hands a busy worker its owner's next job; were it
// started on arrival, it would run while the job before it waits on something (a renderer loaded on
// first use, an asset read), and both would share this thread and their budgets. The handler gives
// back the turn, so a wrapper (test/support/spin-worker.ts) can take its own place in the order.
// A job that fails outside its own try (a message it cannot open) is thrown as an uncaught error, as
// it was before the turn, so the pool replaces this worker; the turn itself stays usable.
let turn: Promise<void> = Promise.resolve();
const uncaught = (err: unknown) => void setTimeout(() => {
  throw err;
});
self.onmessage = (event: MessageEvent<WorkerJob>): Promise<void> => (turn = turn.then(() => answer(event.data)).catch(uncaught));

await preload(runtime.assets);
self.postMessage({ ready: true } satisfies WorkerReply);

/**
 * A render worker of the pool (pool.ts): loads the engine once, warms its WebAssembly runtimes, says
 * it is ready, then runs one job at a time (jobs.ts) and answers with the result — sealed as JSON
 * text with its byte arrays transferred, not copied (wire.ts) — and its own heap size, which tells the
 * pool when to recycle it.
 */
import { preload } from "../../engine/index.ts";
import { runtime } from "../runtime.ts";
import { runJob, sendError, type Job } from "./jobs.ts";
import type { WorkerJob, WorkerReply } from "./pool.ts";
import { open, seal, transferable } from "./wire.ts";

declare const self: Worker;

/** The heap of this worker's own JavaScript VM (on Bun and Deno, `process` reports per worker). */
const heapBytes = () => process.memoryUsage().heapTotal;

self.onmessage = async (event: MessageEvent<WorkerJob>) => {
  const { id } = event.data;
  const job = open(event.data) as Job;
  try {
    const value = seal(await runJob(job, runtime.assets));
    self.postMessage({ id, ok: true, heapBytes: heapBytes(), ...value } satisfies WorkerReply, transferable(value));
  } catch (err) {
    self.postMessage({ id, ok: false, heapBytes: heapBytes(), ...seal(sendError(err)) } satisfies WorkerReply);
  } finally {
    if (job.kind === "pdfBundle" || job.kind === "zip") runtime.afterBatch?.();
    else runtime.afterRender?.();
  }
};

await preload(runtime.assets);
self.postMessage({ ready: true } satisfies WorkerReply);

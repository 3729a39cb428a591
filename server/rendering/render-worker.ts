/**
 * A render worker of the pool (pool.ts): loads the engine once, warms its WebAssembly runtimes, says
 * it is ready, then runs one job at a time (jobs.ts) and answers with the result — binary results
 * transferred, not copied — and its own heap size, which tells the pool when to recycle it.
 */
import { preload } from "../../engine/index.ts";
import { runtime } from "../runtime.ts";
import { runJob, sendError, type Job } from "./jobs.ts";

declare const self: Worker;

/** The heap of this worker's own JavaScript VM (on Bun and Deno, `process` reports per worker). */
const heapBytes = () => process.memoryUsage().heapTotal;

self.onmessage = async (event: MessageEvent<{ id: number; job: Job }>) => {
  const { id, job } = event.data;
  try {
    const value = await runJob(job, runtime.assets);
    const transfer = value instanceof Uint8Array ? [value.buffer] : value && "file" in value && value.file.data instanceof Uint8Array ? [value.file.data.buffer] : [];
    self.postMessage({ id, ok: true, value, heapBytes: heapBytes() }, transfer as Transferable[]);
  } catch (err) {
    self.postMessage({ id, ok: false, error: sendError(err), heapBytes: heapBytes() });
  } finally {
    if (job.kind === "pdfBundle" || job.kind === "zip") runtime.afterBatch?.();
    else runtime.afterRender?.();
  }
};

await preload(runtime.assets);
self.postMessage({ ready: true });

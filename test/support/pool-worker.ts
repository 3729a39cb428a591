/**
 * A minimal worker of the pool protocol (server/rendering/pool.ts) for the pool's own tests:
 * "echo" answers its value, "fail" throws, "spin" never ends, "heap" reports a heap of the given size,
 * "later" answers its value after `ms` (the worker idle meanwhile), "ran" how many jobs this worker took,
 * "role" the name the pool gave this worker.
 */
import type { WorkerJob, WorkerReply } from "../../server/rendering/pool.ts";
import { open, seal, transferable } from "../../server/rendering/wire.ts";
import { ownRole } from "../../server/rendering/worker-role.ts";

declare const self: Worker;

let ran = 0;

self.onmessage = async (event: MessageEvent<WorkerJob>) => {
  const { id } = event.data;
  const job = open(event.data) as { kind: string; value?: unknown; heapBytes?: number; ms?: number };
  ran++;
  if (job.kind === "spin") for (;;);
  if (job.kind === "later") await Bun.sleep(job.ms ?? 0);
  if (job.kind === "ran") job.value = ran;
  if (job.kind === "role") job.value = ownRole();
  const heapBytes = job.heapBytes ?? 0;
  if (job.kind === "fail") self.postMessage({ id, ok: false, heapBytes, ...seal({ message: "it failed" }) } satisfies WorkerReply);
  else {
    const value = seal(job.value);
    self.postMessage({ id, ok: true, heapBytes, ...value } satisfies WorkerReply, transferable(value));
  }
};
self.postMessage({ ready: true } satisfies WorkerReply);

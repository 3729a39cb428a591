/**
 * A minimal worker of the pool protocol (server/rendering/pool.ts) for the pool's own tests:
 * "echo" answers its value, "fail" throws, "spin" never ends, "heap" reports a heap of the given size.
 */
declare const self: Worker;
export {};

self.onmessage = (event: MessageEvent<{ id: number; job: { kind: string; value?: unknown; heapBytes?: number } }>) => {
  const { id, job } = event.data;
  if (job.kind === "spin") for (;;);
  if (job.kind === "fail") self.postMessage({ id, ok: false, error: { message: "it failed" }, heapBytes: 0 });
  else self.postMessage({ id, ok: true, value: job.value, heapBytes: job.heapBytes ?? 0 });
};
self.postMessage({ ready: true });

/**
 * Who runs the engine for a request: a pool of workers (`npm start` on Bun or Deno — the server's own
 * thread never renders), or inline (the edge worker: workerd has no workers here, and its platform
 * bounds a request's CPU itself). Routes and batches see only this interface.
 *
 * A job the pool stops answers as interface.md §7 render_failed (500): the source was within the
 * documented limits, so it is not a malformed request; the message says which bound it met and that
 * nothing was charged. A job abandoned by its client ends as an AbortError (nobody hears the answer).
 */
import type { AssetLoader } from "../../engine/assets.ts";
import type { RenderConfig } from "../config.ts";
import { ApiError } from "../http/errors.ts";
import { receiveError, runJob, type Job, type JobResult, type SentError } from "./jobs.ts";
import { roleOptions } from "./worker-role.ts";
import { JobStopped, WorkerPool, type JobLimits, type PoolSettings } from "./pool.ts";
import { renderWorkerUrl } from "./worker-url.ts";

export type { JobLimits } from "./pool.ts";

export interface Renderer {
  run<J extends Job>(job: J, limits: JobLimits): Promise<JobResult<J>>;
  close(): void;
}

/** The engine on the caller's own thread: the budget is the host's to enforce; an aborted request does not start. */
export function inlineRenderer(assets: AssetLoader): Renderer {
  return {
    async run(job, limits) {
      limits.signal?.throwIfAborted();
      return runJob(job, assets);
    },
    close() {},
  };
}

export function poolRenderer(settings: PoolSettings): Renderer & { pool: WorkerPool } {
  const pool = new WorkerPool(settings);
  return {
    pool,
    async run<J extends Job>(job: J, limits: JobLimits): Promise<JobResult<J>> {
      try {
        return (await pool.run(job, limits)) as JobResult<J>;
      } catch (err) {
        if (err instanceof JobStopped) throw new ApiError("render_failed", `${err.message}; nothing was charged`);
        if (err instanceof DOMException) throw err;
        throw receiveError(err as SentError);
      }
    },
    close: () => pool.close(),
  };
}

/**
 * A source longer than this (characters, or bytes of a file) renders as bulk work, which never takes
 * the pool's last free worker: students' programs are a few KB, while the inputs that cost seconds
 * (issue 22's table) were 20 KB and more.
 */
export const SMALL_SOURCE = 16 * 1024;

export const isBulk = (code: string | Uint8Array): boolean => code.length > SMALL_SOURCE;

const MiB = 1024 * 1024;

/** The server's pool of render workers (render-worker.ts, or a test's stand-in), sized and bounded by the configuration. */
export function workerRenderer(config: RenderConfig, script: URL = renderWorkerUrl()): Renderer & { pool: WorkerPool } {
  return poolRenderer({
    spawn: (role) => new Worker(script, roleOptions(role)),
    size: config.workers,
    memoryCeilingBytes: config.memoryMb * MiB,
    recycleBytes: config.recycleMb * MiB,
    rss: () => process.memoryUsage.rss(),
  });
}

/**
 * A pool of Web Workers (Bun's and Deno's) that runs jobs off the server's own thread, each within
 * bounds: a wall-clock budget from the moment the job is handed to the pool (waiting for a worker
 * included, so an answer never comes later than its budget), the caller's abort signal (the client
 * went away), and a memory ceiling. A job over any of them is stopped the only way a
 * busy JavaScript thread can be stopped — its worker is terminated — and a fresh worker takes the
 * slot. Jobs wait in order for a free worker; an abandoned job leaves the queue.
 *
 * An abandoned job that is running (or handed to a busy worker) is answered at once, and its worker
 * gets ABANDON_GRACE_MS from when it starts that job to finish it before it is terminated: a
 * student's render ends within a few ms, while a fresh worker costs a cold start — loading the
 * engine and compiling it again, ≈ 0.5 ms of JIT per render for the next thousands (issue 22:
 * every client that timed out or a load test's last requests replaced a warm worker). The work still
 * stops within the grace; its answer is dropped.
 *
 * Fairness: one owner (a user) holds at most `perOwner` workers at once, by default all but one, and
 * an owner already holding one never takes the last free worker; bulk work (a large source, a batch's
 * bundle) never takes the last free worker at all. So with a worker more than the machine
 * has cores (the server's default) a small render finds a free worker even while one user's slow
 * inputs, or several users' large sources and batches, keep the others busy.
 *
 * Roles: a third of the workers (at least one, in a pool of two or more; the last ones) are background
 * workers, spawned to run at a lower CPU priority (render-worker.ts); only they take bulk work. The
 * others are foreground workers. Free workers are given jobs in order, so small renders go to the
 * foreground ones first. On a machine whose cores are all busy with bulk work, the scheduler then
 * still gives the server's thread and the foreground workers their time: beside six 1 MiB sources
 * (issue 22), ten rounds each, the slowest small render took 140 ms with equal priorities, 63 ms with
 * one foreground worker. A user's small renders (one holds all workers but one) stay on foreground
 * workers too, where a worker at the lower priority would wait behind every other thread.
 *
 * Memory: a worker reports its own heap after each job; one holding more than `recycleBytes`
 * (a spike it will not give back) is replaced, which returns the memory to the system. (Replacing
 * costs a fresh worker's start and its first, cold, renders: a worker is not replaced otherwise.) While jobs
 * run, the process's resident memory is sampled; above the idle level plus `memoryCeilingBytes` per
 * worker, the job running longest (the likeliest holder) is stopped.
 *
 * Hand-over: a worker busy with a job of an owner may be given that owner's next job too (never
 * anyone else's, nor an ownerless one), so it starts at once instead of waiting for this thread to come round to the
 * answer; when a worker is replaced, the jobs that waited on it go back to the front of the queue.
 *
 * Protocol: the worker posts `{ ready: true }` once loaded, then answers each `{ id, json, bytes? }`
 * (the job sealed by wire.ts) with `{ id, ok: true, heapBytes, json, bytes? }` (the value sealed) or
 * `{ id, ok: false, heapBytes, json }` (the error sealed).
 */
import { open, seal, type Envelope } from "./wire.ts";

export type StopReason = "budget" | "memory" | "abandoned" | "crashed";

/** A job the pool stopped (or never started) for `reason`; the worker was replaced. */
export class JobStopped extends Error {
  constructor(
    message: string,
    readonly reason: StopReason,
  ) {
    super(message);
    this.name = "JobStopped";
  }
}

/** A job as the worker receives it. */
export type WorkerJob = Envelope & { id: number };
export type WorkerReply = { ready: true } | (Envelope & { id: number; ok: boolean; heapBytes: number });

export type WorkerRole = "foreground" | "background";

export interface PoolSettings {
  /** Starts a fresh worker for `role` (see the header). */
  spawn: (role: WorkerRole) => Worker;
  size: number;
  /** Memory one job may add to the server's idle level before the longest-running job is stopped. */
  memoryCeilingBytes: number;
  /** A worker whose heap is above this after a job is replaced. */
  recycleBytes: number;
  /** The process's resident memory in bytes (where the host can tell; otherwise no ceiling). */
  rss?: () => number;
  /** How often resident memory is sampled while jobs run. */
  sampleMs?: number;
  /** Workers one owner may hold at once; default all but one (at least one). */
  perOwner?: number;
  /** How long a worker may finish an abandoned job before it is terminated; default ABANDON_GRACE_MS. */
  abandonGraceMs?: number;
}

export interface JobLimits {
  budgetMs: number;
  signal?: AbortSignal | undefined;
  /** Whose job it is (see perOwner); jobs without an owner are not held back. */
  owner?: string | undefined;
  /** Bulk work (of a pool of two or more) runs on background workers only, and never takes the last free worker: that one is kept for small renders. */
  bulk?: boolean;
}

interface Pending {
  id: number;
  /** The job, sealed once: a job whose worker was replaced is sent again as it was. */
  message: Envelope;
  limits: JobLimits;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  /** Stops listening to the caller's abort signal. */
  unlisten: () => void;
  /** Ends the job at its budget, queued or running. */
  timer: ReturnType<typeof setTimeout> | undefined;
}

interface Running extends Pending {
  startedAt: number;
  /** Its caller went away (already answered): the worker's answer is dropped. */
  abandoned?: true;
}

interface Slot {
  readonly role: WorkerRole;
  worker: Worker;
  ready: boolean;
  /** The job the worker runs, then at most one more of the same owner waiting on it. */
  jobs: Running[];
  /** Armed while the job the worker runs is abandoned: replaces the worker at the end of the grace. */
  grace?: ReturnType<typeof setTimeout> | undefined;
}

/** How long a worker may go on with an abandoned job before it is terminated (see the header). */
export const ABANDON_GRACE_MS = 250;

/** Jobs given to one worker at once (the running one and the next). */
const DEPTH = 2;

export interface PoolStats {
  workers: number;
  busy: number;
  queued: number;
  /** Workers replaced so far, by why. */
  replaced: Record<StopReason | "recycled", number>;
}

export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private idleRss: number | undefined;
  private sampler: ReturnType<typeof setInterval> | undefined;
  private closed = false;
  private readonly replaced: PoolStats["replaced"] = { budget: 0, memory: 0, abandoned: 0, crashed: 0, recycled: 0 };

  constructor(private readonly settings: PoolSettings) {
    if (!(settings.size >= 1)) throw new Error("a worker pool needs at least one worker");
    const background = settings.size === 1 ? 0 : Math.max(1, Math.round(settings.size / 3));
    for (let i = 0; i < settings.size; i++) this.slots.push(this.start(i < settings.size - background ? "foreground" : "background"));
  }

  /** Runs `message` on a worker; resolves with its answer, rejects with its error or a JobStopped. */
  run(message: unknown, limits: JobLimits): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error("the worker pool is closed"));
    return new Promise((resolve, reject) => {
      const { signal } = limits;
      if (signal?.aborted) return reject(abandoned());
      const pending: Pending = { id: this.nextId++, message: seal(message), limits, resolve, reject, unlisten: () => {}, timer: undefined };
      pending.timer = setTimeout(() => this.expire(pending), limits.budgetMs);
      if (signal) {
        const onAbort = () => this.abandon(pending);
        signal.addEventListener("abort", onAbort, { once: true });
        pending.unlisten = () => signal.removeEventListener("abort", onAbort);
      }
      this.queue.push(pending);
      this.dispatch();
    });
  }

  stats(): PoolStats {
    return { workers: this.slots.length, busy: this.slots.filter((s) => s.jobs.length > 0).length, queued: this.queue.length, replaced: { ...this.replaced } };
  }

  /** Stops every worker; queued and running jobs fail. */
  close(): void {
    this.closed = true;
    this.stopSampling();
    for (const pending of this.queue.splice(0)) this.finish(pending).reject(new Error("the worker pool is closed"));
    for (const slot of this.slots) {
      clearTimeout(slot.grace);
      slot.worker.terminate();
      for (const job of slot.jobs.splice(0)) this.finish(job).reject(new Error("the worker pool is closed"));
    }
  }

  private start(role: WorkerRole): Slot {
    const slot: Slot = { role, worker: this.settings.spawn(role), ready: false, jobs: [] };
    slot.worker.onmessage = (event: MessageEvent<WorkerReply>) => this.reply(slot, event.data);
    // An uncaught error or a failed start: the worker cannot be trusted with another job.
    slot.worker.onerror = (event: ErrorEvent) => {
      event.preventDefault?.();
      console.error("render worker failed:", event.message);
      this.replace(slot, "crashed", "the renderer stopped unexpectedly");
    };
    return slot;
  }

  private reply(slot: Slot, data: WorkerReply): void {
    if ("ready" in data) {
      slot.ready = true;
      if (this.idleRss === undefined && this.slots.every((s) => s.ready)) this.idleRss = this.settings.rss?.();
      this.dispatch();
      return;
    }
    const index = slot.jobs.findIndex((j) => j.id === data.id);
    if (index < 0) return; // an answer for a job already stopped
    const [job] = slot.jobs.splice(index, 1);
    if (!job!.abandoned) {
      const { resolve, reject } = this.finish(job!);
      if (data.ok) resolve(open(data));
      else reject(open(data));
    }
    if (data.heapBytes > this.settings.recycleBytes) this.replace(slot, "recycled");
    else this.watchGrace(slot);
    this.dispatch();
  }

  /** Bulk work runs on background workers; a pool of one has only its foreground worker to run it on. */
  private takesBulk(slot: Slot): boolean {
    return slot.role === "background" || this.slots.length === 1;
  }

  /** The first queued job `slot` may take whose owner is under its share of workers. */
  private nextJob(slot: Slot): Pending | undefined {
    const { perOwner = Math.max(1, this.settings.size - 1) } = this.settings;
    const held = new Map<string, number>();
    for (const s of this.slots) {
      const owner = s.jobs[0]?.limits.owner;
      if (owner !== undefined) held.set(owner, (held.get(owner) ?? 0) + 1);
    }
    const free = this.slots.filter((s) => s.ready && s.jobs.length === 0).length;
    // The worker kept must be ready: when bulk jobs' workers were stopped together, their fresh ones
    // start while a small render takes the one kept (bulk work waits for them to start).
    const index = this.queue.findIndex((p) => {
      if (p.limits.bulk && (!this.takesBulk(slot) || (free <= 1 && this.slots.length > 1))) return false;
      if (p.limits.owner === undefined) return true;
      const mine = held.get(p.limits.owner) ?? 0;
      return mine < perOwner && (mine === 0 || free > 1);
    });
    return index < 0 ? undefined : this.queue.splice(index, 1)[0];
  }

  private dispatch(): void {
    for (const slot of this.slots) {
      if (this.queue.length === 0) break;
      if (!slot.ready || slot.jobs.length > 0) continue;
      const pending = this.nextJob(slot);
      if (pending) this.post(slot, pending);
    }
    // Busy workers get their owner's next job, so it starts as soon as the current one ends.
    for (const slot of this.slots) {
      if (this.queue.length === 0) break;
      if (slot.jobs.length === 0 || slot.jobs.length >= DEPTH) continue;
      const owner = slot.jobs[0]!.limits.owner;
      if (owner === undefined) continue;
      const index = this.queue.findIndex((p) => p.limits.owner === owner && (!p.limits.bulk || this.takesBulk(slot)));
      if (index >= 0) this.post(slot, this.queue.splice(index, 1)[0]!);
    }
    if (this.slots.some((s) => s.jobs.length > 0)) this.startSampling();
    else this.stopSampling();
  }

  private post(slot: Slot, pending: Pending): void {
    const job: Running = Object.assign(pending, { startedAt: performance.now() });
    slot.jobs.push(job);
    slot.worker.postMessage({ id: job.id, ...job.message } satisfies WorkerJob);
  }

  private abandon(pending: Pending): void {
    this.end(pending, "abandoned", "the client went away");
  }

  private expire(pending: Pending): void {
    this.end(pending, "budget", `over the ${pending.limits.budgetMs} ms budget`);
  }

  /**
   * Ends a job: out of the queue if it waits there; abandoned on a worker, answered at once and left
   * to the grace (see the header); else its worker is replaced.
   */
  private end(pending: Pending, reason: StopReason, why: string): void {
    const queued = this.queue.indexOf(pending);
    if (queued >= 0) {
      this.queue.splice(queued, 1);
      this.finish(pending).reject(reason === "abandoned" ? abandoned() : new JobStopped(`rendering stopped: ${why}`, reason));
      return;
    }
    const slot = this.slots.find((s) => s.jobs.includes(pending as Running));
    if (!slot) return;
    if (reason !== "abandoned") {
      this.replace(slot, reason, why, pending);
      return;
    }
    (pending as Running).abandoned = true;
    this.finish(pending).reject(abandoned());
    this.watchGrace(slot);
  }

  /** Arms the slot's grace when the job its worker runs now is abandoned (a job handed over waits its turn). */
  private watchGrace(slot: Slot): void {
    if (slot.jobs[0]?.abandoned) slot.grace ??= setTimeout(() => this.replace(slot, "abandoned"), this.settings.abandonGraceMs ?? ABANDON_GRACE_MS);
    else {
      clearTimeout(slot.grace);
      slot.grace = undefined;
    }
  }

  /**
   * Terminates the slot's worker and starts a fresh one: `failed` (by default the job it was running)
   * fails with `reason`; the other jobs given to it go back to the front of the queue.
   */
  private replace(slot: Slot, reason: StopReason | "recycled", why = "", failed: Pending | undefined = slot.jobs[0]): void {
    clearTimeout(slot.grace);
    slot.worker.onmessage = null;
    slot.worker.onerror = null;
    slot.worker.terminate();
    this.replaced[reason]++;
    const job = reason === "recycled" ? undefined : failed;
    // Abandoned jobs were answered already: they are neither sent again nor answered twice.
    this.queue.unshift(...slot.jobs.filter((j) => j !== job && !j.abandoned));
    const index = this.slots.indexOf(slot);
    if (index >= 0 && !this.closed) this.slots[index] = this.start(slot.role);
    if (job && reason !== "recycled" && !(job as Running).abandoned) this.finish(job).reject(new JobStopped(`rendering stopped: ${why}`, reason));
    this.dispatch();
  }

  /** Clears a job's timer and abort listener; returns its settle functions. */
  private finish(job: Pending): Pick<Pending, "resolve" | "reject"> {
    clearTimeout(job.timer);
    job.unlisten();
    return job;
  }

  private startSampling(): void {
    const { rss, memoryCeilingBytes, sampleMs = 100 } = this.settings;
    if (this.sampler || !rss) return;
    this.sampler = setInterval(() => {
      if (this.idleRss === undefined) return;
      if (rss() <= this.idleRss + memoryCeilingBytes * this.slots.length) return;
      const longest = this.slots.filter((s) => s.jobs.length > 0).sort((a, b) => a.jobs[0]!.startedAt - b.jobs[0]!.startedAt)[0];
      if (longest) this.replace(longest, "memory", `it needed more than ${Math.round(memoryCeilingBytes / 2 ** 20)} MB`);
    }, sampleMs);
    (this.sampler as { unref?: () => void }).unref?.();
  }

  private stopSampling(): void {
    clearInterval(this.sampler);
    this.sampler = undefined;
  }
}

function abandoned(): DOMException {
  return new DOMException("the client went away before the answer", "AbortError");
}

/**
 * The worker pool (server/rendering/pool.ts) with a minimal protocol worker (test/support/pool-worker.ts):
 * a job over its budget, abandoned by its caller (after its grace) or over the memory ceiling is
 * stopped by replacing its worker, the pool keeps serving, and the pool's thread stays free while a
 * worker spins. Spinning jobs never end, and a job meant to end within its grace has a minute of it,
 * so no outcome here depends on how fast the machine is.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { loadConfig } from "../server/config.ts";
import { JobStopped, WorkerPool, type PoolSettings } from "../server/rendering/pool.ts";
import { workerRenderer } from "../server/rendering/renderer.ts";
import { BACKGROUND_NICE } from "../server/rendering/thread-priority.ts";
import { roleOptions } from "../server/rendering/worker-role.ts";
import { busyMachineTimeouts } from "./support/timeouts.ts";
import { until } from "./support/until.ts";

busyMachineTimeouts();

const WORKER = new URL("./support/pool-worker.ts", import.meta.url);
const MiB = 1024 * 1024;
const pools: WorkerPool[] = [];

function pool(settings: Partial<PoolSettings> = {}): WorkerPool {
  const p = new WorkerPool({ spawn: (role) => new Worker(WORKER, roleOptions(role)), size: 1, memoryCeilingBytes: 512 * MiB, recycleBytes: 256 * MiB, abandonGraceMs: 50, ...settings });
  pools.push(p);
  return p;
}

afterEach(() => {
  for (const p of pools.splice(0)) p.close();
});

const LONG = 120_000;

describe("render worker pool", () => {
  test("answers jobs in order, more jobs than workers wait their turn", async () => {
    const p = pool({ size: 2 });
    const values = await Promise.all(Array.from({ length: 7 }, (_, i) => p.run({ kind: "echo", value: i }, { budgetMs: LONG })));
    expect(values).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(p.stats()).toMatchObject({ workers: 2, busy: 0, queued: 0 });
  }, 120_000);

  test("a worker's error is the job's rejection and the worker stays", async () => {
    const p = pool();
    await expect(p.run({ kind: "fail" }, { budgetMs: LONG })).rejects.toEqual({ message: "it failed" });
    expect(await p.run({ kind: "echo", value: "after" }, { budgetMs: LONG })).toBe("after");
    expect(p.stats().replaced).toEqual({ budget: 0, memory: 0, abandoned: 0, crashed: 0, recycled: 0 });
  }, 120_000);

  test("a job over its budget is stopped, its worker replaced, and the next job runs", async () => {
    const p = pool();
    const stopped = await p.run({ kind: "spin" }, { budgetMs: 200 }).catch((e: unknown) => e);
    expect(stopped).toBeInstanceOf(JobStopped);
    expect((stopped as JobStopped).reason).toBe("budget");
    expect((stopped as JobStopped).message).toContain("200 ms budget");
    expect(await p.run({ kind: "echo", value: 1 }, { budgetMs: LONG })).toBe(1);
    expect(p.stats().replaced.budget).toBe(1);
  }, 120_000);

  test("the budget counts the wait for a worker: a job still queued at its budget fails without starting", async () => {
    const p = pool();
    const controller = new AbortController();
    const running = p.run({ kind: "spin" }, { budgetMs: LONG, signal: controller.signal }).catch((e: unknown) => e);
    while (p.stats().busy < 1) await Bun.sleep(10);
    const waiting = (await p.run({ kind: "echo", value: 1 }, { budgetMs: 100 }).catch((e: unknown) => e)) as JobStopped;
    expect(waiting).toBeInstanceOf(JobStopped);
    expect(waiting.reason).toBe("budget");
    expect(p.stats()).toMatchObject({ busy: 1, queued: 0 });
    expect(p.stats().replaced.budget).toBe(0); // it never held a worker
    controller.abort();
    await running;
  }, 120_000);

  test("the pool's own thread stays free while every worker spins", async () => {
    const p = pool({ size: 2 });
    const controller = new AbortController();
    const spinning = [0, 1].map(() => p.run({ kind: "spin" }, { budgetMs: LONG, signal: controller.signal }).catch((e: unknown) => e));
    while (p.stats().busy < 2) await Bun.sleep(10);
    // Timers and I/O of this thread still run: ten turns of the event loop while both workers are busy.
    for (let i = 0; i < 10; i++) await Bun.sleep(5);
    expect(p.stats().busy).toBe(2);
    controller.abort();
    for (const outcome of await Promise.all(spinning)) expect((outcome as DOMException).name).toBe("AbortError");
    await until(() => p.stats().replaced.abandoned === 2);
  }, 120_000);

  test("an abandoned job stops its worker after its grace; an abandoned queued job never starts", async () => {
    const p = pool();
    const first = new AbortController();
    const second = new AbortController();
    const running = p.run({ kind: "spin" }, { budgetMs: LONG, signal: first.signal }).catch((e: unknown) => e);
    const queued = p.run({ kind: "spin" }, { budgetMs: LONG, signal: second.signal }).catch((e: unknown) => e);
    while (p.stats().busy < 1) await Bun.sleep(10);
    expect(p.stats().queued).toBe(1);
    second.abort();
    expect(((await queued) as DOMException).name).toBe("AbortError");
    expect(p.stats()).toMatchObject({ busy: 1, queued: 0 });
    first.abort();
    expect(((await running) as DOMException).name).toBe("AbortError"); // answered at once, not after the grace
    await until(() => p.stats().replaced.abandoned === 1);
    expect(await p.run({ kind: "echo", value: "fresh" }, { budgetMs: LONG })).toBe("fresh");
  }, 120_000);

  test("an abandoned job that ends within its grace keeps its worker: its answer is dropped, the next job runs there", async () => {
    const p = pool({ abandonGraceMs: 60_000 });
    const controller = new AbortController();
    const abandoned = p.run({ kind: "later", ms: 20, value: "unheard" }, { budgetMs: LONG, signal: controller.signal }).catch((e: unknown) => e);
    while (p.stats().busy < 1) await Bun.sleep(1);
    controller.abort();
    expect(((await abandoned) as DOMException).name).toBe("AbortError");
    expect(await p.run({ kind: "ran" }, { budgetMs: LONG })).toBe(2); // the same worker's second job
    expect(p.stats()).toMatchObject({ busy: 0, queued: 0, replaced: { budget: 0, memory: 0, abandoned: 0, crashed: 0, recycled: 0 } });
  }, 120_000);

  test("a job handed over and then abandoned leaves the job running before it alone", async () => {
    const p = pool({ abandonGraceMs: 60_000 });
    await p.run({ kind: "echo" }, { budgetMs: LONG }); // the worker is ready
    const controller = new AbortController();
    const running = p.run({ kind: "later", ms: 50, value: "heard" }, { budgetMs: LONG, owner: "a" });
    const handed = p.run({ kind: "echo", value: "unheard" }, { budgetMs: LONG, owner: "a", signal: controller.signal }).catch((e: unknown) => e);
    expect(p.stats()).toMatchObject({ busy: 1, queued: 0 }); // handed to the busy worker, not queued
    controller.abort();
    expect(((await handed) as DOMException).name).toBe("AbortError");
    expect(await running).toBe("heard");
    await until(() => p.stats().busy === 0);
    expect(await p.run({ kind: "ran" }, { budgetMs: LONG })).toBe(4);
    expect(p.stats().replaced.abandoned).toBe(0);
  }, 120_000);

  test("over the memory ceiling the longest-running job is stopped", async () => {
    let rss = 100 * MiB;
    const p = pool({ size: 2, memoryCeilingBytes: 50 * MiB, rss: () => rss, sampleMs: 10 });
    const older = p.run({ kind: "spin" }, { budgetMs: LONG }).catch((e: unknown) => e);
    while (p.stats().busy < 1) await Bun.sleep(10);
    await Bun.sleep(20);
    const younger = p.run({ kind: "spin" }, { budgetMs: LONG }).catch((e: unknown) => e);
    while (p.stats().busy < 2) await Bun.sleep(10);
    rss = 100 * MiB + 2 * 50 * MiB + 1; // the idle level plus every worker's ceiling, and a byte
    const stopped = (await older) as JobStopped;
    expect(stopped.reason).toBe("memory");
    expect(stopped.message).toContain("more than 50 MB");
    rss = 100 * MiB;
    expect(p.stats()).toMatchObject({ busy: 1 });
    p.close();
    expect(await younger).toBeInstanceOf(Error);
  }, 120_000);

  test("one owner holds all workers but one: another owner's job runs at once", async () => {
    const p = pool({ size: 2 });
    const controller = new AbortController();
    const mine = [0, 1].map(() => p.run({ kind: "spin" }, { budgetMs: LONG, signal: controller.signal, owner: "a" }).catch((e: unknown) => e));
    while (p.stats().busy < 1) await Bun.sleep(10);
    await Bun.sleep(20);
    expect(p.stats()).toMatchObject({ busy: 1, queued: 0 }); // the second job waits on a's worker; the other stays free for others
    expect(await p.run({ kind: "echo", value: "b's" }, { budgetMs: LONG, owner: "b" })).toBe("b's");
    controller.abort();
    await Promise.all(mine);
  }, 120_000);

  test("bulk work of many owners never takes the last free worker: a small render runs at once", async () => {
    const p = pool({ size: 3 });
    const controller = new AbortController();
    const bulk = ["a", "b", "c", "d"].map((owner) => p.run({ kind: "spin" }, { budgetMs: LONG, signal: controller.signal, owner, bulk: true }).catch((e: unknown) => e));
    while (p.stats().busy < 1) await Bun.sleep(10);
    await Bun.sleep(20);
    expect(p.stats()).toMatchObject({ busy: 1, queued: 3 }); // four owners, one background worker: the foreground ones stay free
    expect(await p.run({ kind: "echo", value: "e's" }, { budgetMs: LONG, owner: "e" })).toBe("e's");
    controller.abort();
    await Promise.all(bulk);
  }, 30_000);

  test("bulk work runs on background workers; the foreground one takes small renders, and is not handed an owner's bulk job", async () => {
    const p = pool({ size: 2 });
    expect(await p.run({ kind: "role" }, { budgetMs: LONG, owner: "a", bulk: true })).toBe("background");
    expect(await p.run({ kind: "role" }, { budgetMs: LONG, owner: "a" })).toBe("foreground");
    const controller = new AbortController();
    const small = p.run({ kind: "spin" }, { budgetMs: LONG, signal: controller.signal, owner: "a" }).catch((e: unknown) => e);
    while (p.stats().busy < 1) await Bun.sleep(10);
    const bulk = p.run({ kind: "role" }, { budgetMs: LONG, signal: controller.signal, owner: "a", bulk: true }).catch((e: unknown) => e);
    await Bun.sleep(20);
    // Not handed over to a's busy foreground worker, nor given the last free one.
    expect(p.stats()).toMatchObject({ busy: 1, queued: 1 });
    controller.abort();
    await Promise.all([small, bulk]);
  }, 120_000);

  test("a third of the workers (at least one) are background ones, and a replaced worker's successor keeps its role", async () => {
    const rolesOf = (size: number) => {
      const roles: string[] = [];
      pool({ size, spawn: (role) => (roles.push(role), new Worker(WORKER, roleOptions(role))) });
      return roles;
    };
    expect(rolesOf(1)).toEqual(["foreground"]);
    expect(rolesOf(2)).toEqual(["foreground", "background"]);
    expect(rolesOf(5)).toEqual(["foreground", "foreground", "foreground", "background", "background"]);
    const roles: string[] = [];
    const p = pool({ size: 3, spawn: (role) => (roles.push(role), new Worker(WORKER, roleOptions(role))) });
    expect(roles).toEqual(["foreground", "foreground", "background"]);
    const stopped = await p.run({ kind: "spin" }, { budgetMs: 300, owner: "a", bulk: true }).catch((e: unknown) => e);
    expect((stopped as JobStopped).reason).toBe("budget");
    expect(roles).toEqual(["foreground", "foreground", "background", "background"]);
  }, 120_000);

  test("a pool of one runs bulk work (there is no worker to keep)", async () => {
    const p = pool({ size: 1 });
    expect(await p.run({ kind: "echo", value: "big" }, { budgetMs: LONG, owner: "a", bulk: true })).toBe("big");
  }, 30_000);

  test("an owner's next job waits on its busy worker, and goes back to the queue when that worker is replaced", async () => {
    const p = pool({ size: 2 });
    const stopped = p.run({ kind: "spin" }, { budgetMs: 300, owner: "a" }).catch((e: unknown) => e);
    while (p.stats().busy < 1) await Bun.sleep(10);
    const next = p.run({ kind: "echo", value: "a's next" }, { budgetMs: LONG, owner: "a" });
    await Bun.sleep(20);
    expect(p.stats()).toMatchObject({ busy: 1, queued: 0 });
    expect(((await stopped) as JobStopped).reason).toBe("budget");
    expect(await next).toBe("a's next"); // run again on a fresh worker, not failed with the spinning one
  }, 120_000);

    test("a worker left holding a large heap is recycled after its job", async () => {
    const p = pool({ recycleBytes: 10 * MiB });
    expect(await p.run({ kind: "echo", value: "small", heapBytes: MiB }, { budgetMs: LONG })).toBe("small");
    expect(p.stats().replaced.recycled).toBe(0);
    expect(await p.run({ kind: "echo", value: "big", heapBytes: 20 * MiB }, { budgetMs: LONG })).toBe("big");
    expect(p.stats().replaced.recycled).toBe(1);
    expect(await p.run({ kind: "echo", value: "after" }, { budgetMs: LONG })).toBe("after");
    expect(p.stats().replaced.recycled).toBe(1); // a small heap keeps its (warm) worker
  }, 120_000);
});

describe("the render workers' CPU priority", () => {
  /** This process's threads (Linux): name and nice value (field 19 of /proc/self/task/<tid>/stat). */
  const threads = () =>
    readdirSync("/proc/self/task").map((tid) => {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
      return { name: readFileSync(`/proc/self/task/${tid}/comm`, "utf8").trim(), nice: Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]) };
    });
  const niceOf = (name: string) => threads().filter((t) => t.name === name).map((t) => t.nice);

  // Bun names a worker's thread after the worker's `name`, which the pool sets to its role.
  test.skipIf(process.platform !== "linux")("background workers run at BACKGROUND_NICE; the foreground ones and this thread keep theirs", async () => {
    const renderer = workerRenderer({ ...loadConfig({}).render, workers: 3 });
    try {
      await until(() => niceOf("background").join() === `${BACKGROUND_NICE}`);
      // The foreground worker renders, at the priority the background ones do not have.
      const svg = await renderer.run({ kind: "render", input: { code: "x = 1\nprint(x)\n", lang: "python", format: "svg" } }, { budgetMs: LONG });
      expect(svg.file.contentType).toContain("svg");
      expect(niceOf("foreground")).toEqual([0, 0]);
      const own = readFileSync("/proc/thread-self/stat", "utf8");
      expect(Number(own.slice(own.lastIndexOf(")") + 2).split(" ")[16])).toBe(0);
    } finally {
      renderer.close();
    }
  }, 120_000);
});

/**
 * How a render worker learns its role in the pool (pool.ts). Deno gives a worker the `name` it was
 * started with; Bun (1.4) does not, nor the query of the script's URL, but it appends `argv` to the
 * worker's process.argv. So a worker is started with both.
 */
import type { WorkerRole } from "./pool.ts";

const ARGUMENT = "--render-worker-role=";

/** The options of `new Worker(script, …)` for a render worker of `role`. */
export function roleOptions(role: WorkerRole): WorkerOptions & { argv: string[] } {
  return { type: "module", name: role, argv: [`${ARGUMENT}${role}`] };
}

/** This worker's role, as the pool started it; undefined outside a pool's worker. */
export function ownRole(): WorkerRole | undefined {
  const named = (globalThis as { name?: unknown }).name;
  const role = typeof named === "string" && named !== "" ? named : process.argv.find((a) => a.startsWith(ARGUMENT))?.slice(ARGUMENT.length);
  return role === "foreground" || role === "background" ? role : undefined;
}

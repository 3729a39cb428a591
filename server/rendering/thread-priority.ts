/**
 * The CPU priority of the calling thread. Linux keeps a nice value per thread: a thread finds its own
 * id in /proc/thread-self, and os.setPriority(id, …) changes that thread alone, not its process.
 * Elsewhere there is no such file, and the priority stays as it is.
 */
import { readlinkSync } from "node:fs";
import { setPriority } from "node:os";

/**
 * The nice value of background render workers (pool.ts). When a thread at 0 and one at 10 both want
 * a core, the scheduler gives them CPU in the ratio of their weights, 1024 : 110.
 */
export const BACKGROUND_NICE = 10;

/** Lowers this thread's priority to `nice`; false where the system does not let it (not Linux). */
export function lowerThreadPriority(nice = BACKGROUND_NICE): boolean {
  try {
    const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (!Number.isInteger(tid)) return false;
    setPriority(tid, nice);
    return true;
  } catch {
    return false;
  }
}

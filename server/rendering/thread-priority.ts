/**
 * The CPU priority of the calling thread. Linux keeps a nice value per thread, and
 * setpriority(PRIO_PROCESS, 0) — os.setPriority without a pid — changes the calling thread's alone
 * (setpriority(2), "BUGS"). Other systems apply it to the whole process, the server's own thread
 * included, so there the priority stays as it is.
 */
import { setPriority } from "node:os";

/**
 * The nice value of background render workers (pool.ts). When a thread at 0 and one at 10 both want
 * a core, the scheduler gives them CPU in the ratio of their weights, 1024 : 110.
 */
export const BACKGROUND_NICE = 10;

/** Lowers this thread's priority to `nice`; false where the system does not let it, or not per thread. */
export function lowerThreadPriority(nice = BACKGROUND_NICE): boolean {
  if (process.platform !== "linux") return false;
  try {
    setPriority(nice);
    return true;
  } catch {
    return false;
  }
}

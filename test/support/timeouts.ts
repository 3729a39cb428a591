/**
 * Tests pass on a busy machine (issue 24.11: the suite on a loaded 2-core machine ran about ten
 * times slower than on an idle one, and tests failed at Bun's 5 s default). Bun gives each test and
 * each hook (beforeAll: starting a server, spawning a process) 5 s unless told otherwise, and has
 * no setting for every file: bunfig.toml has no test timeout, and setDefaultTimeout in a preload
 * reaches only the first file of a run. So every test file calls this first, and
 * `bun test test/<file>.test.ts` allows what `npm test` (--timeout 60000) allows. A test that needs
 * more says so itself; none measures wall-clock time (test/support/cpu-time.ts).
 */
import { setDefaultTimeout } from "bun:test";

export const BUSY_MACHINE_TIMEOUT_MS = 60_000;

export function busyMachineTimeouts(): void {
  setDefaultTimeout(BUSY_MACHINE_TIMEOUT_MS);
}

/**
 * The longest a test polls for something to happen (a letter, a credited payment, a drained
 * outbox) before it fails naming what it waited for: under BUSY_MACHINE_TIMEOUT_MS, so that message
 * rather than a bare timeout is what a failure shows, and far over what an idle machine needs.
 */
export const WAIT_MS = 45_000;

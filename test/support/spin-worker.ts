/**
 * The real render worker with one addition for tests: a render of the source SPIN never ends (a
 * stand-in for the adversarial inputs of issue 22 that stays endless whatever the engine learns), so
 * a test can hold a worker busy, run out its budget or walk away from it without timing anything.
 */
import "../../server/rendering/render-worker.ts";
import type { Job } from "../../server/rendering/jobs.ts";
import type { WorkerJob } from "../../server/rendering/pool.ts";
import { open } from "../../server/rendering/wire.ts";

export const SPIN = "# spin forever\n";

declare const self: Worker;
const real = self.onmessage as (event: MessageEvent<WorkerJob>) => Promise<void>;
// The spin takes its turn like any job: a job given before it is answered first.
let turn: Promise<void> = Promise.resolve();
self.onmessage = (event: MessageEvent<WorkerJob>) => {
  const job = open(event.data) as Job;
  const spin = "input" in job && "code" in job.input && job.input.code === SPIN;
  turn = turn.then(() => {
    if (spin) for (;;);
    return real.call(self, event);
  });
};

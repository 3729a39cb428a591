/** Polls until `done` holds (a worker being replaced is asynchronous); fails the test after a minute. */
export async function until(done: () => boolean): Promise<void> {
  for (let i = 0; !done(); i++) {
    if (i > 6000) throw new Error("condition not reached within a minute");
    await Bun.sleep(10);
  }
}

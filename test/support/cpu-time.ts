/**
 * How long a piece of work takes, as CPU time (user + system) of this process rather than the wall
 * clock: on a machine whose cores other processes share, the wall clock of the same work stretched
 * ten-fold (issue 24.11), while its CPU time stays what the work costs. The performance bounds of the
 * tests (a parser, a layout, a checker, a decoder not going quadratic) read this clock.
 */

/** Starts a clock of this process's CPU time; the function returned gives the milliseconds since. */
export function cpuClock(): () => number {
  const start = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000;
  };
}

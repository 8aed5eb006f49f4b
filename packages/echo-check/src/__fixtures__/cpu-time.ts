// The bounds in "linear time" tests are on this process's CPU time, not wall-clock time: other processes on a
// loaded machine (a mutation run, a build) stretch wall-clock time several-fold but not the work done here.

/** Milliseconds of CPU time (user + system) this process has used so far. */
export function cpuNow(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Least CPU time of three runs of `run`, in milliseconds. */
export function leastCpu(run: () => void): number {
  let least = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 3; round++) {
    const started = cpuNow();
    run();
    least = Math.min(least, cpuNow() - started);
  }
  return least;
}

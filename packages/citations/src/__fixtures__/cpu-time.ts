// The bounds in "linear time" tests are on this process's CPU time, not wall-clock time: other processes on a
// loaded machine (a mutation run, a build) stretch wall-clock time several-fold but not the work done here.
// Vitest runs each test file in its own child process, so the count is this file's work alone.

/** Milliseconds of CPU time (user + system) this process has used so far. */
export function cpuNow(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

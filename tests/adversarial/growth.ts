// Work of n against 8n, measured as CPU time (see linear-time.test.ts for the method).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { isMainThread } from 'node:worker_threads';

/** How much larger the second input is. */
export const FACTOR = 8;
/** The largest accepted ratio: three times linear (quadratic gives 64). */
export const BOUND = 24;
/**
 * Timed runs per attempt: the least of each counts. A small run is cheap and a high reading there would hide growth,
 * so it is timed three times; a large run costs eight small ones and a high reading there only repeats the attempt,
 * so twice (a third timed large run added about a fifth to each test's time: 5.3-6.1 s against 4.2-5.1 s for
 * 20,000 characters of `token: "a` redacted).
 */
const SMALL_RUNS = 3;
const LARGE_RUNS = 2;
const ATTEMPTS = 3;
/** A run of size n shorter than this is too close to the scheduler's noise: n doubles until it is not. */
const MIN_RUN_MS = 2;
const MAX_DOUBLINGS = 6;

// A full collection before each timed run starts every run from the same heap state (V8's documented
// --expose-gc flag, set at run time so the test needs no special Node options).
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/**
 * Least cost of `make(8n)` over least cost of `make(n)`, best of up to ATTEMPTS measurements (repeated while
 * the ratio is at or above `bound`, each repeat at twice the size where the bound is above linear). Where the bound
 * is above linear, an `n` whose run takes under MIN_RUN_MS is doubled first (up to 64×), so no ratio of linear work
 * rests on a sub-millisecond timing.
 */
export function growth(make: (size: number) => () => unknown, n: number, bound = BOUND): number {
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: a local switch to print the measurements, not a build input.
  const debug = process.env['GK_LINEAR_DEBUG'] === '1';
  let size = n;
  let small = make(size);
  small(); // warm-up: compile the path before measuring
  const doublings = bound > FACTOR ? MAX_DOUBLINGS : 0; // a sub-linear bound is about a fixed n and its fixed cost
  const tooShort = () => Math.min(time(small), time(small)) < MIN_RUN_MS;
  for (let doubling = 0; doubling < doublings && tooShort(); doubling++) {
    size *= 2;
    small = make(size);
    small();
  }
  let large = make(size * FACTOR);
  large();
  let best = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < ATTEMPTS && best >= bound; attempt++) {
    if (attempt > 0 && doublings > 0) {
      // A repeat measures twice the size: a quadratic path reads above the bound at every size, while a one-time
      // step in the cost per character (a string large enough for another allocation space, a cache level) falls
      // between n and 8n at one size only.
      size *= 2;
      small = make(size);
      small();
      large = make(size * FACTOR);
      large();
    }
    const smallTimes: number[] = [];
    const largeTimes: number[] = [];
    for (let run = 0; run < SMALL_RUNS; run++) {
      smallTimes.push(time(small));
      if (run < LARGE_RUNS) largeTimes.push(time(large));
    }
    best = Math.min(best, Math.min(...largeTimes) / Math.max(Math.min(...smallTimes), 0.05));
    if (debug)
      console.log(
        `n=${size}: ${Math.min(...smallTimes).toFixed(2)} ms, 8n: ${Math.min(...largeTimes).toFixed(2)} ms`,
      );
  }
  return best;
}

/** Milliseconds of CPU time spent in `fn` (wall-clock in a worker thread, where cpuUsage counts every thread). */
function time(fn: () => unknown): number {
  collectGarbage();
  if (!isMainThread) {
    const start = performance.now();
    fn();
    return performance.now() - start;
  }
  const start = process.cpuUsage();
  fn();
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
}

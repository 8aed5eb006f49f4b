/** Below this many input bytes, `--workers auto` verifies on the main thread. */
export const AUTO_WORKERS_MIN_BYTES = 16 * 1024 * 1024;
/** The most worker threads `--workers auto` starts (each holds its own heap and document collection). */
export const AUTO_WORKERS_MAX = 4;

/**
 * What `--workers auto` (the default) means: one worker thread per available core, at most
 * {@link AUTO_WORKERS_MAX}, for an input file of at least {@link AUTO_WORKERS_MIN_BYTES}; otherwise none. A
 * worker pays for its own start, its own copy of the collection and its own warm-up of the verifier (about
 * 0.4 s of CPU), which a smaller log does not earn back; standard input, whose size is unknown, and a machine
 * with one core get none.
 */
export function chooseWorkers(options: { inputBytes: number | undefined; parallelism: number }): number {
  if (options.inputBytes === undefined || options.inputBytes < AUTO_WORKERS_MIN_BYTES) return 0;
  if (options.parallelism < 2) return 0;
  return Math.min(options.parallelism, AUTO_WORKERS_MAX);
}

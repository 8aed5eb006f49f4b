import { fileURLToPath } from 'node:url';
import { getHeapStatistics } from 'node:v8';
import { Worker } from 'node:worker_threads';
import { InputError } from '../input-error.js';
import { type RawLineBatch, splitLineBatches } from '../io/split-line-batches.js';
import type { LineIssue } from './map-record.js';
import type { BatchResult } from './create-batch-processor.js';
import { createLineContext, type VerifySettings } from './verify-settings.js';
import type { WorkerFailure, WorkerResult } from './verify-worker.js';
import { addVerifySummary, createVerifySummary, type VerifySummary } from './verify-summary.js';
import { describeThrown } from '../describe-thrown.js';

/** Where verified lines go: a writable stream or anything with the same `write`/`once('drain')`. */
export interface LineSink {
  write(chunk: string | Uint8Array): boolean;
  once(event: 'drain', listener: () => void): unknown;
}

/** Options for {@link runVerify}. */
export interface RunVerifyOptions {
  /** The log, as bytes (a file stream or standard input). */
  source: AsyncIterable<Uint8Array | string>;
  /** Receives one JSON line per verified input line, in input order. */
  sink: LineSink;
  settings: VerifySettings;
  /** Worker threads; 0 verifies on the calling thread (default 0). */
  workers?: number;
  /** Only every `count`-th line, starting at line `index` (1-based). */
  shard?: { index: number; count: number };
  maxLineBytes?: number;
  /** Recorded in the summary: the log's path, or `-` (the default) for standard input or a source with no name. */
  input?: string;
  /** Called for every skipped line, in line order. */
  onIssue?: (issue: LineIssue) => void;
  /** Called after each batch is written. */
  onProgress?: (progress: { lines: number; bytesRead: number }) => void;
  /** Where the worker entry is; defaults to the built `verify-worker.js` beside this module. */
  workerUrl?: URL;
}

/**
 * Streams a JSONL log through verification: reads batches, verifies them (in worker threads when asked),
 * writes the results in input order, and returns the run's summary. Memory stays bounded by the batches in
 * flight (two per worker), each holding at most one part of its output (BATCH_OUTPUT_BYTES and one more line),
 * and the largest line.
 */
export async function runVerify(options: RunVerifyOptions): Promise<VerifySummary> {
  const usage = (field: string, expected: string): never => {
    throw new InputError({ code: 'usage', field, message: `runVerify: ${field}: expected ${expected}` });
  };
  if (typeof options !== 'object' || options === null) usage('options', 'an options object');
  const { source, sink, settings } = options;
  if (
    typeof source !== 'object' ||
    source === null ||
    !(Symbol.asyncIterator in source || Symbol.iterator in source)
  )
    usage('source', 'an iterable of byte chunks or strings');
  if (typeof sink?.write !== 'function' || typeof sink.once !== 'function')
    usage('sink', 'a writable ({ write, once })');
  if (typeof settings !== 'object' || settings === null) usage('settings', 'verify settings');
  const started = performance.now();
  const cpu = process.cpuUsage();
  const workers = options.workers ?? 0;
  // A run always names its input (`-` when it has none): a summary with neither input nor shards nor runs is an old
  // merged one, which a merge refuses.
  const summary = createVerifySummary(options.input ?? '-', options.shard ?? null);
  const batches = splitLineBatches(options.source, {
    maxLineBytes: options.maxLineBytes,
    shard: options.shard,
    // On one thread each batch is verified before the next is read, so the splitter may reuse its buffer.
    ownBuffers: workers > 0,
  });
  let lines = 0;
  const deliver = async (result: BatchResult, bytesRead: number): Promise<void> => {
    addVerifySummary(summary, result.summary);
    for (const issue of result.issues) options.onIssue?.(issue);
    lines += result.summary.lines;
    if (result.output.length > 0 && !options.sink.write(result.output)) {
      await new Promise<void>((resolve) => options.sink.once('drain', resolve));
    }
    options.onProgress?.({ lines, bytesRead });
  };

  if (workers <= 0) {
    // Loaded here: with worker threads, the main thread never loads the verifier.
    const { createBatchProcessor } = await import('./create-batch-processor.js');
    const processBatch = createBatchProcessor(await createLineContext(options.settings));
    for await (const batch of batches) {
      // Each part is written before the next is verified: one part of a batch's output is held at a time.
      const parts = processBatch(batch);
      for (let step = parts.next(); ; step = parts.next()) {
        await deliver(step.value, batch.bytesRead);
        if (step.done === true) break;
      }
    }
  } else {
    await runInWorkers(batches, workers, options, deliver);
  }
  summary.elapsedMs = performance.now() - started;
  const used = process.cpuUsage(cpu);
  summary.cpuMs = (used.user + used.system) / 1000;
  summary.maxRssBytes = process.resourceUsage().maxRSS * 1024;
  return summary;
}

async function runInWorkers(
  batches: AsyncGenerator<RawLineBatch>,
  count: number,
  options: RunVerifyOptions,
  deliver: (result: BatchResult, bytesRead: number) => Promise<void>,
): Promise<void> {
  const url = options.workerUrl ?? defaultWorkerUrl();
  const pool = await Promise.all(Array.from({ length: count }, () => startWorker(url, options.settings)));
  const idle = [...pool];
  const waiting: Array<(worker: Worker) => void> = [];
  // The parts of each batch not written yet, by sequence number. A worker sends a batch's next part only when asked
  // (after the previous one is written), so each batch holds at most one part here.
  const slots = new Map<number, { parts: WorkerResult[]; bytesRead: number; more: () => void }>();
  let finished = 0; // batches whose last part has come and is not written yet
  let nextToWrite = 0;
  let failure: Error | null = null;
  let writing = Promise.resolve();
  const inFlight = new Set<Promise<void>>();
  // Resolved whenever a batch finishes or is written, for the loop that waits for room.
  let wake: (() => void) | undefined;
  const changed = (): void => {
    wake?.();
    wake = undefined;
  };
  // Resolved on the first failure: a batch after the one that failed waits for a request for its next part that
  // never comes, so the run stops waiting for it.
  let stop: () => void = () => {};
  const stopped = new Promise<void>((resolve) => (stop = resolve));

  const acquire = (): Promise<Worker> => {
    const worker = idle.pop();
    return worker === undefined ? new Promise((resolve) => waiting.push(resolve)) : Promise.resolve(worker);
  };
  const release = (worker: Worker): void => {
    const next = waiting.shift();
    if (next === undefined) idle.push(worker);
    else next(worker);
  };
  // A failed write (a sink that throws: a full disk) ends the run as a failed batch does. Recorded here, not left to
  // reject: flush is also called where nothing awaits it, and an unhandled rejection would end the process.
  let writeFailed = false;
  const flush = (): Promise<void> => {
    writing = writing
      .then(async () => {
        if (writeFailed) return;
        for (let slot = slots.get(nextToWrite); slot !== undefined; slot = slots.get(nextToWrite)) {
          const part = slot.parts.shift();
          if (part === undefined) break; // its next part is still being verified
          await deliver(part, slot.bytesRead);
          if (!part.last) {
            slot.more();
            continue;
          }
          slots.delete(nextToWrite);
          nextToWrite++;
          finished--;
          changed();
        }
      })
      .catch((error: unknown) => {
        writeFailed = true;
        failure ??= error instanceof Error ? error : new Error(describeThrown(error));
        changed();
        stop();
      });
    return writing;
  };

  try {
    let seq = 0;
    for await (const batch of batches) {
      if (failure !== null) break;
      // Bound memory: at most two batches per worker wait to be written. Waiting on a promise that only a
      // finished or written batch resolves (never an already-settled one, which would spin without yielding).
      while (finished >= count * 2 && failure === null)
        await new Promise<void>((resolve) => (wake = resolve));
      // Every worker can be waiting for a request for its next part that a failed write never sends: stop then too.
      const worker = await Promise.race([acquire(), stopped.then(() => null)]);
      if (worker === null) break;
      const mySeq = seq++;
      const slot = {
        parts: [] as WorkerResult[],
        bytesRead: batch.bytesRead,
        more: () => worker.postMessage({ type: 'more', seq: mySeq }),
      };
      slots.set(mySeq, slot);
      const onPart = (part: WorkerResult): void => {
        slot.parts.push(part);
        if (part.last) finished++;
        void flush();
      };
      const task = send(worker, mySeq, batch, onPart)
        .then(
          () => flush(),
          (error: unknown) => {
            failure ??= error instanceof Error ? error : new Error(describeThrown(error));
            changed();
            stop();
          },
        )
        .finally(() => {
          release(worker);
          inFlight.delete(task);
        });
      inFlight.add(task);
    }
    await Promise.race([Promise.all(inFlight), stopped]);
    await flush();
    if (failure !== null) throw failure;
  } finally {
    await Promise.all(pool.map((worker) => worker.terminate()));
  }
}

// Sends a batch and passes on each part of its result as it comes; settles after the last one.
function send(
  worker: Worker,
  seq: number,
  batch: RawLineBatch,
  onPart: (part: WorkerResult) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: WorkerResult | WorkerFailure): void => {
      if (message.type === 'result' && message.seq === seq) {
        const { output, summary, issues, last } = message;
        if (last) cleanup();
        onPart({ type: 'result', seq, last, output, summary, issues });
        if (last) resolve();
      } else if (message.type === 'error') {
        cleanup();
        reject(workerError(message));
      }
    };
    const onError = (error: Error): void => {
      cleanup();
      reject(outOfMemory(error, batch.numbers) ?? error);
    };
    const cleanup = (): void => {
      worker.off('message', onMessage);
      worker.off('error', onError);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    // The bytes are transferred, not copied: the worker decodes them, so the main thread never does.
    worker.postMessage(
      {
        type: 'batch',
        seq,
        bytes: batch.bytes,
        ends: batch.ends,
        numbers: batch.numbers,
        issues: batch.issues,
      },
      [batch.bytes.buffer],
    );
  });
}

// A worker that ran out of its heap (the main thread's limit) ends the run: said with the lines it was verifying and
// what to change, instead of Node's bare ERR_WORKER_OUT_OF_MEMORY.
function outOfMemory(error: Error, numbers: readonly number[]): Error | undefined {
  if ((error as { code?: unknown }).code !== 'ERR_WORKER_OUT_OF_MEMORY') return undefined;
  const first = numbers[0];
  const last = numbers[numbers.length - 1];
  const lines = first === undefined ? 'a batch' : first === last ? `line ${first}` : `lines ${first}-${last}`;
  return new Error(
    `verify worker ran out of memory on ${lines} (its heap limit is the main thread's): lower --max-resolved-bytes or --max-line-bytes to skip such lines, raise the heap (NODE_OPTIONS=--max-old-space-size=<MiB>), or run with --workers 0`,
    { cause: error },
  );
}

function startWorker(url: URL, settings: VerifySettings): Promise<Worker> {
  const worker = createWorker(url, settings);
  return new Promise((resolve, reject) => {
    const onMessage = (message: { type: 'ready' } | WorkerFailure): void => {
      if (message.type === 'ready') {
        cleanup();
        resolve(worker);
      } else if (message.type === 'error') {
        cleanup();
        void worker.terminate();
        reject(workerError(message));
      }
    };
    const onError = (error: Error): void => {
      cleanup();
      reject(error);
    };
    const cleanup = (): void => {
      worker.off('message', onMessage);
      worker.off('error', onError);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
  });
}

// The worker's InputError, thrown again here with its code (so the command exits 2 naming the file), or an Error.
function workerError(failure: WorkerFailure): Error {
  if (failure.input === undefined) return new Error(`verify worker: ${failure.message}`);
  const { code, file, line, field } = failure.input;
  return new InputError({
    code,
    message: failure.message,
    ...(file === undefined ? {} : { file }),
    ...(line === undefined ? {} : { line }),
    ...(field === undefined ? {} : { field }),
  });
}

function defaultWorkerUrl(): URL {
  // Built, dist/verify-worker.js sits beside the chunk that holds this code (see tsup.config.ts).
  return new URL(
    import.meta.url.endsWith('.ts') ? './verify-worker.ts' : './verify-worker.js',
    import.meta.url,
  );
}

function createWorker(url: URL, settings: VerifySettings): Worker {
  // Each worker gets the heap limit the main thread has, so limiting gk's memory (--max-old-space-size in
  // NODE_OPTIONS) limits its workers too, instead of each worker growing by the machine's defaults.
  const resourceLimits = {
    maxOldGenerationSizeMb: Math.max(64, Math.round(getHeapStatistics().heap_size_limit / 1048576)),
    maxYoungGenerationSizeMb: 16,
  };
  if (!url.pathname.endsWith('.ts')) return new Worker(url, { workerData: settings, resourceLimits });
  // From sources (a checkout without a build): the worker registers the TypeScript loader first.
  const loader = import.meta.resolve('tsx/esm/api');
  const boot = `import { register } from ${JSON.stringify(loader)}; register(); await import(${JSON.stringify(url.href)});`;
  const tsconfig = new URL('../../tsconfig.source.json', import.meta.url);
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(boot)}`), {
    workerData: settings,
    resourceLimits,
    env: { ...process.env, TSX_TSCONFIG_PATH: process.env.TSX_TSCONFIG_PATH ?? fileURLToPath(tsconfig) },
  });
}

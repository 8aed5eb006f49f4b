// Worker-thread entry of `gk verify --workers N`: builds its own line context, then verifies the batches it is sent.
import { parentPort, workerData } from 'node:worker_threads';
import { InputError, type InputErrorCode } from '../input-error.js';
import type { LineIssue } from './map-record.js';
import { createBatchProcessor } from './create-batch-processor.js';
import type { VerifySettings } from './verify-settings.js';
import { createLineContext } from './verify-settings.js';

/** A message from the main thread: a batch of lines as undecoded bytes (see `RawLineBatch`), transferred. */
export type WorkerRequest = {
  type: 'batch';
  seq: number;
  bytes: Uint8Array<ArrayBuffer>;
  ends: number[];
  numbers: number[];
  issues: LineIssue[];
};

/** A failure the worker reports instead of a result; `input` is set when it was an `InputError`. */
export interface WorkerFailure {
  type: 'error';
  message: string;
  input?: { code: InputErrorCode; file?: string; line?: number; field?: string };
}

const port = parentPort;
if (port !== null) {
  const context = await createLineContext(workerData as VerifySettings).catch((error: unknown) => {
    // An InputError (a missing or malformed --documents file) keeps its code, file, line and field, so the main
    // thread can throw it again as the same coded error; anything else is sent as its message.
    const input = InputError.isInstance(error)
      ? { code: error.code, file: error.file, line: error.line, field: error.field }
      : undefined;
    port.postMessage({
      type: 'error',
      message: error instanceof Error ? error.message : String(error),
      ...(input === undefined ? {} : { input }),
    });
    return null;
  });
  if (context !== null) {
    const processBatch = createBatchProcessor(context);
    port.on('message', (request: WorkerRequest) => {
      const result = processBatch(request);
      // Transferred, not copied: the main thread only writes the bytes.
      port.postMessage({ type: 'result', seq: request.seq, ...result }, [result.output.buffer]);
    });
    port.postMessage({ type: 'ready' });
  }
}

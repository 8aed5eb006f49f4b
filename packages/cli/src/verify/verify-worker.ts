// Worker-thread entry of `gk verify --workers N`: builds its own line context, then verifies the batches it is sent.
import { parentPort, workerData } from 'node:worker_threads';
import { InputError, type InputErrorCode } from '../input-error.js';
import type { LineIssue } from './map-record.js';
import { type BatchPart, createBatchProcessor } from './create-batch-processor.js';
import type { VerifySettings } from './verify-settings.js';
import { createLineContext } from './verify-settings.js';
import { describeThrown } from '../describe-thrown.js';

/**
 * A message from the main thread: a batch of lines as undecoded bytes (see `RawLineBatch`), transferred; or, once the
 * part of batch `seq` that was not its last is written, a request for its next part.
 */
export type WorkerRequest =
  | {
      type: 'batch';
      seq: number;
      bytes: Uint8Array<ArrayBuffer>;
      ends: number[];
      numbers: number[];
      issues: LineIssue[];
    }
  | { type: 'more'; seq: number };

/** A part of batch `seq`'s result; `last` says no part follows (otherwise the worker waits to be asked for it). */
export type WorkerResult = { type: 'result'; seq: number; last: boolean } & BatchPart;

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
      message: error instanceof Error ? error.message : describeThrown(error),
      ...(input === undefined ? {} : { input }),
    });
    return null;
  });
  if (context !== null) {
    const processBatch = createBatchProcessor(context);
    let parts: ReturnType<typeof processBatch> | undefined;
    port.on('message', (request: WorkerRequest) => {
      // The next part is verified only when the main thread asks for it: a batch's output is never held whole.
      if (request.type === 'batch') parts = processBatch(request);
      const step = parts!.next();
      const result: WorkerResult = {
        type: 'result',
        seq: request.seq,
        last: step.done === true,
        ...step.value,
      };
      // Transferred, not copied: the main thread only writes the bytes.
      port.postMessage(result, [result.output.buffer]);
    });
    port.postMessage({ type: 'ready' });
  }
}

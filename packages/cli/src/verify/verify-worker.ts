// Worker-thread entry of `gk verify --workers N`: builds its own line context, then verifies the batches it is sent.
import { parentPort, workerData } from 'node:worker_threads';
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

const port = parentPort;
if (port !== null) {
  const context = await createLineContext(workerData as VerifySettings).catch((error: unknown) => {
    port.postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error) });
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

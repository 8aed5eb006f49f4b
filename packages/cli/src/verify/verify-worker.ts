// Worker-thread entry of `gk verify --workers N`: builds its own line context, then verifies the batches it is sent.
import { parentPort, workerData } from 'node:worker_threads';
import type { LineIssue } from './map-record.js';
import { processBatch } from './process-batch.js';
import type { VerifySettings } from './verify-settings.js';
import { createLineContext } from './verify-settings.js';

/** A message from the main thread. */
export type WorkerRequest = {
  type: 'batch';
  seq: number;
  lines: string[];
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
    const encoder = new TextEncoder();
    port.on('message', (request: WorkerRequest) => {
      const result = processBatch(request, context);
      // Encoded here and transferred, not copied: the main thread only writes the bytes.
      const output = encoder.encode(result.output);
      port.postMessage({ type: 'result', seq: request.seq, ...result, output }, [output.buffer]);
    });
    port.postMessage({ type: 'ready' });
  }
}

// A stand-in verify worker for ordering tests: it answers batch 0 last (after 300 ms) and every other batch at
// once, echoing each line's number, so the main thread must hold finished batches until batch 0 arrives.
import { parentPort } from 'node:worker_threads';
import { createVerifySummary } from '../verify/verify-summary.js';

const port = parentPort!;
port.on('message', (request: { seq: number; numbers: number[] }) => {
  const summary = createVerifySummary(null, null);
  summary.lines = request.numbers.length;
  const reply = (): void =>
    port.postMessage({
      type: 'result',
      seq: request.seq,
      last: true,
      output: request.numbers.map((n) => `${n}\n`).join(''),
      summary,
      issues: [],
    });
  if (request.seq === 0) setTimeout(reply, 300);
  else reply();
});
port.postMessage({ type: 'ready' });

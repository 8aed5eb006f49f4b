import { InputError } from '../input-error.js';
import type { LineSink } from '../verify/run-verify.js';
import { onceDrained } from './once-drained.js';

/** Standard output as a command writes it: lines, a wait for 'drain', and the descriptor behind it. */
export interface StandardOutput extends LineSink {
  /** The file descriptor it writes (1 for the process's own), when there is one: compared with the inputs. */
  readonly fd: number | undefined;
}

/** A guarded standard output and how it ended. */
export interface GuardedStandardOutput {
  output: StandardOutput;
  /**
   * Waits until what was written has left (or the output is closed or failed) and returns the failure, an `InputError` `unwritable`, or null; a reader that closed early is no failure.
   */
  settle(): Promise<InputError | null>;
}

/**
 * Wraps a command's standard output. A reader that closes early (`gk verify log | head`, EPIPE) ends nothing: the
 * lines after it are discarded and the run goes on to earn its exit status, so a gate still fails. Any other write
 * error (a full disk) is the `InputError` `unwritable`, thrown by the next `write`: the run ends with exit 2 instead
 * of a stack, or a wait for a 'drain' that never comes.
 */
export function guardStandardOutput(stream: NodeJS.WritableStream): GuardedStandardOutput {
  let closed = false;
  let failure: InputError | null = null;
  let pending = 0;
  const waiting = new Set<() => void>();
  const wake = (): void => {
    for (const resume of [...waiting]) resume();
  };
  const onError = (error: unknown): void => {
    const code = (error as { code?: unknown } | null)?.code;
    // A write after the stream was destroyed reports that, not why: the cause came first, as its own error.
    if (code === 'ERR_STREAM_DESTROYED' || closed || failure !== null) return;
    if (code === 'EPIPE') closed = true;
    else
      failure = new InputError({
        code: 'unwritable',
        field: 'stdout',
        message: `standard output: cannot be written${typeof code === 'string' ? ` (${code})` : ''}`,
        cause: error,
      });
    wake();
  };
  stream.on('error', onError);
  const written = (error?: Error | null): void => {
    pending--;
    if (error) onError(error);
    if (pending === 0) wake();
  };
  const candidate = stream as { fd?: unknown };
  const fd = stream === process.stdout ? 1 : typeof candidate.fd === 'number' ? candidate.fd : undefined;
  const output: StandardOutput = {
    fd,
    write(chunk) {
      if (failure !== null) throw failure;
      if (closed) return true;
      pending++;
      return stream.write(chunk, written);
    },
    once(_event, listener) {
      onceDrained(stream, waiting, failure !== null || closed, listener);
    },
  };
  const settle = async (): Promise<InputError | null> => {
    while (pending > 0 && !closed && failure === null)
      await new Promise<void>((resume) => {
        const done = (): void => {
          waiting.delete(done);
          resume();
        };
        waiting.add(done);
      });
    // A stream that failed keeps the listener: its 'error' event can still be on its way (after the write's callback).
    if (!closed && failure === null) stream.off('error', onError);
    return failure;
  };
  return { output, settle };
}

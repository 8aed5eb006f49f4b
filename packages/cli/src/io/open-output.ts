import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { InputError } from '../input-error.js';
import type { LineSink } from '../verify/run-verify.js';

/** An output file being written: where lines go, and `close` to finish it. */
export interface OpenOutput {
  sink: LineSink;
  /** Flushes and closes the file; a failure is an `InputError` `unwritable`. */
  close(): Promise<void>;
}

/**
 * Opens `path` (shown as `name`, from `-o`) for writing. Opening, writing (a full disk) and closing fail as an
 * `InputError` `unwritable`: a failed write ends the run instead of an unhandled 'error' or a wait for a 'drain'
 * that never comes.
 */
export async function openOutput(path: string, name: string): Promise<OpenOutput> {
  const stream = createWriteStream(path);
  try {
    await once(stream, 'open');
  } catch (error) {
    throw unwritableError('-o', name, error);
  }
  let failure: InputError | null = null;
  const waiting = new Set<() => void>();
  stream.on('error', (error) => {
    failure ??= unwritableError('-o', name, error);
    for (const resume of waiting) resume();
    waiting.clear();
  });
  const sink: LineSink = {
    write(chunk) {
      if (failure !== null) throw failure;
      return stream.write(chunk);
    },
    once(_event, listener) {
      if (failure !== null) {
        listener();
        return;
      }
      const resume = (): void => {
        waiting.delete(resume);
        stream.off('drain', resume);
        listener();
      };
      waiting.add(resume);
      stream.once('drain', resume);
    },
  };
  const close = (): Promise<void> =>
    new Promise((done, fail) => {
      if (failure !== null) return fail(failure);
      stream.end((error?: Error | null) => (error ? fail(unwritableError('-o', name, error)) : done()));
    });
  return { sink, close };
}

/** The `unwritable` error for an output given as `flag name`, naming the system's reason (`ENOSPC`, ...). */
export function unwritableError(flag: string, name: string, cause: unknown): InputError {
  const reason = (cause as { code?: unknown } | null)?.code;
  return new InputError({
    code: 'unwritable',
    file: name,
    field: flag,
    message: `${flag} ${name}: cannot be written${typeof reason === 'string' ? ` (${reason})` : ''}`,
    cause,
  });
}

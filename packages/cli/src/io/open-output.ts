import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rename, stat, unlink } from 'node:fs/promises';
import { InputError } from '../input-error.js';
import { resolveOutputPath } from './resolve-output-path.js';
import { onceDrained } from './once-drained.js';
import type { LineSink } from '../verify/run-verify.js';

/** An output file being written: where lines go, and `close` to finish it. */
export interface OpenOutput {
  sink: LineSink;
  /** Flushes and closes the file and puts it in place; a failure is an `InputError` `unwritable`. */
  close(): Promise<void>;
  /** Drops what was written (a failed run): the file at `path` is left as it was. */
  discard(): Promise<void>;
}

/**
 * Opens `path` (shown as `name`, from `-o`) for writing. The lines go to a temporary file beside it, renamed over
 * `path` by `close`, so a run that fails (or that reads `path` itself) leaves the previous file whole; a device or
 * a pipe (`/dev/stdout`) is written in place, and a link is written through. Opening, writing (a full disk) and
 * closing fail as an `InputError` `unwritable`: a failed write ends the run instead of an unhandled 'error' or a
 * wait for a 'drain' that never comes.
 */
export async function openOutput(path: string, name: string): Promise<OpenOutput> {
  const target = await resolveOutputPath(path);
  const existing = await stat(target).catch(() => undefined);
  const inPlace = existing !== undefined && !existing.isFile() && !existing.isDirectory();
  const temporary = inPlace ? target : `${target}.${randomUUID()}.tmp`;
  const stream = createWriteStream(temporary, { flags: inPlace ? 'w' : 'wx' });
  try {
    await once(stream, 'open');
  } catch (error) {
    throw unwritableError('-o', name, error);
  }
  const remove = (): Promise<void> =>
    inPlace ? Promise.resolve() : unlink(temporary).catch(() => undefined);
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
      onceDrained(stream, waiting, failure !== null, listener);
    },
  };
  const close = async (): Promise<void> => {
    try {
      await new Promise<void>((done, fail) => {
        if (failure !== null) return fail(failure);
        stream.end((error?: Error | null) => (error ? fail(unwritableError('-o', name, error)) : done()));
      });
      if (!inPlace)
        await rename(temporary, target).catch((error: unknown) => {
          throw unwritableError('-o', name, error);
        });
    } catch (error) {
      await remove();
      throw error;
    }
  };
  const discard = async (): Promise<void> => {
    if (!stream.closed) {
      const closed = once(stream, 'close').catch(() => undefined);
      stream.destroy();
      await closed;
    }
    await remove();
  };
  return { sink, close, discard };
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

import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { InputError } from '../input-error.js';

/** An opened input: its bytes and, for a file, its size (for the progress bar). */
export interface OpenedInput {
  stream: Readable;
  /** Bytes in the file, or undefined for standard input. */
  size: number | undefined;
  /** The name used in messages. */
  name: string;
}

/** Opens a file, or standard input for `-`; a missing file or a folder is an `InputError`. */
export async function openInput(
  path: string,
  options: { cwd: string; stdin: Readable },
): Promise<OpenedInput> {
  if (path === '-') return { stream: options.stdin, size: undefined, name: 'stdin' };
  const absolute = resolve(options.cwd, path);
  const size = await fileSize(absolute, path);
  return { stream: createReadStream(absolute, { highWaterMark: 1024 * 1024 }), size, name: path };
}

/**
 * The size of a regular file. A missing file is an `InputError` `file_not_found`, a folder or anything else that is
 * no file `unreadable`; messages name the file as `shown` (the path the user wrote), with `what` after it.
 */
export async function fileSize(path: string, shown: string, what = ''): Promise<number> {
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(path);
  } catch (error) {
    throw new InputError({
      code: 'file_not_found',
      file: shown,
      message: `${shown}: no such file${what}`,
      cause: error,
    });
  }
  if (!info.isFile())
    throw new InputError({ code: 'unreadable', file: shown, message: `${shown}: not a file` });
  return info.size;
}

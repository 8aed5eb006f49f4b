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
  let size: number;
  try {
    const info = await stat(absolute);
    if (!info.isFile())
      throw new InputError({ code: 'unreadable', file: path, message: `${path}: not a file` });
    size = info.size;
  } catch (error) {
    if (InputError.isInstance(error)) throw error;
    throw new InputError({
      code: 'file_not_found',
      file: path,
      message: `${path}: no such file`,
      cause: error,
    });
  }
  return { stream: createReadStream(absolute, { highWaterMark: 1024 * 1024 }), size, name: path };
}

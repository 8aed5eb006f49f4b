import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { access, constants, mkdir, rename, stat, unlink } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { finished } from 'node:stream/promises';
import { InputError } from '../input-error.js';
import { resolveOutputPath } from './resolve-output-path.js';

/** Options for {@link prepareOutputFile}. */
export interface PrepareOutputFileOptions {
  cwd: string;
  /** The flag that named the file, for messages (`--html`, `--out`). */
  flag: string;
  /** Files the command reads: writing over one of them is refused. */
  inputs?: readonly string[];
}

/**
 * Checks, before any work, that `path` can be written: creates its folder, and refuses a folder, a folder that
 * cannot be created or written (`unwritable`) and a file the command also reads (`usage`). Returns the absolute path,
 * through any symbolic link (so the link stays a link); a device or a pipe (`/dev/stdout`) is returned as it is.
 */
export async function prepareOutputFile(path: string, options: PrepareOutputFileOptions): Promise<string> {
  const given = resolve(options.cwd, path);
  // A link is written through (the file it names is replaced, the link kept); a device or a pipe in place.
  const target = await resolveOutputPath(given);
  const fail = (reason: string, cause?: unknown): never => {
    throw new InputError({
      code: 'unwritable',
      file: path,
      field: options.flag,
      message: `${options.flag} ${path}: cannot write: ${reason}`,
      cause,
    });
  };
  const existing = await stat(target).catch(() => undefined);
  if (existing?.isDirectory()) fail('it is a folder');
  if (existing !== undefined && !existing.isFile()) return target; // /dev/stdout, a pipe: nothing to replace
  for (const input of options.inputs ?? []) {
    const read = await stat(resolve(options.cwd, input)).catch(() => undefined);
    if (
      existing !== undefined &&
      read !== undefined &&
      existing.dev === read.dev &&
      existing.ino === read.ino
    ) {
      throw new InputError({
        code: 'usage',
        file: path,
        field: options.flag,
        message: `${options.flag} ${path}: is the input ${input}; writing it would replace what is being read`,
      });
    }
  }
  try {
    await mkdir(dirname(target), { recursive: true });
    await access(dirname(target), constants.W_OK);
  } catch (error) {
    fail(
      `its folder cannot be created or written (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      error,
    );
  }
  return target;
}

/**
 * Writes `content` (a string, or pieces written one at a time so no one string holds the whole file) to a
 * temporary file beside `target` and renames it into place (a device or a pipe is written in place); on any failure the temporary file is removed and the
 * error is an `InputError` with code `unwritable`. Returns the bytes written.
 */
export async function writeOutputFile(
  target: string,
  content: string | Iterable<string> | AsyncIterable<string>,
  options: { flag: string },
): Promise<number> {
  // A device or a pipe (/dev/stdout) is written in place: renaming a file over it would replace it, not write to it.
  const existing = await stat(target).catch(() => undefined);
  const inPlace = existing !== undefined && !existing.isFile() && !existing.isDirectory();
  const temporary = inPlace ? target : `${target}.${randomUUID()}.tmp`;
  let bytes = 0;
  try {
    const stream = createWriteStream(temporary, { flags: inPlace ? 'w' : 'wx' });
    const opened = new Promise<void>((done, failed) => {
      stream.once('open', () => done());
      stream.once('error', failed);
    });
    await opened;
    const pieces = typeof content === 'string' ? [content] : content;
    for await (const piece of pieces) {
      bytes += Buffer.byteLength(piece);
      if (!stream.write(piece)) {
        await new Promise<void>((done, failed) => {
          const onError = (error: Error): void => failed(error);
          stream.once('error', onError);
          stream.once('drain', () => {
            stream.off('error', onError);
            done();
          });
        });
      }
    }
    stream.end();
    await finished(stream);
    if (!inPlace) await rename(temporary, target);
    return bytes;
  } catch (error) {
    if (!inPlace) await unlink(temporary).catch(() => undefined);
    // Only the file system's errors are the output's fault; an error while making the content passes through.
    if (typeof (error as NodeJS.ErrnoException)?.syscall !== 'string') throw error;
    throw new InputError({
      code: 'unwritable',
      file: target,
      field: options.flag,
      message: `${options.flag} ${target}: cannot write: ${(error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message.slice(0, 200) : 'error')}`,
      cause: error,
    });
  }
}

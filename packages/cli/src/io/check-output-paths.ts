import { constants } from 'node:fs';
import { fstat } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { dirname } from 'node:path';
import { InputError } from '../input-error.js';
import { resolveOutputPath } from './resolve-output-path.js';

/** A file a command reads or writes: the absolute `path`, the name as the user wrote it, and the flag. */
export interface CommandPath {
  path: string;
  shown: string;
  flag: string;
  /** An input already open (standard input, `-`): the file behind this descriptor is the one read. */
  fd?: number;
}

/**
 * Checks, before a command runs, that each output can be written and is none of its inputs (nor another output),
 * so a run never truncates the file it reads and a path that cannot be written fails at once, not after the
 * whole run. A folder, a missing folder or one without write permission is `unwritable`; an output that is an
 * input (the same file, through any link) is `usage`.
 */
export async function checkOutputPaths(
  outputs: readonly CommandPath[],
  inputs: readonly CommandPath[],
): Promise<void> {
  // Each path also as the file it names through links, so a link to a file not written yet is that file.
  const seen: Array<{ entry: CommandPath; id: string | null; real: string }> = [];
  for (const entry of inputs)
    seen.push({
      entry,
      id: entry.fd === undefined ? await fileId(entry.path) : await fdId(entry.fd),
      real: entry.path === '' ? '' : await resolveOutputPath(entry.path),
    });
  const inputCount = seen.length;
  for (const output of outputs) {
    // A device or a pipe (/dev/stdout, /dev/null) holds nothing a write could destroy: two outputs may share it.
    const info = await stat(output.path).catch(() => undefined);
    if (info !== undefined && !info.isFile() && !info.isDirectory()) {
      await checkWritable(output, true);
      continue;
    }
    const id = await fileId(output.path);
    const real = await resolveOutputPath(output.path);
    for (const [index, other] of seen.entries()) {
      if (output.path !== other.entry.path && real !== other.real && (id === null || id !== other.id))
        continue;
      const what = index < inputCount ? 'the input' : 'another output';
      throw new InputError({
        code: 'usage',
        file: output.shown,
        field: output.flag,
        message: `${output.flag} ${output.shown}: is ${what} (${other.entry.flag} ${other.entry.shown}); writing it would destroy what is read`,
      });
    }
    // A folder has no file id but exists: it is refused here, not by the write at the end of the run.
    await checkWritable(output, info !== undefined);
    seen.push({ entry: output, id, real });
  }
}

// "dev:ino" of an existing regular file, or null when there is none; two names of one file (links) share it.
async function fileId(path: string): Promise<string | null> {
  try {
    const info = await stat(path);
    return info.isFile() ? `${info.dev}:${info.ino}` : null;
  } catch {
    return null;
  }
}

// The same for an open descriptor: `gk verify - -o log < log` reads the file that -o names.
async function fdId(fd: number): Promise<string | null> {
  try {
    const info = await promisify(fstat)(fd);
    return info.isFile() ? `${info.dev}:${info.ino}` : null;
  } catch {
    return null;
  }
}

async function checkWritable(output: CommandPath, exists: boolean): Promise<void> {
  const fail = (reason: string, cause?: unknown): never => {
    throw new InputError({
      code: 'unwritable',
      file: output.shown,
      field: output.flag,
      message: `${output.flag} ${output.shown}: cannot be written (${reason})`,
      cause,
    });
  };
  if (exists) {
    const info = await stat(output.path);
    if (info.isDirectory()) fail('a folder');
    await access(output.path, constants.W_OK).catch((error: unknown) => fail('no write permission', error));
    return;
  }
  const folder = dirname(output.path);
  const info = await stat(folder).catch((error: unknown) => fail(`no folder ${folder}`, error));
  if (!info.isDirectory()) fail(`${folder} is not a folder`);
  await access(folder, constants.W_OK | constants.X_OK).catch((error: unknown) =>
    fail(`no write permission in ${folder}`, error),
  );
}

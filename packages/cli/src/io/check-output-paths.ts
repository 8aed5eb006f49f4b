import { constants } from 'node:fs';
import { type BigIntStats, fstat } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { InputError } from '../input-error.js';
import { resolveOutputPath } from './resolve-output-path.js';

/** A file a command reads or writes: the absolute `path`, the name as the user wrote it, and the flag. */
export interface CommandPath {
  path: string;
  shown: string;
  flag: string;
  /**
   * A file already open (standard input, `-`, or standard output): the file behind this descriptor is the one read
   * or written.
   */
  fd?: number;
}

// A path checked, with its file id and the file it names through links.
interface SeenPath {
  entry: CommandPath;
  id: string | null;
  real: string;
}

/**
 * Checks, before a command runs, that each output can be written and is none of its inputs (nor another output),
 * so a run never truncates the file it reads and a path that cannot be written fails at once, not after the
 * whole run. A folder, a missing folder or one without write permission is `unwritable`; an output that is an
 * input (the same file, through any link) is `usage`. An output given by its descriptor (`fd`: standard output) is
 * only compared with the inputs, by the file it is: `usage` when it is one of them.
 */
export async function checkOutputPaths(
  outputs: readonly CommandPath[],
  inputs: readonly CommandPath[],
): Promise<void> {
  // Each path also as the file it names through links, so a link to a file not written yet is that file.
  const seen: SeenPath[] = [];
  for (const entry of inputs)
    seen.push({
      entry,
      id: entry.fd === undefined ? await fileId(entry.path) : await fdId(entry.fd),
      real: entry.path === '' ? '' : await resolveOutputPath(entry.path),
    });
  const inputCount = seen.length;
  for (const output of outputs) {
    if (output.fd !== undefined) {
      checkOpenOutput(output, await fdId(output.fd), seen.slice(0, inputCount));
      continue;
    }
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

/**
 * The entry for standard output, to check with the inputs, when it receives what the command writes and its
 * descriptor is known; none otherwise.
 */
export function standardOutputPath(fd: number | undefined): CommandPath[] {
  return fd === undefined ? [] : [{ path: '', shown: 'standard output', flag: 'stdout', fd }];
}

// An output already open (standard output, `>> log`): no path to write through or check, only the file it is. One
// that is an input would be read back (`gk verify log --with-input >> log` never ends) or change what is read.
function checkOpenOutput(output: CommandPath, id: string | null, inputs: readonly SeenPath[]): void {
  if (id === null) return; // a terminal, a pipe, a device: nothing a command reads
  const input = inputs.find((other) => other.id === id);
  if (input === undefined) return;
  throw new InputError({
    code: 'usage',
    field: output.flag,
    message: `${output.shown}: is the input (${input.entry.flag} ${input.entry.shown}); what is written to it would be read back, or change what is read: redirect it to another file`,
  });
}

// "dev:ino" of an existing regular file, or null when there is none; two names of one file (links) share it.
async function fileId(path: string): Promise<string | null> {
  try {
    const info = await stat(path, { bigint: true });
    return info.isFile() ? `${info.dev}:${info.ino}` : null;
  } catch {
    return null;
  }
}

// The same for an open descriptor: `gk verify - -o log < log` reads the file that -o names.
async function fdId(fd: number): Promise<string | null> {
  try {
    // BigInt stats: exact for any inode number, and kept apart from the numbers the callback fstat shares. After a
    // plain fstat of a pipe on standard output, a `.ts` pipeline then imported through tsx failed to resolve its
    // packages (Node 20.20).
    const info = await new Promise<BigIntStats>((resolve, reject) =>
      fstat(fd, { bigint: true }, (error, stats) => (error ? reject(error) : resolve(stats))),
    );
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

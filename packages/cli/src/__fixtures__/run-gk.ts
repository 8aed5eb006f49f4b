import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { runCli } from '../run-cli.js';

/** What a `gk` run printed and returned. */
export interface GkRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `gk` in-process with captured standard streams. */
export async function runGk(
  args: readonly string[],
  options: { cwd: string; stdin?: string },
): Promise<GkRun> {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
  });
  stderr.on('data', (chunk: Buffer) => {
    err += chunk.toString('utf8');
  });
  const code = await runCli(args, {
    stdin: Readable.from(options.stdin === undefined ? [] : [Buffer.from(options.stdin)]),
    stdout,
    stderr,
    cwd: options.cwd,
  });
  return { code, stdout: out, stderr: err };
}

/** A fresh temporary folder. */
export function temporaryFolder(prefix = 'gk-cli-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** A passage whose offsets agree with its text. */
export function passage(
  documentId: string,
  text: string,
  start = 0,
): {
  documentId: string;
  chunkId: string;
  text: string;
  start: number;
  end: number;
} {
  return { documentId, chunkId: `${documentId}#${start}`, text, start, end: start + text.length };
}

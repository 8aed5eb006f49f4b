import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterAll } from 'vitest';
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

// The folders made for this test file: removed with all they hold once its tests have run (a memory test alone
// writes over 600 MB of logs and output).
const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh temporary folder, removed once the test file's tests have run. */
export function temporaryFolder(prefix = 'gk-cli-test-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
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

/**
 * A log line of about `bytes` bytes whose `gk verify` record grows with its square: an answer of `answerBytes` (half
 * the line by default) of distinct claims that each cite one passage, the rest of the line; every citation carries the
 * passage's text.
 */
export function amplifiedLine(bytes: number, answerBytes = bytes / 2): string {
  const text = 'Water boils at 100 degrees. '.repeat(Math.floor((bytes - answerBytes) / 28));
  let answer = '';
  for (let i = 0; answer.length < answerBytes; i++) answer += `Fact ${i} [1]. `;
  return JSON.stringify({
    id: 'amp',
    answer,
    passages: [{ documentId: 'd1', chunkId: 'd1', text, start: 0, end: text.length }],
  });
}

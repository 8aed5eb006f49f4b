import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

function io() {
  const stderr = new PassThrough();
  let err = '';
  stderr.on('data', (chunk: Buffer) => {
    err += chunk.toString('utf8');
  });
  return { io: { stdin: Readable.from([]), stdout: new PassThrough(), stderr, cwd: '/' }, err: () => err };
}

describe('runCli', () => {
  it('answers an argv that is not an array of strings with a coded usage error and exit 2', async () => {
    for (const argv of [null, 'verify', [1]]) {
      const { io: streams, err } = io();
      expect(await runCli(argv as never, streams)).toBe(2);
      expect(err()).toMatch(/^gk: usage: runCli: argv: expected an array of strings/);
    }
  });

  it('escapes the controls an unknown option or command quotes back', async () => {
    for (const argv of [['verify', '--bogus\u009b2J\u202e'], ['bogus\u001b]0;x\u0007\u2066']]) {
      const { io: streams, err } = io();
      expect(await runCli(argv, streams)).toBe(2);
      expect(err()).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
      expect(err()).toMatch(/\\u009b2J\\u202e|\\u001b\]0;x\\u0007\\u2066/);
    }
  });
});

import { execFileSync } from 'node:child_process';
import {
  closeSync,
  constants,
  lstatSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryFolder } from '../__fixtures__/run-gk.js';
import { prepareOutputFile, writeOutputFile } from './write-output-file.js';

const folder = (): string => temporaryFolder('gk-write-output-');

describe('prepareOutputFile and writeOutputFile', () => {
  it('writes through a symbolic link: the file it names gets the content, the link stays a link', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'real.html'), 'old');
    symlinkSync(join(dir, 'real.html'), join(dir, 'link.html'));
    const target = await prepareOutputFile('link.html', { cwd: dir, flag: '--html' });
    await writeOutputFile(target, ['<p>', 'new', '</p>'], { flag: '--html' });
    expect(lstatSync(join(dir, 'link.html')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'real.html'), 'utf8')).toBe('<p>new</p>');
    expect(readdirSync(dir).sort()).toEqual(['link.html', 'real.html']);
  });

  it('writes through a link whose file does not exist yet, into a folder it makes, keeping the link', async () => {
    // r14: a dangling link was replaced by the output file instead of written through.
    const dir = folder();
    symlinkSync(join('pages', 'real.html'), join(dir, 'link.html'));
    const target = await prepareOutputFile('link.html', { cwd: dir, flag: '--html' });
    await writeOutputFile(target, '<p>new</p>', { flag: '--html' });
    expect(lstatSync(join(dir, 'link.html')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'pages', 'real.html'), 'utf8')).toBe('<p>new</p>');
    expect(readdirSync(dir).sort()).toEqual(['link.html', 'pages']);
  });

  it.skipIf(process.platform === 'win32')(
    'writes a pipe (as /dev/stdout often is) in place instead of renaming a file over it',
    async () => {
      const dir = folder();
      const fifo = join(dir, 'out.fifo');
      execFileSync('mkfifo', [fifo]);
      // A reader that does not block, so the writer can open the pipe; the content fits its buffer.
      const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
      try {
        const target = await prepareOutputFile(fifo, { cwd: dir, flag: '--out' });
        const bytes = await writeOutputFile(target, '{"ok":true}\n', { flag: '--out' });
        expect(bytes).toBe(12);
        expect(lstatSync(fifo).isFIFO()).toBe(true);
        const buffer = Buffer.alloc(64);
        const read = readSync(reader, buffer, 0, 64, null);
        expect(buffer.subarray(0, read).toString()).toBe('{"ok":true}\n');
        expect(readdirSync(dir)).toEqual(['out.fifo']);
      } finally {
        closeSync(reader);
      }
    },
  );
});

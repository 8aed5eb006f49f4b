import { existsSync, lstatSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { temporaryFolder } from '../__fixtures__/run-gk.js';
import { InputError } from '../input-error.js';
import { openOutput } from './open-output.js';

describe('openOutput', () => {
  it.skipIf(!existsSync('/dev/full'))(
    'fails a write that the disk refuses as unwritable, without hanging',
    async () => {
      const output = await openOutput('/dev/full', 'full.jsonl');
      const chunk = Buffer.alloc(1024 * 1024, 0x61);
      let failure: unknown;
      try {
        for (let i = 0; i < 64; i++)
          if (!output.sink.write(chunk))
            await new Promise<void>((resume) => output.sink.once('drain', resume));
        await output.close();
      } catch (error) {
        failure = error;
      }
      expect(failure).toEqual(expect.any(InputError));
      expect(failure).toMatchObject({
        code: 'unwritable',
        message: '-o full.jsonl: cannot be written (ENOSPC)',
      });
    },
  );

  it('writes beside the file and replaces it on close only; discard leaves the previous file whole', async () => {
    const dir = temporaryFolder();
    const path = join(dir, 'out.jsonl');
    writeFileSync(path, 'previous\n');
    const failed = await openOutput(path, 'out.jsonl');
    failed.sink.write('half a run\n');
    expect(readFileSync(path, 'utf8')).toBe('previous\n');
    await failed.discard();
    expect(readFileSync(path, 'utf8')).toBe('previous\n');
    expect(readdirSync(dir)).toEqual(['out.jsonl']);
    symlinkSync('out.jsonl', join(dir, 'link.jsonl'));
    const done = await openOutput(join(dir, 'link.jsonl'), 'link.jsonl');
    done.sink.write('new\n');
    await done.close();
    expect(readFileSync(path, 'utf8')).toBe('new\n');
    expect(lstatSync(join(dir, 'link.jsonl')).isSymbolicLink()).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(['link.jsonl', 'out.jsonl']);
  });

  it('writes through a link whose file does not exist yet, keeping the link', async () => {
    // r14: a dangling link was replaced by the output file instead of written through.
    const dir = temporaryFolder();
    symlinkSync('target.jsonl', join(dir, 'link.jsonl'));
    symlinkSync('link.jsonl', join(dir, 'chain.jsonl'));
    const done = await openOutput(join(dir, 'chain.jsonl'), 'chain.jsonl');
    done.sink.write('new\n');
    await done.close();
    expect(lstatSync(join(dir, 'link.jsonl')).isSymbolicLink()).toBe(true);
    expect(lstatSync(join(dir, 'chain.jsonl')).isSymbolicLink()).toBe(true);
    expect(readFileSync(join(dir, 'target.jsonl'), 'utf8')).toBe('new\n');
    expect(readdirSync(dir).sort()).toEqual(['chain.jsonl', 'link.jsonl', 'target.jsonl']);
  });

  it('fails a path in a missing folder as unwritable', async () => {
    await expect(openOutput('/nonexistent-gk/x.jsonl', 'x.jsonl')).rejects.toMatchObject({
      code: 'unwritable',
    });
  });
});

import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
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

  it('fails a path in a missing folder as unwritable', async () => {
    await expect(openOutput('/nonexistent-gk/x.jsonl', 'x.jsonl')).rejects.toMatchObject({
      code: 'unwritable',
    });
  });
});

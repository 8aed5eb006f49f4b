import { createHash } from 'node:crypto';
import { InvalidArgumentError } from '@gk/internal';
import { describe, expect, it } from 'vitest';
import { cpuNow } from '../../citations/src/__fixtures__/cpu-time.js';
import { hashText } from './hash-text.js';

describe('hashText', () => {
  it('hashes a well-formed string as its UTF-8', async () => {
    for (const text of ['', 'abc', 'caf\u00e9', '\ud83d\ude42 emoji', '\uFFFD', 'a\u0000b']) {
      expect(await hashText(text)).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
    }
  });

  it('gives distinct strings distinct hashes, lone surrogates included', async () => {
    // Review repro: TextEncoder writes U+FFFD for a lone surrogate, so these three hashed alike.
    const texts = [
      '\uD800',
      '\uDC00',
      '\uFFFD',
      '\uDBFF',
      '\uDFFF',
      'a\uD800b',
      'a\uFFFDb',
      '\uDC00\uD800',
      '\uD800\uDC00',
      '\uD83D',
      '\uDE42\uD83D',
      '\uFFFD\uFFFD',
    ];
    const hashes = await Promise.all(texts.map(hashText));
    expect(new Set(hashes).size).toBe(texts.length);
    // A surrogate pair is one character and hashes as its UTF-8.
    expect(await hashText('\uD800\uDC00')).toBe(
      createHash('sha256').update('\u{10000}', 'utf8').digest('hex'),
    );
  });

  it('refuses what is not a string', async () => {
    await expect(hashText(7 as never)).rejects.toThrow(InvalidArgumentError);
  });

  it('stays linear on a long string of lone surrogates', async () => {
    const text = 'a\uD800'.repeat(500_000);
    const started = cpuNow();
    expect(await hashText(text)).toMatch(/^[0-9a-f]{64}$/);
    expect(cpuNow() - started).toBeLessThan(5_000);
  });
});

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashText } from './hash-text.js';

describe('hashText', () => {
  it('matches the published SHA-256 test vectors', async () => {
    expect(await hashText('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(await hashText('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('hashes UTF-8 bytes, as node:crypto does, for hard strings', async () => {
    const inputs = ['café', '\u0000', '\u200b\u202e', 'x'.repeat(1_000_000), '\ud800 lone', '🙂'];
    for (const input of inputs) {
      expect(await hashText(input)).toBe(createHash('sha256').update(input, 'utf8').digest('hex'));
    }
  });
});

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex } from './sha256-hex.js';

describe('sha256Hex', () => {
  it('matches the standard test vectors', async () => {
    expect(await sha256Hex('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(await sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('hashes the UTF-8 encoding', async () => {
    expect(await sha256Hex('é')).toBe(await sha256Hex('\u00e9'));
    expect(await sha256Hex('é')).not.toBe(await sha256Hex('e\u0301'));
  });

  it('agrees with node:crypto on hard strings: NUL, bidi controls, a lone surrogate, a megabyte', async () => {
    for (const input of ['café', '\u0000', '\u200b\u202e', 'x'.repeat(1_000_000), '\ud800 lone', '🙂']) {
      expect(await sha256Hex(input)).toBe(createHash('sha256').update(input, 'utf8').digest('hex'));
    }
  });
});

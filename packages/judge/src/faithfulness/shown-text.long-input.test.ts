import { describe, expect, it } from 'vitest';
import { BLANKS } from './shown-text.js';

describe('BLANKS', () => {
  it('is every White_Space code point and U+2800, as the Unicode property reads them', () => {
    for (let code = 0; code <= 0xffff; code++) {
      const character = String.fromCharCode(code);
      const blank = /^[\p{White_Space}\u2800]$/u.test(character);
      expect(character.replace(BLANKS, '') === '', `U+${code.toString(16)}`).toBe(blank);
    }
  });

  // Under the `u` flag, in a text that is not Latin-1, V8 kept a backtrack entry per character of the run, and
  // millions of spaces overflowed its stack (a bare RangeError).
  it('folds a run of millions of spaces in a text that is not Latin-1', () => {
    expect(`€${' '.repeat(8 * 1024 * 1024)}x`.replace(BLANKS, ' ')).toBe('€ x');
  });
});

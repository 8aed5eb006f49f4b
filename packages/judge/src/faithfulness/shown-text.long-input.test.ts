import { describe, expect, it } from 'vitest';
import { replaceRuns } from '@gk/internal';
import { BLANKS } from './shown-text.js';

describe('BLANKS', () => {
  it('is every White_Space code point and U+2800, as the Unicode property reads them', () => {
    for (let code = 0; code <= 0xffff; code++) {
      const character = String.fromCharCode(code);
      const blank = /^[\p{White_Space}\u2800]$/u.test(character);
      expect(replaceRuns(character, BLANKS, '') === '', `U+${code.toString(16)}`).toBe(blank);
    }
  });

  // Under the `u` flag, in a text that is not Latin-1 (or in a process that has compiled many regular expressions), V8
  // kept a backtrack entry per character of a repeated class, and millions of spaces overflowed its stack (a bare
  // RangeError). The runs are read by searches.
  it('folds a run of millions of spaces in a text that is not Latin-1', () => {
    expect(replaceRuns(`€${' '.repeat(8 * 1024 * 1024)}x`, BLANKS, ' ')).toBe('€ x');
  });
});

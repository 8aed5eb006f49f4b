import { describe, expect, it } from 'vitest';
import { createFoldedReader, foldKeepingExponents } from './create-folded-reader.js';

// A text with a character outside Latin-1 (`€`): there V8 keeps a backtrack entry per character a `u`-flag class
// repeats, and a run past 8,388,608 of them overflowed its stack ("Maximum call stack size exceeded").
const RUN = '\u200b'.repeat(8_500_000);

describe('foldKeepingExponents and createFoldedReader past millions of invisible characters', () => {
  it.each([
    ['a superscript digit after a digit', `€ 1${RUN}² m`, '€ 1² m'],
    ['a superscript letter after a digit', `€ 2${RUN}ⁿ m`, '€ 2ⁿ m'],
    ['a superscript digit after a letter', `€ m${RUN}² x`, '€ m2 x'],
    ['a superscript sign after a space', `€ ${RUN}⁺ x`, '€ + x'],
  ])('reads %s', (_, text, expected) => {
    expect(foldKeepingExponents(text).text).toBe(expected);
  });

  it('reads a slice that starts with the run before a superscript', () => {
    const text = `€ 1${RUN}² m`;
    expect(createFoldedReader(text)(3, text.length)).toBe('² m');
  });
});

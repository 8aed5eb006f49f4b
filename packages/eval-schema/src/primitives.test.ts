import { describe, expect, it } from 'vitest';
import { Identifier } from './primitives.js';

describe('Identifier', () => {
  it('refuses an id that shows nothing: blank, control characters, invisible and bidi characters only', () => {
    for (const id of [
      '',
      ' ',
      '\t\n',
      '\u200b',
      '\u0000',
      '\u0007\u001b',
      '\u202e\u2066',
      '\ufeff'.repeat(40),
      '\u3164',
      '\u2800',
      `${'\ufeff'.repeat(100_000)}\u2800`,
    ]) {
      expect(Identifier.safeParse(id).success, JSON.stringify(id)).toBe(false);
    }
  });
  it('accepts an id with one visible character, whatever surrounds it', () => {
    for (const id of ['q1', ' a ', '\u200bx', '__proto__', '\u202ea']) {
      expect(Identifier.safeParse(id).success, JSON.stringify(id)).toBe(true);
    }
  });
});

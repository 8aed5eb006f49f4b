import { describe, expect, it } from 'vitest';
import { Count, Identifier, NonNegative, Rate } from './primitives.js';

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
  it('refuses an id holding a lone surrogate, high or low, anywhere; accepts surrogate pairs', () => {
    for (const id of ['\ud800', 'q\udfff', '\ude00\ud83d', 'a\ud83d', `${'x'.repeat(100_000)}\udbff`]) {
      expect(Identifier.safeParse(id).success, JSON.stringify(id)).toBe(false);
    }
    for (const id of ['\ud83d\ude00', 'q\u{10ffff}', '\ufffd']) {
      expect(Identifier.safeParse(id).success, JSON.stringify(id)).toBe(true);
    }
  });
});

describe('Count, Rate, NonNegative', () => {
  it('refuse -0 and accept 0', () => {
    for (const schema of [Count, Rate, NonNegative]) {
      expect(schema.safeParse(-0).success).toBe(false);
      expect(schema.safeParse(0).success).toBe(true);
    }
  });
});

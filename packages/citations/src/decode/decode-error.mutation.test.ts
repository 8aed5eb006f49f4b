// Behaviour pinned by mutation testing (npm run mutation -- citations): the exact excerpt at each edge (200
// units, ellipsis on the cut side only, windows moved back from the end), complete surrogate pairs never cut
// at either end while lone halves are left as they are, and the DecodeError's brand, cause and defaults.
import { describe, expect, it } from 'vitest';
import { DecodeError, excerptAround } from './decode-error.js';

const x = (n: number): string => 'x'.repeat(n);
const y = (n: number): string => 'y'.repeat(n);

describe('excerptAround (mutation-pinned)', () => {
  it('keeps text of up to 200 units whole and cuts longer text at 200 with an ellipsis', () => {
    expect(excerptAround('')).toBe('');
    expect(excerptAround(x(200))).toBe(x(200));
    expect(excerptAround(x(201))).toBe(`${x(200)}…`);
    expect(excerptAround(x(200), 199)).toBe(x(200));
    expect(excerptAround('Sure! {"faithful": tru}', 19)).toBe('Sure! {"faithful": tru}');
  });

  it('centres a window of 200 on the position, with an ellipsis on each cut side', () => {
    const text = `${x(500)}${y(500)}`;
    expect(excerptAround(text, 0)).toBe(`${x(200)}…`);
    expect(excerptAround(text, 100)).toBe(`${x(200)}…`); // the window starts at 0: nothing cut before it
    expect(excerptAround(text, 101)).toBe(`…${x(200)}…`);
    expect(excerptAround(text, 400)).toBe(`…${x(200)}…`);
    expect(excerptAround(text, 401)).toBe(`…${x(199)}y…`);
    expect(excerptAround(text, 500)).toBe(`…${x(100)}${y(100)}…`);
  });

  it('moves the window back from the end so it still holds 200 units', () => {
    const text = `${x(500)}${y(500)}`;
    expect(excerptAround(text, 900)).toBe(`…${y(200)}`);
    expect(excerptAround(text, 950)).toBe(`…${y(200)}`);
    expect(excerptAround(text, 1000)).toBe(`…${y(200)}`);
    expect(excerptAround(`${x(150)}${y(100)}`, 240)).toBe(`…${x(100)}${y(100)}`);
  });

  it('drops the low half of a pair cut at the start of the window, at both ends of the surrogate ranges', () => {
    for (const pair of ['\u{10000}', '\u{10FFFF}', '\u{1F600}']) {
      const text = `${x(99)}${pair}${y(300)}`; // the pair sits at 99..100; position 200 starts the window at 100
      expect(excerptAround(text, 200), pair).toBe(`…${y(199)}…`);
    }
  });

  it('drops the high half of a pair cut at the end of the window, at both ends of the surrogate ranges', () => {
    for (const pair of ['\u{10000}', '\u{10FFFF}', '\u{1F600}']) {
      const text = `${y(199)}${pair}${x(100)}`; // the pair sits at 199..200; the window ends at 200
      expect(excerptAround(text), pair).toBe(`${y(199)}…`);
    }
  });

  it('leaves lone halves and ordinary characters at the window edges as they are', () => {
    // At the start (window 100..300): only a low half after a high half is the second half of a pair.
    const startCases: Array<[string, string]> = [
      ['x\uDC00', '\uDC00'], // a lone low half after an ordinary character
      ['\uD800y', 'y'], // an ordinary character after a lone high half
      ['\uDBFF\uE000', '\uE000'], // U+E000 is past the low range
      ['\uDC00\uDC00', '\uDC00'], // two low halves are not a pair
      ['\uD800\uDBFF', '\uDBFF'], // two high halves are not a pair
    ];
    for (const [around, kept] of startCases) {
      const text = `${x(99)}${around}${y(300)}`;
      expect(excerptAround(text, 200), JSON.stringify(around)).toBe(`…${kept}${y(199)}…`);
    }
    // At the end (window 0..200).
    const endCases: Array<[string, string]> = [
      ['\uD800z', '\uD800'], // a lone high half before an ordinary character
      ['y\uDC00', 'y'], // a lone low half after an ordinary character
      ['\uD7FF\uDC00', '\uD7FF'], // U+D7FF is before the high range
      ['\uDC00\uDC00', '\uDC00'],
    ];
    for (const [around, kept] of endCases) {
      const text = `${y(199)}${around}${x(100)}`;
      expect(excerptAround(text), JSON.stringify(around)).toBe(`${y(199)}${kept}…`);
    }
  });
});

describe('DecodeError (mutation-pinned)', () => {
  it('carries the message, the code, the excerpt, no position and no issues unless given', () => {
    const error = new DecodeError({
      code: 'trailing_content',
      message: 'Unexpected "H" at position 9 after the JSON value; expected the end of the output.',
      excerpt: '{"a": 1} Hope this helps!',
    });
    expect(error.message).toBe(
      'Unexpected "H" at position 9 after the JSON value; expected the end of the output.',
    );
    expect(error.name).toBe('DecodeError');
    expect(error.code).toBe('trailing_content');
    expect(error.excerpt).toBe('{"a": 1} Hope this helps!');
    expect(error.position).toBeUndefined();
    expect(error.issues).toEqual([]);
    expect(error.issues).toHaveLength(0);
  });

  it('has no cause property without a cause, and keeps any given cause, even null', () => {
    const plain = new DecodeError({ code: 'empty', message: 'Output is blank.', excerpt: '' });
    expect('cause' in plain).toBe(false);
    expect(Object.hasOwn(plain, 'cause')).toBe(false);
    const withNull = new DecodeError({
      code: 'empty',
      message: 'Output is blank.',
      excerpt: '',
      cause: null,
    });
    expect(Object.hasOwn(withNull, 'cause')).toBe(true);
    expect(withNull.cause).toBeNull();
    const inner = new SyntaxError('Unexpected end of JSON input');
    expect(new DecodeError({ code: 'not_json', message: 'm', excerpt: '', cause: inner }).cause).toBe(inner);
  });

  it('recognises only an object whose brand is exactly true', () => {
    const brand = Symbol.for('@gk/citations.DecodeError');
    expect(DecodeError.isInstance({ [brand]: true })).toBe(true);
    expect(DecodeError.isInstance({ [brand]: false })).toBe(false);
    expect(DecodeError.isInstance({ [brand]: 'true' })).toBe(false);
    expect(DecodeError.isInstance({ [brand]: 1 })).toBe(false);
    expect(DecodeError.isInstance({ [Symbol('@gk/citations.DecodeError')]: true })).toBe(false);
    expect(DecodeError.isInstance({ '@gk/citations.DecodeError': true })).toBe(false);
    expect(DecodeError.isInstance(undefined)).toBe(false);
    expect(DecodeError.isInstance(0)).toBe(false);
    expect(DecodeError.isInstance(Object.assign(() => {}, { [brand]: true }))).toBe(false);
    expect((new DecodeError({ code: 'schema', message: 'm', excerpt: '' }) as never)[brand]).toBe(true);
  });
});

// Behaviour pinned by mutation testing (npm run mutation -- citations): the exact TypeError for a list that is
// not an array, and the digit bounds of a handle: '0' and '9' are digits, the characters just outside them
// ('/' and ':') are not, and the number must lie in 1..n.
import { describe, expect, it } from 'vitest';
import { createHandles, parseHandle } from './create-handles.js';
import type { Passage } from '../types.js';

/** `n` passages of a minutes document, one sentence each. */
const minutes = (n: number): Passage[] =>
  Array.from({ length: n }, (_, i) => {
    const text = `Item ${i + 1}: the council approved the budget line.`;
    return {
      documentId: 'minutes.md',
      chunkId: `minutes.md#${i}`,
      start: i * 100,
      end: i * 100 + text.length,
      text,
    };
  });

describe('createHandles (mutation-pinned)', () => {
  it('refuses anything but an array with one TypeError message', () => {
    for (const value of ['S1 S2', { length: 2 }, null, undefined, 3]) {
      expect(() => createHandles(value as never), String(value)).toThrow(
        new TypeError('Expected passages to be an array of Passage objects.'),
      );
    }
  });

  it('resolves handles whose digits include 0 and 9 to the right passage', () => {
    const list = minutes(120);
    const { handles, resolve } = createHandles(list);
    expect(handles.slice(0, 3)).toEqual(['S1', 'S2', 'S3']);
    expect(handles.slice(8, 11)).toEqual(['S9', 'S10', 'S11']);
    for (const [handle, index] of [
      ['S9', 8],
      ['S19', 18],
      ['S90', 89],
      ['S99', 98],
      ['S109', 108],
      ['S120', 119],
    ] as const) {
      expect(resolve(handle), handle).toBe(list[index]);
    }
  });

  it('refuses the characters just outside the digit range, which would otherwise count as -1 and 10', () => {
    const { resolve } = createHandles(minutes(120));
    // With '/' read as digit -1, 'S2/' would be 19; with ':' read as 10, 'S1:' would be 20.
    for (const fake of ['S2/', 'S1:', 'S/', 'S:', 'S1/', 'S9:', 'S10/', 'S1@', 'S1`']) {
      expect(resolve(fake), fake).toBeUndefined();
    }
  });

  it('accepts exactly 1..n, the count as a bound on the number of digits too', () => {
    expect(parseHandle('S1', 1)).toBe(1);
    expect(parseHandle('S2', 1)).toBeUndefined();
    expect(parseHandle('S9', 9)).toBe(9);
    expect(parseHandle('S10', 9)).toBeUndefined();
    expect(parseHandle('S10', 10)).toBe(10);
    expect(parseHandle('S11', 10)).toBeUndefined();
    expect(parseHandle('S99', 100)).toBe(99);
    expect(parseHandle('S100', 100)).toBe(100);
    expect(parseHandle('S1', 0)).toBeUndefined();
    expect(parseHandle('S0', 5)).toBeUndefined();
    expect(parseHandle('S05', 10)).toBeUndefined();
    expect(parseHandle('S', 5)).toBeUndefined();
    expect(parseHandle('', 5)).toBeUndefined();
    expect(parseHandle('T1', 5)).toBeUndefined();
    expect(parseHandle('s1', 5)).toBeUndefined();
    expect(parseHandle(['S1'], 5)).toBeUndefined();
    // A string look-alike is not a string, even when it spells S1.
    const lookalike = { length: 2, charCodeAt: (i: number) => (i === 0 ? 0x53 : 0x31) };
    expect(parseHandle(lookalike, 5)).toBeUndefined();
  });
});

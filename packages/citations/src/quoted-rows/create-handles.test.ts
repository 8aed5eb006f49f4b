import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invalidArgument } from '../__fixtures__/invalid-argument.js';
import { passages } from '../__fixtures__/model-outputs/passages.js';
import type { Passage } from '../types.js';
import { createHandles, parseHandle } from './create-handles.js';

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

describe('createHandles', () => {
  describe('handing out and resolving', () => {
    it('hands out S1…Sn in passage order and resolves each back to its passage', () => {
      const { handles, resolve } = createHandles(passages);
      expect(handles).toEqual(['S1', 'S2', 'S3']);
      expect(handles.map(resolve)).toEqual(passages);
    });

    it('handles long lists without ambiguity (S1 vs S10 vs S100)', () => {
      const many: Passage[] = Array.from({ length: 120 }, (_, i) => ({
        documentId: `d${i}`,
        chunkId: `c${i}`,
        text: `t${i}`,
        start: 0,
        end: `t${i}`.length,
      }));
      const { handles, resolve } = createHandles(many);
      expect(handles.at(-1)).toBe('S120');
      expect(resolve('S10')?.chunkId).toBe('c9');
      expect(resolve('S100')?.chunkId).toBe('c99');
      expect(resolve('S121')).toBeUndefined();
      expect(resolve('S0120')).toBeUndefined();
      expect(createHandles([]).handles).toEqual([]);
      expect(createHandles([]).resolve('S1')).toBeUndefined();
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

    it('is not affected by later changes to the caller’s array', () => {
      const list = passages.slice();
      const { resolve } = createHandles(list);
      list.reverse();
      expect(resolve('S1')).toBe(passages[0]);
    });
  });

  describe('refusals', () => {
    it('resolves nothing but an exact handle that was handed out', () => {
      const { resolve } = createHandles(passages);
      const fakes = [
        's1',
        ' S1',
        'S1 ',
        'S01',
        '[S1]',
        'S0',
        'S4',
        'S-1',
        'S+1',
        'S1.0',
        'S1e0',
        'S',
        '',
        '1',
        '[1]',
        'S１',
        'S\u200b1',
        'S1\u200b',
        '\u202eS1',
        'Ｓ1',
        'S99999999999999999999',
        'S9007199254740993',
        '__proto__',
        'constructor',
        'toString',
        'S1\u0000',
        'S2S3',
        'S 2',
      ];
      for (const fake of fakes) expect(resolve(fake), JSON.stringify(fake)).toBeUndefined();
      expect(resolve(1 as unknown as string)).toBeUndefined();
      expect(resolve(null as unknown as string)).toBeUndefined();
    });

    it('refuses the characters just outside the digit range, which would otherwise count as -1 and 10', () => {
      const { resolve } = createHandles(minutes(120));
      // With '/' read as digit -1, 'S2/' would be 19; with ':' read as 10, 'S1:' would be 20.
      for (const fake of ['S2/', 'S1:', 'S/', 'S:', 'S1/', 'S9:', 'S10/', 'S1@', 'S1`']) {
        expect(resolve(fake), fake).toBeUndefined();
      }
    });

    it('resolves a string exactly when it is one of the handles (property)', () => {
      const { handles, resolve } = createHandles(passages);
      fc.assert(
        fc.property(
          fc.oneof(
            fc.string(),
            fc.constantFrom(...handles),
            fc.nat().map((n) => `S${n}`),
          ),
          (value) => {
            expect(resolve(value) !== undefined).toBe(handles.includes(value));
          },
        ),
      );
    });

    it('refuses anything but an array with an InvalidArgumentError', () => {
      for (const value of ['S1 S2', { length: 2 }, null, undefined, 3]) {
        expect(() => createHandles(value as never), String(value)).toThrow(invalidArgument('passages'));
      }
      expect(() => createHandles({ length: 2 } as never)).toThrow(
        invalidArgument(
          'passages',
          'Invalid passages: expected an array of Passage objects, received an object.',
        ),
      );
    });
  });
});

describe('parseHandle', () => {
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

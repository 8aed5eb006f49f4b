import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passages } from '../__fixtures__/model-outputs/passages.js';
import { createHandles } from './create-handles.js';
import type { Passage } from '../types.js';

describe('createHandles', () => {
  it('hands out S1…Sn in passage order and resolves each back to its passage', () => {
    const { handles, resolve } = createHandles(passages);
    expect(handles).toEqual(['S1', 'S2', 'S3']);
    expect(handles.map(resolve)).toEqual(passages);
  });

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

  it('is not affected by later changes to the caller’s array', () => {
    const list = passages.slice();
    const { resolve } = createHandles(list);
    list.reverse();
    expect(resolve('S1')).toBe(passages[0]);
  });
});

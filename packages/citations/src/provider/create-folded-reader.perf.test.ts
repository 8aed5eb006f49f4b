import { describe, expect, it } from 'vitest';
import { cpuNow } from '../__fixtures__/cpu-time.js';
import { normalizeWithMap } from '../text/normalize-text.js';
import { createFoldedReader } from './create-folded-reader.js';

const fold = (text: string): string => normalizeWithMap(text).text;

describe('createFoldedReader at scale', () => {
  it('folds a megabyte once for ten thousand reads of long slices', () => {
    const text = `${'word \u00a0\u200b '.repeat(100_000)}end`;
    const read = createFoldedReader(text);
    for (const at of [0, 8, 4, 3, 799_992]) expect(read(at, text.length)).toBe(fold(text.slice(at)));
    const t0 = cpuNow();
    let total = 0;
    for (let i = 0; i < 10_000; i++) total += read(i * 8, text.length)!.length;
    expect(total).toBeGreaterThan(0);
    expect(cpuNow() - t0).toBeLessThan(2000); // one fold per read would be ten thousand megabytes
  });
});

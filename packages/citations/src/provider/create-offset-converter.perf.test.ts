import { describe, expect, it } from 'vitest';
import { cpuNow } from '../__fixtures__/cpu-time.js';
import { createOffsetConverter } from './create-offset-converter.js';

describe('createOffsetConverter at scale', () => {
  it('converts ten thousand offsets into a megabyte in one pass plus a block each', () => {
    const text = 'é漢😀 '.repeat(200_000);
    const t0 = cpuNow();
    const converter = createOffsetConverter(text, 'utf8');
    for (let i = 0; i < 10_000; i++) expect(typeof converter.toUtf16(i * 100)).not.toBe('outside');
    expect(cpuNow() - t0).toBeLessThan(3000); // a helper call per offset would walk ten thousand megabytes
  });
});

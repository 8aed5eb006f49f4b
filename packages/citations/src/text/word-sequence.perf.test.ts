import { describe, expect, it } from 'vitest';
import { cpuNow } from '../__fixtures__/cpu-time.js';
import { foldText } from './normalize-text.js';
import { wordSequence } from './word-sequence.js';

describe('wordSequence and foldText at scale', () => {
  it('read a megabyte of one separator, or of words of another script, in linear time', () => {
    const t0 = cpuNow();
    expect(wordSequence(` ,\u00a0\u200b[`.repeat(200_000)).items).toHaveLength(1);
    expect(wordSequence('\u00e9t\u00e9 \u6771\u4eac '.repeat(100_000)).items).toHaveLength(600_000);
    expect(foldText(`\u00e9 \u3000\u200b`.repeat(250_000))).toHaveLength(750_000);
    // Linear work is about 1.4 s of CPU here (a quadratic path over a megabyte takes hours); a looser bound keeps
    // a loaded machine from failing it.
    expect(cpuNow() - t0).toBeLessThan(8000);
  });
});

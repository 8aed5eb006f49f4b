// Scale: the leak walk over large outputs, bounded by CPU time and by its growth (excluded from mutation runs).
import { describe, expect, it } from 'vitest';
import { findLeak } from './find-leak.js';
import { generateMarker } from './generate-marker.js';
import { cpuNow, leastCpu } from './__fixtures__/cpu-time.js';

/** A result object of `n` rejected claims, each with text and a citation, as a large synthesis result holds. */
const result = (n: number) => ({
  text: 'clean',
  rejected: Array.from({ length: n }, (_, index) => ({
    text: `Claim ${index} about the tower, which stands in Paris.`,
    code: 'unsupported',
    markers: [1, 2],
    citation: { documentId: `doc-${index}`, chunkId: `chunk-${index}`, start: index, end: index + 40 },
  })),
});

describe('findLeak', () => {
  const marker = generateMarker();

  it('grows linearly: 8× the output costs well under 20× the time', () => {
    const small = result(5_000);
    const large = result(40_000);
    const base = leastCpu(() => expect(findLeak(small, marker, 'answer').leaked).toBe(false));
    const grown = leastCpu(() => expect(findLeak(large, marker, 'answer').leaked).toBe(false));
    expect(grown).toBeLessThan(Math.max(20 * base, 200));
  });

  it('searches a megabyte string and 100,000 array elements in well under the budget of a test', () => {
    const started = cpuNow();
    expect(findLeak({ log: `${'x'.repeat(1_000_000)}${marker}` }, marker, 'answer').leaked).toBe(true);
    expect(
      findLeak({ list: Array.from({ length: 100_000 }, (_, i) => `item ${i}`) }, marker, 'answer').leaked,
    ).toBe(false);
    expect(cpuNow() - started).toBeLessThan(5_000);
  });
});

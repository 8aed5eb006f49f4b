// Scale: the leak walk over large outputs, bounded by CPU time and by its growth (excluded from mutation runs).
import { describe, expect, it } from 'vitest';
import { createMarkerSet } from './create-marker-set.js';
import { findLeak } from './find-leak.js';
import { generateMarker } from './generate-marker.js';
import { BOUND, growth } from '../../../tests/adversarial/growth.js';
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
  const set = createMarkerSet<'C'>();
  set.add(marker, 'C');
  const markerC = set.except([]);

  it('grows linearly: 8× the output costs well under 20× the time', () => {
    const small = result(5_000);
    const large = result(40_000);
    const base = leastCpu(() => expect(findLeak(small, markerC, 'answer').leaked).toBe(false));
    const grown = leastCpu(() => expect(findLeak(large, markerC, 'answer').leaked).toBe(false));
    expect(grown).toBeLessThan(Math.max(20 * base, 200));
  });

  // Pieces of hex digits, so every join between two pieces of a stream is searched.
  const parts = (n: number) =>
    Array.from({ length: n }, (_, index) => ({ type: 'text-delta', id: `${index}`, delta: 'ab12' }));
  const fields = (n: number) =>
    Object.fromEntries(Array.from({ length: n }, (_, index) => [`field${index}`, 'ab12']));

  it('grows linearly on stream parts and on many distinct fields: 8× the output costs well under 20× the time', () => {
    for (const build of [parts, fields]) {
      const small = build(4_000);
      const large = build(32_000);
      const base = leastCpu(() => expect(findLeak(small, markerC, 'answer').leaked).toBe(false));
      const grown = leastCpu(() => expect(findLeak(large, markerC, 'answer').leaked).toBe(false));
      expect(grown).toBeLessThan(Math.max(20 * base, 200));
    }
  });

  it('looks for the 9,000 markers of 3,000 cases in about the time it looks for one', () => {
    const many = createMarkerSet<number>();
    for (let index = 0; index < 9_000; index++) many.add(generateMarker(), index);
    const output = { ...result(1_000), parts: parts(5_000), log: '0123456789abcdef'.repeat(5_000) };
    const one = leastCpu(() => expect(findLeak(output, markerC, 'answer').leaked).toBe(false));
    const all = leastCpu(() => expect(findLeak(output, many.except([]), 'answer').leaked).toBe(false));
    expect(all).toBeLessThan(Math.max(3 * one, 200));
  });

  it('grows linearly on a chain of objects each inheriting from the one before', () => {
    // Each object walked its whole prototype chain (its getters, instanceof, Object.prototype.toString): 2,000 objects
    // took 0.4 s and 16,000 took 25 s. Every prototype is now read once per walk.
    const make = (n: number) => {
      const chain: object[] = [];
      let last: object = { note: 'clean' };
      for (let index = 0; index < n; index++) {
        last = Object.create(last);
        chain.push(last);
      }
      const output = { text: 'See [1].', debug: chain };
      return () => expect(findLeak(output, markerC, 'answer').leaked).toBe(false);
    };
    expect(growth(make, 1_000)).toBeLessThan(BOUND);
  }, 120_000);

  it("reads a prototype's data properties once, however many objects inherit them", () => {
    const make = (n: number) => {
      const shared = Object.fromEntries(Array.from({ length: n }, (_, index) => [`field${index}`, 'ab12']));
      const objects = Array.from({ length: n }, () => Object.create(shared) as object);
      return () => expect(findLeak({ debug: objects }, markerC, 'answer').leaked).toBe(false);
    };
    expect(growth(make, 1_000)).toBeLessThan(BOUND);
  }, 120_000);

  it('still reads the getters of a class and a Map behind a chain of prototypes', () => {
    class Result {
      get secret() {
        return marker;
      }
    }
    let inheriting: object = new Result();
    for (let index = 0; index < 100; index++) inheriting = Object.create(inheriting);
    expect(findLeak({ debug: inheriting }, markerC, 'answer').leaked).toBe(true);
    class Cache extends Map<string, string> {}
    expect(findLeak({ debug: new Cache([['key', marker]]) }, markerC, 'answer').leaked).toBe(true);
  });

  it('searches a megabyte string and 100,000 array elements in well under the budget of a test', () => {
    const started = cpuNow();
    expect(findLeak({ log: `${'x'.repeat(1_000_000)}${marker}` }, markerC, 'answer').leaked).toBe(true);
    expect(
      findLeak({ list: Array.from({ length: 100_000 }, (_, i) => `item ${i}`) }, markerC, 'answer').leaked,
    ).toBe(false);
    expect(cpuNow() - started).toBeLessThan(5_000);
  });
});

import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { invalidArgument } from './__fixtures__/invalid-argument.js';
import { hitRateAtK, meanReciprocalRank, precisionAtK, recallAtK, reciprocalRank } from './index.js';

const ranked = ['a', 'b', 'c', 'd', 'e'];
const relevant = ['b', 'd', 'x']; // x is gold but never retrieved

describe('recallAtK', () => {
  it('counts distinct gold ids in the first k positions over all gold ids', () => {
    expect(recallAtK(ranked, relevant, 1)).toBe(0);
    expect(recallAtK(ranked, relevant, 3)).toBe(1 / 3);
    expect(recallAtK(ranked, relevant, 5)).toBe(2 / 3);
  });

  it('treats k larger than the list as the whole list', () => {
    expect(recallAtK(ranked, relevant, 50)).toBe(2 / 3);
    expect(recallAtK([], relevant, 3)).toBe(0);
  });

  it('counts a repeated id once, at its first rank, and lets the repeat waste its slot', () => {
    expect(recallAtK(['a', 'a', 'b'], ['a', 'b'], 2)).toBe(1 / 2);
    expect(recallAtK(['a', 'a', 'b'], ['a', 'b'], 3)).toBe(1);
    expect(recallAtK(['a', 'a', 'a'], ['a'], 3)).toBe(1);
  });

  it('deduplicates gold ids, given as an array or a Set', () => {
    expect(recallAtK(ranked, ['b', 'b'], 5)).toBe(1);
    expect(recallAtK(ranked, new Set(['a']), 1)).toBe(1);
  });

  it('gives the same value whichever way tied documents were ordered', () => {
    expect(recallAtK(['b', 'd', 'a'], relevant, 2)).toBe(recallAtK(['d', 'b', 'a'], relevant, 2));
  });

  it('is null, not 0 or 1, when there is no gold', () => {
    expect(recallAtK(ranked, [], 3)).toBeNull();
    expect(recallAtK([], new Set(), 3)).toBeNull();
  });

  it('compares ids exactly: empty, __proto__, NUL, zero-width, RTL and lone surrogates', () => {
    const odd = ['', '__proto__', 'a\u0000b', 'a\u200bb', '\u202eabc', '\ud800'];
    expect(recallAtK(odd, ['', '__proto__', 'a\u0000b', 'a\u200bb', '\u202eabc', '\ud800'], 6)).toBe(1);
    expect(recallAtK(odd, ['ab', 'constructor', '\ufffd', 'abc'], 6)).toBe(0);
  });
});

describe('precisionAtK', () => {
  it('divides distinct gold hits in the first k positions by k', () => {
    expect(precisionAtK(ranked, relevant, 1)).toBe(0);
    expect(precisionAtK(ranked, relevant, 2)).toBe(1 / 2);
    expect(precisionAtK(ranked, relevant, 5)).toBe(2 / 5);
  });

  it('still divides by k when the list is shorter than k (missing positions are misses)', () => {
    expect(precisionAtK(ranked, relevant, 10)).toBe(2 / 10);
    expect(precisionAtK(['b'], ['b'], 4)).toBe(1 / 4);
  });

  it('does not reward repeating a relevant id', () => {
    expect(precisionAtK(['a', 'a', 'a'], ['a'], 3)).toBe(1 / 3);
    expect(precisionAtK(['a', 'a', 'b'], ['a', 'b'], 2)).toBe(1 / 2);
  });

  it('is null when there is no gold', () => {
    expect(precisionAtK(ranked, [], 5)).toBeNull();
  });
});

describe('hitRateAtK', () => {
  it('is 1 when any gold id is in the first k positions, else 0', () => {
    expect(hitRateAtK(ranked, relevant, 1)).toBe(0);
    expect(hitRateAtK(ranked, relevant, 2)).toBe(1);
    expect(hitRateAtK(ranked, ['x'], 99)).toBe(0);
    expect(hitRateAtK(['b', 'b'], ['b'], 1)).toBe(1);
  });

  it('is null when there is no gold', () => {
    expect(hitRateAtK(ranked, [], 2)).toBeNull();
    expect(hitRateAtK(['x'], new Set<string>(), 2)).toBeNull();
  });
});

describe('reciprocalRank', () => {
  it('is 1 / rank of the first gold id in the whole list', () => {
    expect(reciprocalRank(['a', 'b'], ['a'])).toBe(1);
    expect(reciprocalRank(ranked, relevant)).toBe(1 / 2);
    expect(reciprocalRank(ranked, ['e'])).toBe(1 / 5);
    expect(reciprocalRank(['a', 'a', 'b'], ['b'])).toBe(1 / 3);
  });

  it('is 0 when no gold id is retrieved and null when there is no gold', () => {
    expect(reciprocalRank(ranked, ['x'])).toBe(0);
    expect(reciprocalRank([], ['x'])).toBe(0);
    expect(reciprocalRank(ranked, [])).toBeNull();
  });
});

describe('meanReciprocalRank', () => {
  it('averages the values and skips null (no-answer queries)', () => {
    expect(meanReciprocalRank([1, 0.5, null, 0])).toBe(0.5);
    expect(meanReciprocalRank([1 / 3])).toBe(1 / 3);
  });

  it('is null when no value is left', () => {
    expect(meanReciprocalRank([])).toBeNull();
    expect(meanReciprocalRank([null, null])).toBeNull();
  });

  it('accepts the boundaries 0 and 1', () => {
    expect(meanReciprocalRank([0, 1])).toBe(0.5);
    expect(meanReciprocalRank([null, 0, null])).toBe(0);
  });

  it('throws InvalidArgumentError for NaN or a value outside [0, 1], naming its index and the value', () => {
    for (const value of [Number.NaN, 1.5, -0.1, Number.POSITIVE_INFINITY]) {
      expect(() => meanReciprocalRank([1, value])).toThrow(invalidArgument('values[1]'));
    }
    expect(() => meanReciprocalRank([1.0001])).toThrow(
      'Invalid values[0]: expected a reciprocal rank in [0, 1] or null, received number 1.0001.',
    );
    expect(() => meanReciprocalRank([null, -0.5])).toThrow(
      'Invalid values[1]: expected a reciprocal rank in [0, 1] or null, received number -0.5.',
    );
  });
  it('refuses a value that is no number, even one that coerces to a rank', () => {
    for (const values of [
      ['1', 0],
      [[1], 0],
      [true, true],
      [0n, 0],
    ]) {
      expect(() => meanReciprocalRank(values as unknown as number[])).toThrow(invalidArgument('values[0]'));
    }
    expect(() => meanReciprocalRank([0.5, '0.5' as unknown as number])).toThrow(invalidArgument('values[1]'));
  });
});

describe('the cutoff k of recallAtK, precisionAtK and hitRateAtK', () => {
  it('throws InvalidArgumentError for k that is not a positive integer, naming the value, and accepts k = 1', () => {
    for (const metric of [recallAtK, precisionAtK, hitRateAtK]) {
      for (const k of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) {
        expect(() => metric(ranked, relevant, k)).toThrow(invalidArgument('k'));
      }
      expect(() => metric(['a'], ['a'], 0)).toThrow(
        'Invalid k: expected a positive integer, received number 0.',
      );
      expect(metric(['a'], ['a'], 1)).toBe(1);
    }
  });
});

// The finding (rt13 #4): a generator was read as gold, and a second metric over the same one saw none.
describe('the gold ids of recallAtK, precisionAtK, hitRateAtK and reciprocalRank', () => {
  const metrics = [
    recallAtK,
    precisionAtK,
    hitRateAtK,
    (ids: readonly string[], gold: Iterable<string>) => reciprocalRank(ids, gold),
  ];

  it('refuse an iterable that is no array or Set, as the README says, naming what they expected', () => {
    function* generated(): Generator<string> {
      yield 'a';
    }
    const iterables: Array<Iterable<string>> = [
      generated(),
      ['a'].values(),
      new Set(['a']).values(),
      { [Symbol.iterator]: generated },
      new Map([['a', 'a']]).keys(),
    ];
    for (const metric of metrics) {
      for (const gold of iterables) expect(() => metric(['a'], gold, 1)).toThrow(invalidArgument('relevant'));
    }
    expect(() => recallAtK(['a'], generated(), 1)).toThrow(
      'Invalid relevant: expected an array (no holes) or Set of id strings, received an object.',
    );
  });

  it('read a Set through Set’s own iterator, a subclass’s or another realm’s too', () => {
    class Listed extends Set<string> {
      override [Symbol.iterator](): SetIterator<string> {
        return new Set(['z']).values();
      }
    }
    const foreign = runInNewContext('new Set(["a", "b"])') as Set<string>;
    for (const metric of metrics) {
      expect(metric(['a'], new Listed(['a']), 1)).toBe(1);
      expect(metric(['a'], foreign, 1)).not.toBeNull();
    }
  });
});

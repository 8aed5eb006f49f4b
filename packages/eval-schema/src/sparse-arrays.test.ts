// Every metric refuses a sparse array at its first hole: what it reads is counted, never timed.
import { describe, expect, it } from 'vitest';
import { invalidArgument } from './__fixtures__/invalid-argument.js';
import { agreementRate } from './agreement-rate.js';
import { confusionMatrix } from './confusion-matrix.js';
import { hashCorpus } from './hash-corpus.js';
import { hashJudgments } from './hash-judgments.js';
import { sampleCalibrationReport, sampleEchoReport, sampleEvalReport } from './__fixtures__/reports.js';
import { ndcgAtK } from './ndcg-at-k.js';
import {
  hitRateAtK,
  meanReciprocalRank,
  precisionAtK,
  recallAtK,
  reciprocalRank,
} from './ranking-metrics.js';
import { safeParseCalibrationReport, safeParseEchoReport, safeParseEvalReport } from './safe-parse.js';

/** An array of length 2^32 - 1 with no element at all, counting element reads; it throws past 1,000 of them. */
function hugeSparseArray<T>(): { array: T[]; reads: () => number } {
  let reads = 0;
  const count = (key: string | symbol): void => {
    if (typeof key !== 'string' || !/^\d+$/.test(key)) return;
    reads += 1;
    if (reads > 1_000) throw new Error('read more than 1,000 elements of a sparse array');
  };
  const array = new Proxy(new Array<T>(2 ** 32 - 1), {
    get: (target, key, receiver) => {
      count(key);
      return Reflect.get(target, key, receiver);
    },
    has: (target, key) => {
      count(key);
      return Reflect.has(target, key);
    },
  });
  return { array, reads: () => reads };
}

const bad = <T>(value: unknown): T => value as T;

describe('a huge sparse array is refused at its first hole, reading a few of its elements', () => {
  const cases: Array<[string, string, (array: never[]) => unknown]> = [
    ['recallAtK', 'ranked', (ranked) => recallAtK(ranked, ['a'], 1)],
    ['precisionAtK', 'ranked', (ranked) => precisionAtK(ranked, ['a'], 1)],
    ['hitRateAtK', 'ranked', (ranked) => hitRateAtK(ranked, ['a'], 1)],
    ['reciprocalRank', 'ranked', (ranked) => reciprocalRank(ranked, ['a'])],
    ['ndcgAtK', 'ranked', (ranked) => ndcgAtK(ranked, new Map([['a', 1]]), 1)],
    ['recallAtK', 'relevant', (relevant) => recallAtK(['a'], relevant, 1)],
    ['reciprocalRank', 'relevant', (relevant) => reciprocalRank(['a'], relevant)],
    ['meanReciprocalRank', 'values[0]', (values) => meanReciprocalRank(values)],
    ['confusionMatrix', 'pairs[0]', (pairs) => confusionMatrix(pairs)],
    ['agreementRate', 'pairs[0]', (pairs) => agreementRate(pairs)],
  ];
  it.each(cases)('%s(%s)', (_name, parameter, call) => {
    const { array, reads } = hugeSparseArray<never>();
    expect(() => call(array)).toThrow(invalidArgument(parameter));
    expect(reads()).toBeLessThan(10);
  });
});

describe('the hashes refuse a huge sparse array at its first hole', () => {
  it.each([
    ['hashCorpus', 'documents[0]', (array: never[]) => hashCorpus(array)],
    ['hashJudgments', 'judgments[0]', (array: never[]) => hashJudgments(array)],
  ] as const)('%s(%s)', async (_name, parameter, call) => {
    const { array, reads } = hugeSparseArray<never>();
    await expect(call(array)).rejects.toThrow(invalidArgument(parameter));
    expect(reads()).toBeLessThan(10);
  });
});

describe('a hole is refused, never read as a miss', () => {
  it('in ranked and relevant, wherever the hole is', () => {
    // biome-ignore lint/suspicious/noSparseArray: the hole is what is tested
    const holes = [bad<string[]>([, 'a']), bad<string[]>(['a', , 'b'])];
    for (const ranked of holes) {
      expect(() => recallAtK(ranked, ['a'], 2)).toThrow(invalidArgument('ranked'));
      expect(() => reciprocalRank(ranked, ['a'])).toThrow(invalidArgument('ranked'));
      expect(() => ndcgAtK(ranked, new Map([['a', 1]]), 2)).toThrow(invalidArgument('ranked'));
      expect(() => hitRateAtK(['a'], ranked, 1)).toThrow(invalidArgument('relevant'));
    }
    // biome-ignore lint/suspicious/noSparseArray: the hole is what is tested
    expect(() => meanReciprocalRank(bad([0.5, , 1]))).toThrow(invalidArgument('values[1]'));
  });
});

describe('the report parsers refuse a huge sparse array at its first hole', () => {
  it.each([
    [
      'EchoReport.cases',
      () => safeParseEchoReport({ ...sampleEchoReport(), cases: hugeSparseArray().array }),
    ],
    [
      'EvalReport.stages[0].queries',
      () => {
        const report = sampleEvalReport();
        const stages = [{ ...report.stages[0]!, queries: hugeSparseArray().array }];
        return safeParseEvalReport({ ...report, stages });
      },
    ],
    [
      'CalibrationReport.rows[1]',
      () => {
        const { array } = hugeSparseArray();
        return safeParseCalibrationReport({
          ...sampleCalibrationReport(),
          rows: Object.assign(array, { 0: {} }),
        });
      },
    ],
  ] as const)('%s', (path, parse) => {
    const result = parse();
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(result.error).toMatchObject({ code: 'invalid_field' });
    expect(result.error.message).toMatch(/^\S+: expected an array without holes/);
    expect(result.error.message.startsWith(path)).toBe(true);
  });

  it('and a small one with a hole the same way, where a JSON value could not have one', () => {
    // biome-ignore lint/suspicious/noSparseArray: the hole is what is tested
    const cases = bad<[]>([, sampleEchoReport().cases[0]]);
    const result = safeParseEchoReport({ ...sampleEchoReport(), cases });
    expect(result.success ? '' : result.error.message).toMatch(
      /^EchoReport\.cases\[0\]: expected an array without holes/,
    );
  });
});

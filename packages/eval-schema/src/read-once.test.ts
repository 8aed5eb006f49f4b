// Every public function reads each field of its input once (snapshot, then check, then compute): an array's own
// `entries`, a `length` read again, a getter or proxy answering a second read differently, change nothing.
import { describe, expect, it } from 'vitest';
import { invalidArgument } from './__fixtures__/invalid-argument.js';
import { agreementRate } from './agreement-rate.js';
import { summarizeCalibrationRows } from './calibration-report.js';
import { countEchoCases } from './echo-report.js';
import { hashCorpus } from './hash-corpus.js';
import { meanReciprocalRank, recallAtK } from './ranking-metrics.js';
import { formatIssuePath, type ReportIssue, ReportParseError } from './report-parse-error.js';
import { countSynthesisRows } from './synthesis-report.js';
import { verdictLabelOf } from './verdict-label-of.js';
import { changing, changingArray } from './__fixtures__/changing-reads.js';

const bad = <T>(value: unknown): T => value as T;
const grounded = { outcome: 'grounded', leaked: false } as const;
const row = { queryId: 'q', status: 'answered', claimsWritten: 1, claimsAccepted: 1 } as const;

/** An object like `base` whose `key` reads as `first` once, then as `later`. */

/** An array of `item` whose `length` grows by one on every read; it throws past 50 reads. */
function growingArray<T>(item: T): { array: T[]; lengthReads: () => number } {
  let reads = 0;
  const array = new Proxy([] as T[], {
    get: (target, key, receiver) => {
      if (key === 'length') {
        reads += 1;
        if (reads > 50) throw new Error('read length more than 50 times');
        return reads;
      }
      if (typeof key === 'string' && /^\d+$/.test(key)) return item;
      return Reflect.get(target, key, receiver);
    },
    has: (target, key) => (typeof key === 'string' && /^\d+$/.test(key)) || Reflect.has(target, key),
  });
  return { array, lengthReads: () => reads };
}

describe('countEchoCases and countSynthesisRows read the array by index, never through its own entries', () => {
  function* fiveGrounded(): Generator<[number, unknown]> {
    for (let index = 0; index < 5; index += 1) yield [index, grounded];
  }

  it('count an empty array whose own entries() yields cases as empty', () => {
    expect(countEchoCases(bad(Object.assign([], { entries: fiveGrounded }))).total).toBe(0);
    expect(countSynthesisRows(bad(Object.assign([], { entries: fiveGrounded }))).questions).toBe(0);
  });

  it('count a proxy whose entries() yields two cases by its one element', () => {
    const cases = new Proxy([grounded], {
      get: (target, key, receiver) => (key === 'entries' ? fiveGrounded : Reflect.get(target, key, receiver)),
    });
    expect(countEchoCases(cases)).toEqual({
      grounded: 1,
      wrongSource: 0,
      abstained: 0,
      rejected: 0,
      leaked: 0,
      total: 1,
    });
  });
});

describe('countSynthesisRows counts what it checked', () => {
  it('a status or count that changes after the check is counted as checked', () => {
    const counts = countSynthesisRows([changing(row, 'status', 'answered', 'questions')]);
    expect([counts.questions, counts.answered]).toEqual([1, 1]);
    const written = countSynthesisRows([changing(row, 'claimsWritten', 2, 'x')]);
    expect(written.claimsWritten).toBe(2);
    const verdict = countSynthesisRows([changing(row, 'verdict', 'faithful', 'judge_error')]);
    expect([verdict.faithful, verdict.judgeErrors]).toEqual([1, 0]);
  });
});

describe('an array is read to the length it had on its one read of length', () => {
  const cases: Array<[string, (array: never[]) => unknown, () => never]> = [
    ['agreementRate', (array) => agreementRate(array), () => bad({ human: true, judge: true })],
    ['recallAtK', (array) => recallAtK(array, ['a'], 1), () => bad('a')],
    ['meanReciprocalRank', (array) => meanReciprocalRank(array), () => bad(1)],
    ['countEchoCases', (array) => countEchoCases(array), () => bad(grounded)],
    ['countSynthesisRows', (array) => countSynthesisRows(array), () => bad(row)],
    [
      'summarizeCalibrationRows',
      (array) => summarizeCalibrationRows(array, { metric: 'agreement_rate', threshold: 0 }),
      () => bad({ itemId: 'a', human: true, judge: true }),
    ],
    ['formatIssuePath', (array) => formatIssuePath('X', array), () => bad('a')],
  ];
  it.each(cases)('%s', (_name, call, item) => {
    const { array, lengthReads } = growingArray(item());
    call(array);
    expect(lengthReads()).toBe(1);
  });

  it('hashCorpus', async () => {
    const { array, lengthReads } = growingArray({ id: 'a', text: 'b' });
    await hashCorpus(array);
    expect(lengthReads()).toBe(1);
  });
});

describe('formatIssuePath reads each part once', () => {
  it('refuses a hole, as it refuses undefined, and formats what it checked', () => {
    // biome-ignore lint/suspicious/noSparseArray: the hole is what is tested
    expect(() => formatIssuePath('X', bad([, 'a']))).toThrow(invalidArgument('path'));
    expect(formatIssuePath('X', changingArray(['a', 0], 0, 'a', {}))).toBe('X.a[0]');
  });

  it('refuses a huge sparse path at its first hole, reading a few of its parts', () => {
    let reads = 0;
    const path = new Proxy(new Array<string>(2 ** 32 - 1), {
      get: (target, key, receiver) => {
        if (typeof key === 'string' && /^\d+$/.test(key) && ++reads > 1_000) throw new Error('read too much');
        return Reflect.get(target, key, receiver);
      },
    });
    expect(() => formatIssuePath('X', path)).toThrow(invalidArgument('path'));
    expect(reads).toBeLessThan(10);
  });
});

describe('ReportParseError reads each issue once', () => {
  it('keeps the code, path and message it checked', () => {
    const reads = { code: 0, message: 0 };
    const issue = {
      path: ['a'],
      get code() {
        return reads.code++ === 0 ? 'rule' : {};
      },
      get message() {
        return reads.message++ === 0 ? 'm' : 5;
      },
    };
    const error = new ReportParseError('X', [bad<ReportIssue>(issue)]);
    expect(error.code).toBe('rule');
    expect(error.issues[0]).toEqual({ code: 'rule', path: ['a'], message: 'm' });
    expect(error.message).toBe('X.a: m');
    expect(reads).toEqual({ code: 1, message: 1 });
    const path = changing({ code: 'rule', path: ['a'], message: 'm' } as ReportIssue, 'path', ['a'], 7);
    expect(new ReportParseError('X', [path]).path).toEqual(['a']);
  });
});

describe('verdictLabelOf asks once whether the outcome holds an error', () => {
  it('refuses an outcome with a verdict that is no object, whatever a second question would answer', () => {
    let asks = 0;
    const outcome = new Proxy({ verdict: 5 } as Record<string, unknown>, {
      has: (target, key) => (key === 'error' ? asks++ > 0 : Reflect.has(target, key)),
    });
    expect(() => verdictLabelOf(bad(outcome))).toThrow(invalidArgument('outcome'));
  });
});

// ADR 0051: an argument that throws when read (a getter, a proxy trap, a revoked proxy) is an InvalidArgumentError
// naming the argument, with the caller's error as `cause` — never the caller's error escaping uncoded.
import { InvalidArgumentError } from '@gk/internal';
import { describe, expect, it } from 'vitest';
import { sampleLabelSetWithoutHash, samplePreregistration } from './__fixtures__/reports.js';
import { agreementRate } from './agreement-rate.js';
import { summarizeCalibrationRows } from './calibration-report.js';
import { precision, recall } from './class-metrics.js';
import { confusionMatrix } from './confusion-matrix.js';
import { countEchoCases } from './echo-report.js';
import { hashCorpus } from './hash-corpus.js';
import { hashJudgments } from './hash-judgments.js';
import { checkLabelSetHash, hashLabelSet } from './label-set.js';
import { ndcgAtK } from './ndcg-at-k.js';
import { hashPreregistration } from './preregistration.js';
import {
  hitRateAtK,
  meanReciprocalRank,
  precisionAtK,
  recallAtK,
  reciprocalRank,
} from './ranking-metrics.js';
import { formatIssuePath, ReportParseError } from './report-parse-error.js';
import { countSynthesisRows } from './synthesis-report.js';
import { verdictLabelOf } from './verdict-label-of.js';

const boom = new RangeError('the caller threw');
const bad = <T>(value: unknown): T => value as T;

/** An object like `base` whose `key` throws `boom` when read. */
function throwing<T extends object>(base: T, key: string): T {
  return Object.defineProperty({ ...base }, key, {
    enumerable: true,
    get: () => {
      throw boom;
    },
  });
}

/** An array like `items` whose element reads (and `length`, with `length: true`) throw `boom`. */
function throwingArray<T>(items: T[], length = false): T[] {
  return new Proxy(items, {
    get: (target, key, receiver) => {
      if (key === 'length' ? length : typeof key === 'string' && /^\d+$/.test(key)) throw boom;
      return Reflect.get(target, key, receiver);
    },
  });
}

function revoked<T extends object>(target: T): T {
  const { proxy, revoke } = Proxy.revocable(target, {});
  revoke();
  return proxy;
}

/** An InvalidArgumentError for `parameter` whose cause is `cause` (`boom` unless given). */
const unreadable = (parameter: string, cause: unknown = boom) =>
  expect.objectContaining({ name: 'InvalidArgumentError', code: 'invalid_argument', parameter, cause });
const revokedCause = expect.any(TypeError);

const pair = { human: true, judge: true };
const matrix = { truePositive: 1, falsePositive: 0, falseNegative: 0, trueNegative: 0 };
const echoCase = { outcome: 'grounded', leaked: false } as const;
const row = { queryId: 'q', status: 'answered', claimsWritten: 1, claimsAccepted: 1 } as const;
const calibrationRow = { itemId: 'a', human: true, judge: true };
const prereg = { metric: 'agreement_rate', threshold: 0.5 } as const;

describe('a synchronous function refuses an argument that throws when read, with the throw as cause', () => {
  const cases: Array<[string, string, () => unknown, unknown?]> = [
    ['agreementRate getter', 'pairs', () => agreementRate([throwing(pair, 'human')])],
    ['agreementRate element', 'pairs', () => agreementRate(throwingArray([pair]))],
    ['agreementRate length', 'pairs', () => agreementRate(throwingArray([pair], true))],
    ['agreementRate revoked', 'pairs', () => agreementRate(revoked([])), revokedCause],
    ['confusionMatrix getter', 'pairs', () => confusionMatrix([throwing(pair, 'judge')])],
    ['precision getter', 'matrix', () => precision(throwing(matrix, 'truePositive'), 'positive')],
    ['precision revoked', 'matrix', () => precision(revoked(matrix), 'positive'), revokedCause],
    ['recall getter', 'matrix', () => recall(throwing(matrix, 'trueNegative'), 'negative')],
    ['recallAtK ranked', 'ranked', () => recallAtK(throwingArray(['a']), ['a'], 1)],
    ['recallAtK relevant', 'relevant', () => recallAtK(['a'], throwingArray(['a']), 1)],
    ['precisionAtK revoked', 'ranked', () => precisionAtK(revoked(['a']), ['a'], 1), revokedCause],
    ['hitRateAtK length', 'ranked', () => hitRateAtK(throwingArray(['a'], true), ['a'], 1)],
    ['reciprocalRank relevant', 'relevant', () => reciprocalRank(['a'], throwingArray(['a'], true))],
    ['meanReciprocalRank element', 'values', () => meanReciprocalRank(throwingArray([0.5]))],
    ['meanReciprocalRank revoked', 'values', () => meanReciprocalRank(revoked([])), revokedCause],
    ['ndcgAtK ranked', 'ranked', () => ndcgAtK(throwingArray(['a']), new Map([['a', 1]]), 1)],
    ['countEchoCases getter', 'cases', () => countEchoCases([throwing(echoCase, 'outcome')])],
    ['countEchoCases revoked', 'cases', () => countEchoCases(revoked([])), revokedCause],
    ['countSynthesisRows getter', 'rows', () => countSynthesisRows([throwing(row, 'status')])],
    ['countSynthesisRows revoked', 'rows', () => countSynthesisRows(revoked([])), revokedCause],
    ['verdictLabelOf getter', 'outcome', () => verdictLabelOf(bad(throwing({ verdict: {} }, 'verdict')))],
    ['verdictLabelOf revoked', 'outcome', () => verdictLabelOf(revoked({ error: 1 })), revokedCause],
    [
      'summarizeCalibrationRows rows',
      'rows',
      () => summarizeCalibrationRows([throwing(calibrationRow, 'judge')], prereg),
    ],
    [
      'summarizeCalibrationRows preregistration',
      'preregistration',
      () => summarizeCalibrationRows([calibrationRow], throwing(prereg, 'threshold')),
    ],
    [
      'summarizeCalibrationRows revoked',
      'preregistration',
      () => summarizeCalibrationRows([], revoked({ ...prereg })),
      revokedCause,
    ],
    ['formatIssuePath path', 'path', () => formatIssuePath('X', throwingArray(['a']))],
    ['formatIssuePath revoked', 'path', () => formatIssuePath('X', revoked([])), revokedCause],
    [
      'ReportParseError issues',
      'issues',
      () => new ReportParseError('X', [throwing({ code: 'rule', path: [], message: 'm' }, 'message')]),
    ],
    ['ReportParseError revoked', 'issues', () => new ReportParseError('X', revoked([])), revokedCause],
    ['ReportParseError options', 'options', () => new ReportParseError('X', [], throwing({}, 'cause'))],
  ];
  it.each(cases)('%s', (_name, parameter, call, cause) => {
    expect(call).toThrow(unreadable(parameter, cause ?? boom));
  });
});

describe('a hash rejects an argument that throws when read, with the throw as cause', () => {
  const cases: Array<[string, string, () => Promise<unknown>, unknown?]> = [
    ['hashCorpus getter', 'documents', () => hashCorpus([throwing({ id: 'a', text: 'b' }, 'id')])],
    ['hashCorpus revoked', 'documents', () => hashCorpus(revoked([])), revokedCause],
    [
      'hashJudgments getter',
      'judgments',
      () => hashJudgments([throwing({ queryId: 'q', query: 'x', gold: [] }, 'gold')]),
    ],
    ['hashJudgments revoked', 'judgments', () => hashJudgments(revoked([])), revokedCause],
    ['hashLabelSet revoked', 'set', () => hashLabelSet(revoked(sampleLabelSetWithoutHash())), revokedCause],
    ['checkLabelSetHash revoked', 'set', () => checkLabelSetHash(bad(revoked({}))), revokedCause],
    [
      'hashPreregistration revoked',
      'preregistration',
      () => hashPreregistration(revoked(samplePreregistration())),
      revokedCause,
    ],
  ];
  it.each(cases)('%s', async (_name, parameter, call, cause) => {
    await expect(call()).rejects.toThrow(unreadable(parameter, cause ?? boom));
  });
});

describe('a thrown value that is itself hostile', () => {
  it('is the cause, even a revoked proxy whose prototype cannot be read', () => {
    const thrown = revoked({});
    const pairGetter = Object.defineProperty({ judge: true }, 'human', {
      get: () => {
        throw thrown;
      },
    });
    let error: unknown;
    try {
      agreementRate(bad([pairGetter]));
    } catch (caught) {
      error = caught;
    }
    // Compared by hand: a matcher would read the revoked proxy and throw.
    expect(InvalidArgumentError.isInstance(error)).toBe(true);
    expect((error as InvalidArgumentError).parameter).toBe('pairs');
    expect((error as InvalidArgumentError).cause === thrown).toBe(true);
  });
});

describe('the checks inside the reading keep their own error', () => {
  it('names the element, not the argument, for a bad but readable element', () => {
    expect(() => agreementRate(bad([{ human: 1, judge: true }]))).toThrow(
      expect.objectContaining({ parameter: 'pairs[0]' }),
    );
    expect(() => countEchoCases(bad([{ outcome: 'lost', leaked: false }]))).toThrow(
      expect.objectContaining({ parameter: 'cases[0].outcome' }),
    );
  });
});

describe('options', () => {
  it('ReportParseError refuses an unknown option key, as every function taking options does (ADR 0051)', () => {
    expect(() => new ReportParseError('X', [], bad({ caus: boom }))).toThrow(
      expect.objectContaining({ code: 'invalid_argument', parameter: 'options.caus' }),
    );
    expect(new ReportParseError('X', [], { cause: boom }).cause).toBe(boom);
  });
});

describe('a value that cannot be read is described, never read, in the refusal', () => {
  // The refusal path itself used to throw the TypeError: describing a revoked proxy read it.
  it.each([
    ['precision, a revoked class', 'verdictClass', () => precision(bad([]), bad(revoked({})))],
    ['recall, a revoked class', 'verdictClass', () => recall(bad([]), bad(revoked([])))],
  ])('%s', (_name, parameter, call) => {
    expect(call).toThrow(
      expect.objectContaining({
        code: 'invalid_argument',
        parameter,
        message: expect.stringContaining('a value that cannot be read (a revoked proxy?)'),
      }),
    );
  });
});

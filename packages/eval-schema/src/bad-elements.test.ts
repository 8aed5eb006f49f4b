// The sweep in tests/bad-input.test.ts replaces whole arguments; these replace one element or field inside one.
import { describe, expect, it } from 'vitest';
import { sampleLabelSetWithoutHash, samplePreregistration } from './__fixtures__/reports.js';
import { agreementRate } from './agreement-rate.js';
import { summarizeCalibrationRows } from './calibration-report.js';
import { confusionMatrix } from './confusion-matrix.js';
import { countEchoCases } from './echo-report.js';
import { hashCorpus } from './hash-corpus.js';
import { hashJudgments } from './hash-judgments.js';
import { hashLabelSet } from './label-set.js';
import { ndcgAtK } from './ndcg-at-k.js';
import { hashPreregistration } from './preregistration.js';
import { recallAtK, reciprocalRank } from './ranking-metrics.js';
import { ReportParseError } from './report-parse-error.js';
import { countSynthesisRows } from './synthesis-report.js';

const refused = (parameter: string) => expect.objectContaining({ code: 'invalid_argument', parameter });
const bad = <T>(value: unknown): T => value as T;

describe('a bad element inside an argument is refused by its path', () => {
  it('in the counting and metric functions', () => {
    expect(() => countEchoCases(bad([{ outcome: 'grounded', leaked: false }, null]))).toThrow(
      refused('cases[1]'),
    );
    expect(() => countEchoCases(bad([{ outcome: 'lost', leaked: false }]))).toThrow(
      refused('cases[0].outcome'),
    );
    const row = { queryId: 'q', status: 'answered', claimsWritten: 2, claimsAccepted: 1 };
    expect(() => countSynthesisRows(bad([{ ...row, status: 'x' }]))).toThrow(refused('rows[0].status'));
    expect(() => countSynthesisRows(bad([{ ...row, claimsWritten: -1 }]))).toThrow(
      refused('rows[0].claimsWritten'),
    );
    expect(() => countSynthesisRows(bad([{ ...row, verdict: 'yes' }]))).toThrow(refused('rows[0].verdict'));
    expect(() => confusionMatrix(bad([{ human: 1, judge: true }]))).toThrow(refused('pairs[0]'));
    expect(() => agreementRate(bad([{ human: true }]))).toThrow(refused('pairs[0]'));
    expect(() => recallAtK(bad(['a', 1]), ['a'], 1)).toThrow(refused('ranked'));
    expect(() => reciprocalRank(['a'], bad(new Map([['a', 1]])))).toThrow(refused('relevant'));
    expect(() => reciprocalRank(['a'], bad('a'))).toThrow(refused('relevant'));
    expect(reciprocalRank(['b', 'a'], new Set(['a']))).toBe(0.5);
    expect(() => ndcgAtK(['a'], bad(new Map([[1, 1]])), 1)).toThrow(refused('gains'));
    const prereg = samplePreregistration();
    const calibration = [{ itemId: 'a', human: true, judge: null }];
    expect(summarizeCalibrationRows(calibration, prereg).judgeErrors).toBe(1);
    expect(() => summarizeCalibrationRows(bad([{ itemId: 'a', human: true }]), prereg)).toThrow(
      refused('rows[0]'),
    );
    const metric = bad<typeof prereg.metric>('accuracy');
    expect(() => summarizeCalibrationRows(calibration, { ...prereg, metric })).toThrow(
      refused('preregistration'),
    );
    expect(() => summarizeCalibrationRows(calibration, { ...prereg, threshold: 2 })).toThrow(
      refused('preregistration'),
    );
  });

  it('in the hashes, naming the field that is no JSON value', async () => {
    const set = sampleLabelSetWithoutHash();
    await expect(hashLabelSet({ ...set, items: bad([null]) })).rejects.toThrow(refused('set.items[0].id'));
    await expect(hashLabelSet({ ...set, rubric: bad(10n) })).rejects.toThrow(refused('set.rubric'));
    await expect(hashPreregistration({ ...samplePreregistration(), threshold: Number.NaN })).rejects.toThrow(
      refused('preregistration.threshold'),
    );
    await expect(hashCorpus(bad([null]))).rejects.toThrow(refused('documents[0]'));
    const judgment = { queryId: 'q', query: 'x', gold: [{ documentId: 'd', start: 0, end: 1 }] };
    await expect(hashJudgments([{ ...judgment, queryId: bad(1) }])).rejects.toThrow(
      refused('judgments[0].queryId'),
    );
    await expect(hashJudgments([{ ...judgment, gold: bad([null]) }])).rejects.toThrow(
      refused('judgments[0].gold[0].documentId'),
    );
  });

  it('in a ReportParseError built by hand', () => {
    expect(() => new ReportParseError('LabelSet', bad([{ code: 'rule', message: 'x' }]))).toThrow(
      refused('issues'),
    );
    expect(
      new ReportParseError('LabelSet', [{ code: 'rule', path: ['items', 0], message: 'x' }]).message,
    ).toBe('LabelSet.items[0]: x');
  });
});

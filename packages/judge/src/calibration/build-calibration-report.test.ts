import { InvalidArgumentError } from '@gk/internal';
import { describe, expect, it } from 'vitest';
import { licenceLabelSet } from '../__fixtures__/label-set.js';
import { buildCalibrationReport, type CalibrationOutcome } from './build-calibration-report.js';
import { preregister } from './preregister.js';

const judge = { provider: 'scripted', modelId: 'scripted-judge', promptHash: 'e'.repeat(64) };
const preregistration = preregister({
  id: 'p1',
  metric: 'recall_unfaithful',
  threshold: 0.75,
  judge,
  labelSetHash: licenceLabelSet.hash,
  createdAt: new Date('2026-11-30T05:00:00.000Z'),
});
const measuredAt = new Date('2026-11-30T05:30:00.000Z');

function outcomesFrom(
  judgeSays: (faithful: boolean, index: number) => boolean | 'error',
): CalibrationOutcome[] {
  return licenceLabelSet.items.map((item, index) => {
    const says = judgeSays(item.faithful, index);
    if (says === 'error') return { itemId: item.id, error: { code: 'trailing_content' } };
    return {
      itemId: item.id,
      verdict: { faithful: says, unsupportedClaims: says ? [] : ['claim'], reasoning: 'r' },
    };
  });
}

/** The report of `outcomes` over the licence label set, as pre-registered. */
const build = (outcomes: CalibrationOutcome[]) =>
  buildCalibrationReport({ labelSet: licenceLabelSet, preregistration, judge, outcomes, measuredAt });

describe('buildCalibrationReport', () => {
  it('computes the pre-registered metric from the outcomes (hand-checked: 3 of 4 unfaithful caught)', async () => {
    let unfaithfulSeen = 0;
    const outcomes = outcomesFrom((human) => (human ? true : ++unfaithfulSeen === 1));
    const result = await build(outcomes);
    if (!result.success) throw new Error(result.error.message);
    const report = result.data;
    expect(report.confusionMatrix).toEqual({
      truePositive: 16,
      falsePositive: 1,
      falseNegative: 0,
      trueNegative: 3,
    });
    expect(report.recall).toEqual({ faithful: 1, unfaithful: 0.75 });
    expect(report.precision).toEqual({ faithful: 16 / 17, unfaithful: 1 });
    expect(report.agreementRate).toBe(19 / 20);
    expect(report.outcome).toEqual({ value: 0.75, met: true });
    expect(report.disagreements.map((d) => d.itemId)).toEqual(['apache-changelog']);
    expect(report.preregistration).toEqual(preregistration);
    expect(report.measuredAt).toBe('2026-11-30T05:30:00.000Z');
  });

  it('keeps item order of the label set whatever the outcome order', async () => {
    const outcomes = outcomesFrom((human) => human).reverse();
    const result = await build(outcomes);
    expect(result.success && result.data.rows.map((row) => row.itemId)).toEqual(
      licenceLabelSet.items.map((item) => item.id),
    );
  });

  it('returns a null rate instead of NaN when every outcome is a judge error', async () => {
    const outcomes = outcomesFrom(() => 'error');
    const result = await build(outcomes);
    if (!result.success) throw new Error(result.error.message);
    expect(result.data.judgeErrors).toBe(20);
    expect(result.data.agreementRate).toBeNull();
    expect(result.data.outcome).toEqual({ value: null, met: false });
  });

  it('refuses outcomes that do not match the label set one for one', async () => {
    const outcomes = outcomesFrom((human) => human);
    const broken = [...outcomes.slice(1), outcomes[2]!, { itemId: '__proto__', error: { code: 'schema' } }];
    const result = await build(broken);
    if (result.success) throw new Error('expected a refusal');
    expect(result.error).toMatchObject({
      code: 'invalid_outcomes',
      message:
        'The outcomes do not match the label set item for item (3: duplicate_item, unknown_item, missing_item).',
    });
    expect(
      result.error.code === 'invalid_outcomes' && result.error.problems.map((p) => [p.code, p.itemId]),
    ).toEqual([
      ['duplicate_item', outcomes[2]!.itemId],
      ['unknown_item', '__proto__'],
      ['missing_item', outcomes[0]!.itemId],
    ]);
  });

  it('refuses a measurement for a judge other than the pre-registered one', async () => {
    const result = await buildCalibrationReport({
      labelSet: licenceLabelSet,
      preregistration,
      judge: { ...judge, promptHash: 'f'.repeat(64) },
      outcomes: outcomesFrom((human) => human),
      measuredAt,
    });
    expect(result).toEqual({
      success: false,
      error: {
        code: 'not_preregistered',
        message: 'The measurement does not count as pre-registered (other_prompt).',
        problems: [expect.objectContaining({ code: 'other_prompt' })],
      },
    });
  });

  it('refuses a malformed outcome with an InvalidArgumentError naming it, before anything else', async () => {
    const verdict = { faithful: false, unsupportedClaims: ['c'], reasoning: 'r' };
    const cases: Array<[unknown, string]> = [
      [{}, 'options.outcomes[1]'],
      [{ verdict, error: { code: 'schema' } }, 'options.outcomes[1]'],
      [{ error: null }, 'options.outcomes[1].error'],
      [{ error: { code: 42 } }, 'options.outcomes[1].error.code'],
      [{ error: { code: '' } }, 'options.outcomes[1].error.code'],
      [{ error: { code: '\u200b ' } }, 'options.outcomes[1].error.code'],
      [{ verdict: null }, 'options.outcomes[1].verdict'],
      [{ verdict: [] }, 'options.outcomes[1].verdict'],
      [{ verdict: { ...verdict, faithful: 'false' } }, 'options.outcomes[1].verdict.faithful'],
      [{ verdict: { ...verdict, reasoning: 7 } }, 'options.outcomes[1].verdict.reasoning'],
      [{ verdict: { ...verdict, score: 0.7 } }, 'options.outcomes[1].verdict'],
    ];
    for (const [outcome, parameter] of cases) {
      const outcomes = outcomesFrom((human) => human);
      outcomes[1] = { itemId: outcomes[1]!.itemId, ...(outcome as object) } as CalibrationOutcome;
      const built = build(outcomes);
      await expect(built).rejects.toEqual(expect.any(InvalidArgumentError));
      await expect(built).rejects.toMatchObject({ code: 'invalid_argument', parameter });
    }
    // A hole in a sparse array is no outcome either.
    const sparse = outcomesFrom((human) => human);
    delete sparse[3];
    await expect(build(sparse)).rejects.toMatchObject({
      code: 'invalid_argument',
      parameter: 'options.outcomes[3]',
    });
  });

  it("holds each verdict to judgeFaithfulness's rule (verdictSchema): consistent, with visible reasoning and claims", async () => {
    const cases: Array<[Extract<CalibrationOutcome, { verdict: unknown }>['verdict'], string, string]> = [
      [
        { faithful: true, unsupportedClaims: ['x'], reasoning: 'r' },
        'options.outcomes[0].verdict.unsupportedClaims',
        'a faithful verdict must not list unsupported claims',
      ],
      [
        { faithful: false, unsupportedClaims: [], reasoning: 'r' },
        'options.outcomes[0].verdict.unsupportedClaims',
        'an unfaithful verdict must list at least one unsupported claim',
      ],
      [
        { faithful: true, unsupportedClaims: [], reasoning: ' \u00ad' },
        'options.outcomes[0].verdict.reasoning',
        'reasoning must contain visible text',
      ],
      [
        { faithful: false, unsupportedClaims: ['\n'], reasoning: 'r' },
        'options.outcomes[0].verdict.unsupportedClaims[0]',
        'an unsupported claim must contain visible text',
      ],
    ];
    for (const [verdict, parameter, rule] of cases) {
      const outcomes = outcomesFrom((human) => human);
      outcomes[0] = { itemId: outcomes[0]!.itemId, verdict };
      const built = build(outcomes);
      await expect(built).rejects.toMatchObject({ code: 'invalid_argument', parameter });
      await expect(built).rejects.toThrow(`expected a verdict judgeFaithfulness would accept (${rule})`);
    }
    // What judgeFaithfulness returns and what it raises both pass: a frozen verdict and a JudgeError-like error.
    const outcomes = outcomesFrom((human) => human);
    outcomes[0] = {
      itemId: outcomes[0]!.itemId,
      verdict: Object.freeze({ faithful: true, unsupportedClaims: Object.freeze([]), reasoning: 'r' }),
    };
    outcomes[1] = { itemId: outcomes[1]!.itemId, error: Object.assign(new Error('m'), { code: 'not_json' }) };
    const result = await build(outcomes);
    expect(result.success && result.data.rows.slice(0, 2)).toEqual([
      { itemId: outcomes[0].itemId, human: true, judge: true },
      { itemId: outcomes[1].itemId, human: true, judge: null, errorCode: 'not_json' },
    ]);
  });
});

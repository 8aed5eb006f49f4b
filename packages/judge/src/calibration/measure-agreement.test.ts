import { CalibrationReport } from '@gk/eval-schema';
import { createLabelSet } from './create-label-set.js';
import { InvalidArgumentError } from '@gk/internal';
import { APICallError } from 'ai';
import { describe, expect, it } from 'vitest';
import { copyLabelSet, licenceLabelSet } from '../__fixtures__/label-set.js';
import { judgeOverLabelSet } from '../__fixtures__/verdicts.js';
import { describeJudge } from '../faithfulness/describe-judge.js';
import { measureAgreement } from './measure-agreement.js';
import { preregister } from './preregister.js';
import { scriptedJudge } from '../faithfulness/scripted-judge.js';

const writtenAt = new Date('2026-11-30T05:00:00.000Z');
const measuredAt = new Date('2026-11-30T06:00:00.000Z');

describe('measureAgreement', () => {
  async function attempt(preregistration: unknown, labelSet: unknown = licenceLabelSet) {
    const model = judgeOverLabelSet(licenceLabelSet, () => 'faithful');
    const result = await measureAgreement({ model, labelSet, preregistration, measuredAt });
    return { result, calls: model.doGenerateCalls.length, judge: await describeJudge({ model }) };
  }
  const registration = async (overrides: Partial<Parameters<typeof preregister>[0]> = {}) => {
    const judge = await describeJudge({ model: judgeOverLabelSet(licenceLabelSet, () => 'faithful') });
    return preregister({
      metric: 'agreement_rate',
      threshold: 0.9,
      judge,
      labelSetHash: licenceLabelSet.hash,
      createdAt: writtenAt,
      ...overrides,
    });
  };

  it('refuses to run without a pre-registration, before any model call', async () => {
    const { result, calls } = await attempt(undefined);
    expect(result).toEqual({
      success: false,
      error: {
        code: 'not_preregistered',
        message: 'The measurement does not count as pre-registered (missing).',
        problems: [expect.objectContaining({ code: 'missing' })],
      },
    });
    expect(calls).toBe(0);
  });

  it.each([
    ['after_measurement', { createdAt: new Date('2026-11-30T07:00:00.000Z') }],
    ['after_measurement', { createdAt: measuredAt }],
    ['other_label_set', { labelSetHash: 'a'.repeat(64) }],
  ])('reports %s as not pre-registered, before any model call', async (code, overrides) => {
    const { result, calls } = await attempt(await registration(overrides));
    expect(!result.success && result.error.code).toBe('not_preregistered');
    expect(!result.success && result.error.problems.map((p) => p.code)).toEqual([code]);
    expect(calls).toBe(0);
  });

  it('measures right after a pre-registration written in the same script, dating the measurement after it', async () => {
    // A review found 46 of 50 such runs refused: the record and a defaulted measuredAt fell in one millisecond.
    const model = judgeOverLabelSet(licenceLabelSet, () => 'faithful');
    const judge = await describeJudge({ model });
    for (let run = 0; run < 20; run++) {
      const preregistration = preregister({
        metric: 'agreement_rate',
        threshold: 0.5,
        judge,
        labelSetHash: licenceLabelSet.hash,
      });
      const result = await measureAgreement({ model, labelSet: licenceLabelSet, preregistration });
      if (!result.success) throw new Error(JSON.stringify(result.error.problems));
      expect(Date.parse(result.data.report.measuredAt)).toBeGreaterThan(
        Date.parse(preregistration.createdAt),
      );
      expect(Date.parse(result.data.report.measuredAt)).toBeLessThanOrEqual(Date.now());
    }
  });

  it('never waits for a record dated later than the call: it stays after_measurement', async () => {
    const model = judgeOverLabelSet(licenceLabelSet, () => 'faithful');
    const preregistration = await registration({ createdAt: new Date(Date.now() + 60_000) });
    // A wait for the record's date would outlast the test's timeout (60 s against 30 s).
    const result = await measureAgreement({ model, labelSet: licenceLabelSet, preregistration });
    expect(!result.success && result.error.problems.map((p) => p.code)).toEqual(['after_measurement']);
    expect(model.doGenerateCalls.length).toBe(0);
  });

  it('refuses a pre-registration older than the label set it names, before any model call', async () => {
    // The labels were frozen (or re-frozen) after the record claims to have named them by hash: after it, after the
    // measurement, or in the future.
    for (const frozen of [
      '2026-11-30T05:00:00.001Z',
      '2026-11-30T06:30:00.000Z',
      '2099-01-01T00:00:00.000Z',
    ]) {
      const late = await createLabelSet({
        name: 'late',
        items: licenceLabelSet.items,
        createdAt: new Date(frozen),
      });
      const model = judgeOverLabelSet(licenceLabelSet, () => 'faithful');
      const preregistration = await registration({ labelSetHash: late.hash });
      const result = await measureAgreement({ model, labelSet: late, preregistration, measuredAt });
      expect(!result.success && result.error.problems.map((p) => p.code)).toEqual(['before_label_set']);
      expect(model.doGenerateCalls.length).toBe(0);
    }
  });

  it('reports a pre-registration for another model or prompt as not pre-registered', async () => {
    const base = await registration();
    const otherModel = { ...base, judge: { ...base.judge, modelId: 'gpt-other' } };
    const otherPrompt = { ...base, judge: { ...base.judge, promptHash: 'b'.repeat(64) } };
    for (const [record, code] of [
      [otherModel, 'other_model'],
      [otherPrompt, 'other_prompt'],
    ] as const) {
      const { result, calls } = await attempt(record);
      expect(!result.success && result.error.problems.map((p) => p.code)).toEqual([code]);
      expect(calls).toBe(0);
    }
  });

  it('refuses a malformed pre-registration, a score field included', async () => {
    const base = await registration();
    for (const record of [{ ...base, score: 0.9 }, { ...base, threshold: 1.5 }, '{"schemaVersion":2}', 42]) {
      const { result, calls } = await attempt(record);
      expect(
        !result.success && result.error.code === 'not_preregistered' && result.error.problems[0]!.code,
      ).toBe('invalid');
      expect(calls).toBe(0);
    }
  });

  it('refuses a label set edited after hashing, before any model call', async () => {
    const tampered = copyLabelSet();
    tampered.items[6]!.faithful = true;
    const { result, calls } = await attempt(await registration(), tampered);
    expect(result).toEqual({
      success: false,
      error: expect.objectContaining({
        code: 'invalid_label_set',
        problems: [expect.objectContaining({ code: 'hash_mismatch' })],
      }),
    });
    expect(calls).toBe(0);
  });

  it('refuses a label set with a passage the judge cannot be shown, before any model call', async () => {
    // One passage end off by 5: formatSources would throw after 19 paid calls. The label set's own schema
    // refuses it now (LabelledPassage requires end - start === text.length), so no label set holds it.
    const items = structuredClone(licenceLabelSet.items);
    items[items.length - 1]!.passages[0]!.end += 5;
    await expect(createLabelSet({ name: 'offset typo', items, createdAt: writtenAt })).rejects.toMatchObject({
      name: 'ReportParseError',
      message: expect.stringContaining('expected end - start to equal text.length (675), received 680'),
    });
  });

  it('refuses labels made under a rubric the judge prompt does not contain', async () => {
    const model = judgeOverLabelSet(licenceLabelSet, () => 'faithful');
    const prompt = {
      system: 'Is every claim supported? Reply in JSON.',
      user: 'Sources:\n{{sources}}\nAnswer:\n{{answer}}',
    };
    const judge = await describeJudge({ model, prompt });
    const preregistration = preregister({
      metric: 'agreement_rate',
      threshold: 0.9,
      judge,
      labelSetHash: licenceLabelSet.hash,
      createdAt: writtenAt,
    });
    const result = await measureAgreement({
      model,
      prompt,
      labelSet: licenceLabelSet,
      preregistration,
      measuredAt,
    });
    expect(result).toEqual({
      success: false,
      error: expect.objectContaining({
        code: 'invalid_label_set',
        problems: [expect.objectContaining({ code: 'rubric_not_in_prompt' })],
      }),
    });
    expect(model.doGenerateCalls).toHaveLength(0);
  });

  it('lets an AI SDK error abort the run unchanged instead of counting it as a verdict', async () => {
    const apiError = new APICallError({
      message: 'server error',
      url: 'http://127.0.0.1/v1/responses',
      requestBodyValues: {},
      statusCode: 500,
    });
    let calls = 0;
    const model = scriptedJudge({
      respond: () => {
        calls += 1;
        if (calls === 3) throw apiError;
        return '{"faithful":true,"unsupportedClaims":[],"reasoning":"ok"}';
      },
    });
    const preregistration = preregister({
      metric: 'agreement_rate',
      threshold: 0.9,
      judge: await describeJudge({ model }),
      labelSetHash: licenceLabelSet.hash,
      createdAt: writtenAt,
    });
    await expect(
      measureAgreement({ model, labelSet: licenceLabelSet, preregistration, measuredAt }),
    ).rejects.toBe(apiError);
    expect(calls).toBe(3);
  });

  it('writes a report that its own schema accepts and that records judge identity and prompt hash', async () => {
    const { result, judge } = await attempt(await registration());
    if (!result.success) throw new Error(result.error.message);
    const { report, outcomes } = result.data;
    expect(CalibrationReport.safeParse(report).success).toBe(true);
    expect(report.judge).toEqual(judge);
    expect(report.labelSetHash).toBe(licenceLabelSet.hash);
    expect(report.outcome).toEqual({ value: 0.8, met: false });
    expect(outcomes).toHaveLength(20);
  });

  it('resolves a model id once for the whole run, not once per item', async () => {
    const model = judgeOverLabelSet(licenceLabelSet, () => 'faithful');
    const requested: string[] = [];
    const global = globalThis as { AI_SDK_DEFAULT_PROVIDER?: unknown };
    const previous = global.AI_SDK_DEFAULT_PROVIDER;
    global.AI_SDK_DEFAULT_PROVIDER = {
      languageModel: (id: string) => {
        requested.push(id);
        return model;
      },
    };
    try {
      const result = await measureAgreement({
        model: 'registry/judge',
        labelSet: licenceLabelSet,
        preregistration: await registration(),
        measuredAt,
      });
      expect(result.success).toBe(true);
      expect(requested).toEqual(['registry/judge']);
      expect(model.doGenerateCalls).toHaveLength(licenceLabelSet.items.length);
    } finally {
      global.AI_SDK_DEFAULT_PROVIDER = previous;
    }
  });

  it('refuses an unusable prompt with an InvalidArgumentError before reading the label set', async () => {
    const model = judgeOverLabelSet(licenceLabelSet, () => 'faithful');
    const error = await measureAgreement({
      model,
      prompt: { system: '', user: 'no slots' },
      labelSet: licenceLabelSet,
      preregistration: await registration(),
    }).catch((caught: unknown) => caught);
    expect(error).toEqual(expect.any(InvalidArgumentError));
    expect((error as InvalidArgumentError).parameter).toBe('options.prompt');
    expect(model.doGenerateCalls).toHaveLength(0);
  });
});

describe('measureAgreement options', () => {
  it('refuses, before any model call, a key that is neither its own option nor an AI SDK call setting', async () => {
    let calls = 0;
    const model = judgeOverLabelSet(licenceLabelSet, () => {
      calls++;
      return 'faithful';
    });
    const judge = await describeJudge({ model });
    const preregistration = await preregister({
      metric: 'agreement_rate',
      threshold: 0.9,
      judge,
      labelSetHash: licenceLabelSet.hash,
      createdAt: writtenAt,
    });
    for (const key of ['tools', 'stopWhen', 'experimental_output']) {
      const run = measureAgreement({
        model,
        labelSet: licenceLabelSet,
        preregistration,
        measuredAt,
        [key]: {},
      } as never);
      await expect(run).rejects.toSatisfy((error) => InvalidArgumentError.isInstance(error));
      await expect(run).rejects.toMatchObject({ parameter: `options.${key}` });
    }
    expect(calls).toBe(0);
  });
});

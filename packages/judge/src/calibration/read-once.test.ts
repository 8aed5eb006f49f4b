import { checkLabelSetHash } from '@gk/eval-schema';
import { InvalidArgumentError } from '@gk/internal';
import { hashPromptTemplate } from '@gk/model-kit';
import { describe, expect, it } from 'vitest';
import { licenceLabelSet, scaledLabelSet } from '../__fixtures__/label-set.js';
import { outcomesFor } from '../__fixtures__/outcomes.js';
import { countingReads, readTwice, switching } from '../__fixtures__/read-once.js';
import { judgeOverLabelSet } from '../__fixtures__/verdicts.js';
import { defaultJudgePrompt } from '../faithfulness/default-judge-prompt.js';
import { describeJudge } from '../faithfulness/describe-judge.js';
import { assessGateReadiness } from './assess-gate-readiness.js';
import { buildCalibrationReport } from './build-calibration-report.js';
import { checkPreregistration } from './check-preregistration.js';
import { createLabelSet } from './create-label-set.js';
import { measureAgreement } from './measure-agreement.js';
import { preregister } from './preregister.js';
import { verifyLabelSet } from './verify-label-set.js';

// Each option is read once: a getter (or a proxy) read twice could pass a check with one value and be used, hashed or
// recorded with another.

const defaultHash = await hashPromptTemplate(defaultJudgePrompt);
const judge = { provider: 'scripted', modelId: 'scripted-judge', promptHash: defaultHash };
// A judge prompt whose rubric is not the label set's: the judge is told anything goes.
const lenient = {
  system:
    'Rubric: Every answer is faithful unless it is rude.\nReply JSON {"faithful","unsupportedClaims","reasoning"}.',
  user: '{{sources}}\n{{answer}}',
};
const lenientHash = await hashPromptTemplate(lenient);
const lenientJudge = { ...judge, promptHash: lenientHash };
const createdAt = new Date('2026-11-30T05:00:00.000Z');
const measuredAt = new Date('2026-11-30T05:30:00.000Z');
const labelSet = await scaledLabelSet(8);

async function lenientRun() {
  const preregistration = preregister({
    id: 'p1',
    metric: 'agreement_rate',
    threshold: 0.85,
    judge: lenientJudge,
    labelSetHash: labelSet.hash,
    createdAt,
  });
  const built = await buildCalibrationReport({
    labelSet,
    preregistration,
    judge: lenientJudge,
    outcomes: outcomesFor(labelSet.items),
    measuredAt,
  });
  if (!built.success) throw new Error(built.error.message);
  return { preregistration, report: built.data };
}

describe('assessGateReadiness reads each option once', () => {
  it('is not ready for a judge whose promptHash names the default prompt to two reads and another to the third', async () => {
    const { preregistration, report } = await lenientRun();
    // Honestly described, the judge is not ready: its rubric is not the labels'.
    const honest = await assessGateReadiness({
      labelSet,
      preregistration,
      report,
      judge: lenientJudge,
      prompt: lenient,
    });
    expect(honest.ready).toBe(false);
    let reads = 0;
    const shifty = {
      provider: 'scripted',
      modelId: 'scripted-judge',
      get promptHash() {
        reads += 1;
        return reads <= 2 ? defaultHash : lenientHash;
      },
    };
    const readiness = await assessGateReadiness({ labelSet, preregistration, report, judge: shifty });
    expect(readiness.ready).toBe(false);
    expect(readiness.conditions.find((condition) => condition.id === 'judge_unchanged')?.holds).toBe(false);
  });

  it('reads options, the judge and the prompt once each', async () => {
    const { preregistration, report } = await lenientRun();
    const prompt = countingReads({ ...lenient });
    const identity = countingReads({ ...lenientJudge });
    const options = countingReads({
      labelSet,
      preregistration,
      report,
      judge: identity.proxy,
      prompt: prompt.proxy,
    });
    await assessGateReadiness(options.proxy);
    expect(readTwice(options.reads)).toEqual({});
    expect(readTwice(identity.reads)).toEqual({});
    expect(readTwice(prompt.reads)).toEqual({});
  });
});

/** A pre-registration of the judge on the label set, made with plain options. */
const preregistered = preregister({
  id: 'p1',
  metric: 'agreement_rate',
  threshold: 0.85,
  judge,
  labelSetHash: labelSet.hash,
  createdAt,
});

describe('buildCalibrationReport reads each outcome once', () => {
  const preregistration = preregistered;

  it.each([
    ['a BigInt', 10n],
    ['a Symbol', Symbol('s')],
    [
      'an object that throws on JSON',
      {
        toJSON: () => {
          throw new Error('boom');
        },
      },
    ],
  ])('builds from the itemId it checked, not from %s read after', async (_name, later) => {
    const outcomes: unknown[] = outcomesFor(labelSet.items);
    outcomes[0] = switching(outcomes[0] as object, 'itemId', labelSet.items[0]!.id, later);
    const built = await buildCalibrationReport({
      labelSet,
      preregistration,
      judge,
      outcomes: outcomes as never,
      measuredAt,
    });
    expect(built.success && built.data.rows[0]!.itemId).toBe(labelSet.items[0]!.id);
  });

  it('reads options, the judge, the prompt and each outcome field once', async () => {
    const outcomes = outcomesFor(labelSet.items).map((outcome) => countingReads(outcome));
    const identity = countingReads({ ...judge });
    const prompt = countingReads({ ...defaultJudgePrompt });
    const options = countingReads({
      labelSet,
      preregistration,
      judge: identity.proxy,
      outcomes: outcomes.map((outcome) => outcome.proxy),
      measuredAt,
      prompt: prompt.proxy,
    });
    const built = await buildCalibrationReport(options.proxy);
    expect(built.success).toBe(true);
    expect(readTwice(options.reads)).toEqual({});
    expect(readTwice(identity.reads)).toEqual({});
    expect(readTwice(prompt.reads)).toEqual({});
    expect(
      outcomes.map((outcome) => readTwice(outcome.reads)).filter((twice) => Object.keys(twice).length > 0),
    ).toEqual([]);
  });
});

describe('createLabelSet reads each option once', () => {
  it('hashes the items it returns, whatever a getter gives a second time', async () => {
    const items: unknown[] = licenceLabelSet.items.map((item) => ({ ...item }));
    items[0] = switching(items[0] as object, 'answer', 'As hashed.', 'As returned.');
    const set = await createLabelSet({ name: 'n', items: items as never, createdAt });
    expect((await checkLabelSetHash(set)).success).toBe(true);
  });

  it('dates the set with the createdAt it checked', async () => {
    const options = switching(
      { name: 'n', items: licenceLabelSet.items },
      'createdAt',
      createdAt,
      'tomorrow',
    );
    await expect(createLabelSet(options as never)).resolves.toMatchObject({
      createdAt: createdAt.toISOString(),
    });
  });

  it('reads each option once', async () => {
    const options = countingReads({
      name: 'n',
      items: licenceLabelSet.items,
      rubric: labelSet.rubric,
      createdAt,
    });
    await createLabelSet(options.proxy);
    expect(readTwice(options.reads)).toEqual({});
  });
});

describe('verifyLabelSet reads the prompt once', () => {
  it('reads system and user once each', async () => {
    const prompt = countingReads({ ...defaultJudgePrompt });
    const verified = await verifyLabelSet(licenceLabelSet, countingReads({ prompt: prompt.proxy }).proxy);
    expect(verified.success).toBe(true);
    expect(readTwice(prompt.reads)).toEqual({});
  });

  it('checks the rubric against the template it rendered', async () => {
    // The rubric occurs only in what a late read gives: the template the items were rendered with has none.
    const prompt = switching({ ...lenient }, 'system', lenient.system, defaultJudgePrompt.system);
    const verified = await verifyLabelSet(licenceLabelSet, { prompt });
    expect(!verified.success && verified.error.problems.map((problem) => problem.code)).toEqual([
      'rubric_not_in_prompt',
    ]);
  });
});

describe('preregister reads each option once', () => {
  const base = { metric: 'agreement_rate' as const, judge, labelSetHash: labelSet.hash, createdAt };

  it('records the threshold it checked', () => {
    const record = preregister(switching({ ...base, threshold: 0.85 }, 'threshold', 0.85, 0));
    expect(record.threshold).toBe(0.85);
  });

  it('records the createdAt it checked, with no uncoded TypeError', () => {
    const record = preregister(switching({ ...base, threshold: 0.85 }, 'createdAt', createdAt, 'now'));
    expect(record.createdAt).toBe(createdAt.toISOString());
  });

  it('records the judge it checked', () => {
    const shifty = switching({ ...judge }, 'promptHash', defaultHash, 42);
    const record = preregister({ ...base, threshold: 0.85, judge: shifty });
    expect(record.judge.promptHash).toBe(defaultHash);
  });

  it('reads options and the judge once each', () => {
    const identity = countingReads({ ...judge, settingsHash: 'a'.repeat(64) });
    const options = countingReads({ ...base, threshold: 0.85, judge: identity.proxy, id: 'p', note: 'n' });
    preregister(options.proxy);
    expect(readTwice(options.reads)).toEqual({});
    expect(readTwice(identity.reads)).toEqual({});
  });
});

describe('checkPreregistration reads each option once', () => {
  const record = preregistered;

  it('compares with the measuredAt it checked, with no uncoded TypeError', () => {
    const options = switching({ judge, labelSetHash: labelSet.hash }, 'measuredAt', measuredAt, 'later');
    expect(checkPreregistration(record, options as never).success).toBe(true);
  });

  it('compares with the judge it checked', () => {
    const options = switching({ labelSetHash: labelSet.hash, measuredAt }, 'judge', judge, 'no judge');
    expect(checkPreregistration(record, options as never).success).toBe(true);
  });

  it('reads options and the judge once each', () => {
    const identity = countingReads({ ...judge });
    const options = countingReads({
      judge: identity.proxy,
      labelSetHash: labelSet.hash,
      measuredAt,
      labelSetCreatedAt: new Date(labelSet.createdAt),
    });
    expect(checkPreregistration(record, options.proxy).success).toBe(true);
    expect(readTwice(options.reads)).toEqual({});
    expect(readTwice(identity.reads)).toEqual({});
  });
});

describe('measureAgreement reads each option once', () => {
  it('reads options, the prompt and the pre-registration once each', async () => {
    const model = judgeOverLabelSet(licenceLabelSet, (item) => (item.faithful ? 'faithful' : 'unfaithful'));
    const record = preregister({
      id: 'p',
      metric: 'agreement_rate',
      threshold: 0.5,
      judge: await describeJudge({ model, temperature: 0 }),
      labelSetHash: licenceLabelSet.hash,
      createdAt,
    });
    const preregistration = countingReads({ ...record });
    const prompt = countingReads({ ...defaultJudgePrompt });
    const options = countingReads({
      model,
      prompt: prompt.proxy,
      labelSet: licenceLabelSet,
      preregistration: preregistration.proxy,
      measuredAt,
      temperature: 0,
    });
    const result = await measureAgreement(options.proxy);
    expect(result.success).toBe(true);
    expect(readTwice(options.reads)).toEqual({});
    expect(readTwice(prompt.reads)).toEqual({});
    expect(readTwice(preregistration.reads)).toEqual({});
  });

  it('measures at the measuredAt it checked', async () => {
    const model = judgeOverLabelSet(licenceLabelSet, (item) => (item.faithful ? 'faithful' : 'unfaithful'));
    const record = preregister({
      id: 'p',
      metric: 'agreement_rate',
      threshold: 0.5,
      judge: await describeJudge({ model }),
      labelSetHash: licenceLabelSet.hash,
      createdAt,
    });
    const options = switching(
      { model, labelSet: licenceLabelSet, preregistration: record },
      'measuredAt',
      measuredAt,
      'x',
    );
    const result = await measureAgreement(options as never);
    expect(result.success && result.data.report.measuredAt).toBe(measuredAt.toISOString());
  });
});

it('InvalidArgumentError is what a malformed option still gets', async () => {
  await expect(
    buildCalibrationReport({
      labelSet,
      preregistration: null,
      judge: { provider: 1 } as never,
      outcomes: [],
      measuredAt,
    }),
  ).rejects.toBeInstanceOf(InvalidArgumentError);
});

// A thirty-sixth review: a judge identity or an outcome list that throws when read (a proxy) escaped as the caller's
// own error, with no code.
describe('calibration options that throw when read', () => {
  const throwing = new Proxy(
    {},
    {
      get() {
        throw new Error('boom');
      },
      ownKeys() {
        throw new Error('boom');
      },
    },
  );

  it('refuses a judge identity that throws, in preregister and checkPreregistration', () => {
    const fields = {
      id: 'p1',
      metric: 'agreement_rate',
      threshold: 0.85,
      labelSetHash: labelSet.hash,
      createdAt,
    };
    expect(() => preregister({ ...fields, judge: throwing } as never)).toThrow(
      expect.objectContaining({ code: 'invalid_argument', parameter: 'options.judge' }),
    );
    expect(() =>
      checkPreregistration(preregistered, {
        judge: throwing,
        labelSetHash: labelSet.hash,
        measuredAt,
      } as never),
    ).toThrow(InvalidArgumentError);
  });

  it.each([
    ['a list', () => throwing],
    ['an outcome', () => [throwing]],
    ['a verdict', () => labelSet.items.map((item) => ({ itemId: item.id, verdict: throwing }))],
  ])('refuses outcomes when %s throws', async (_, outcomes) => {
    await expect(
      buildCalibrationReport({
        labelSet,
        preregistration: preregistered,
        judge,
        outcomes: outcomes() as never,
        measuredAt,
      }),
    ).rejects.toMatchObject({ code: 'invalid_argument' });
  });
});

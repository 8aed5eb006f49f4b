import { JudgeIdentity } from '@gk/eval-schema';
import { describe, expect, it } from 'vitest';
import { scaledLabelSet } from '../__fixtures__/label-set.js';
import { judgeOverLabelSet } from '../__fixtures__/verdicts.js';
import { describeJudge } from '../faithfulness/describe-judge.js';
import type { JudgeCallSettings } from '../faithfulness/hash-call-settings.js';
import { assessGateReadiness } from './assess-gate-readiness.js';
import { buildCalibrationReport } from './build-calibration-report.js';
import { checkPreregistration } from './check-preregistration.js';
import { measureAgreement } from './measure-agreement.js';
import { preregister } from './preregister.js';

// A judge is its model, its prompt and the call settings it is given: calibrated with one set, it is not the judge
// that runs with another.

const writtenAt = new Date('2026-11-30T05:00:00.000Z');
const measuredAt = new Date('2026-11-30T06:00:00.000Z');
// 128 faithful and 32 unfaithful distinct items: enough to gate.
const labelSet = await scaledLabelSet(8);
const model = () => judgeOverLabelSet(labelSet, (item) => (item.faithful ? 'faithful' : 'unfaithful'));

const otherSettings: Array<[string, JudgeCallSettings]> = [
  ['temperature 2', { temperature: 2 }],
  ['a 16-token limit', { maxOutputTokens: 16 }],
  ['topP', { topP: 0.1 }],
  ['topK', { topK: 1 }],
  ['a seed', { seed: 1 }],
  ['stop sequences', { stopSequences: ['}'] }],
  ['a frequency penalty', { frequencyPenalty: 0.5 }],
  ['a presence penalty', { presencePenalty: 0.5 }],
  ['a reasoning effort', { providerOptions: { openai: { reasoningEffort: 'minimal' } } }],
  ['a model-version header', { headers: { 'anthropic-version': '2023-01-01' } }],
];

/** A complete procedure for the judge with `settings`, as `measureAgreement` runs it. */
async function calibrate(settings: JudgeCallSettings = {}) {
  const judge = await describeJudge({ model: model(), ...settings });
  const preregistration = preregister({
    metric: 'agreement_rate',
    threshold: 0.85,
    judge,
    labelSetHash: labelSet.hash,
    createdAt: writtenAt,
  });
  const measured = await measureAgreement({
    model: model(),
    labelSet,
    preregistration,
    measuredAt,
    ...settings,
  });
  if (!measured.success) throw new Error(measured.error.message);
  return { judge, preregistration, report: measured.data.report };
}

// Most cases share one procedure for the provider's defaults.
const calibrated = await calibrate();

describe('a judge calibrated with one set of call settings', () => {
  it('is ready with exactly those settings', async () => {
    const { judge, preregistration, report } = calibrated;
    const readiness = await assessGateReadiness({ labelSet, preregistration, report, judge });
    expect(readiness.ready).toBe(true);
  });

  it.each(otherSettings)('is not the judge that gates with %s', async (_name, settings) => {
    const { preregistration, report } = calibrated;
    const gating = await describeJudge({ model: model(), ...settings });
    const readiness = await assessGateReadiness({ labelSet, preregistration, report, judge: gating });
    expect(readiness.conditions.filter((c) => !c.holds).map((c) => c.id)).toEqual(['judge_unchanged']);
    expect(readiness.conditions.find((c) => c.id === 'judge_unchanged')?.detail).toContain('call settings');
  });

  it.each(otherSettings)(
    'is not measured with %s under its pre-registration, before any model call',
    async (_name, settings) => {
      const { preregistration } = await calibrate();
      const run = model();
      const result = await measureAgreement({
        model: run,
        labelSet,
        preregistration,
        measuredAt,
        ...settings,
      });
      expect(!result.success && result.error.code === 'not_preregistered' && result.error.problems).toEqual([
        expect.objectContaining({ code: 'other_settings' }),
      ]);
      expect(run.doGenerateCalls).toHaveLength(0);
    },
  );

  it('has no report built for it from outcomes under a pre-registration of other settings', async () => {
    const { preregistration, report } = calibrated;
    const judge = await describeJudge({ model: model(), temperature: 0 });
    const outcomes = report.rows.map((row) => ({
      itemId: row.itemId,
      verdict: { faithful: row.human, unsupportedClaims: row.human ? [] : ['c'], reasoning: 'r' },
    }));
    const built = await buildCalibrationReport({ labelSet, preregistration, judge, outcomes, measuredAt });
    expect(!built.success && built.error.code === 'not_preregistered' && built.error.problems).toEqual([
      expect.objectContaining({ code: 'other_settings' }),
    ]);
    const checked = checkPreregistration(preregistration, { judge, labelSetHash: labelSet.hash, measuredAt });
    expect(!checked.success && checked.error.problems[0]?.message).toContain('(none: the provider defaults)');
  });
});

// Recording the settings in a pre-registration and a report needs `settingsHash` in `@gk/eval-schema`'s JudgeIdentity;
// until it is there, a judge with settings cannot be pre-registered at all, which fails closed.
const recordsSettings = JudgeIdentity.safeParse({
  provider: 'p',
  modelId: 'm',
  promptHash: 'a'.repeat(64),
  settingsHash: 'b'.repeat(64),
}).success;

describe.skipIf(!recordsSettings)('a judge calibrated with call settings recorded', () => {
  it('is ready with the same settings in any key order, and with no others', async () => {
    const settings = {
      temperature: 0,
      providerOptions: { openai: { reasoningEffort: 'low', store: false } },
    };
    const { judge, preregistration, report } = await calibrate(settings);
    expect(report.judge).toEqual(judge);
    expect(preregistration.judge).toEqual(judge);
    const reordered = await describeJudge({
      providerOptions: { openai: { store: false, reasoningEffort: 'low' } },
      model: model(),
      temperature: 0,
      maxRetries: 4,
    });
    expect((await assessGateReadiness({ labelSet, preregistration, report, judge: reordered })).ready).toBe(
      true,
    );
    for (const gating of [{}, { temperature: 0 }, { ...settings, temperature: 1 }]) {
      const judge = await describeJudge({ model: model(), ...gating });
      expect((await assessGateReadiness({ labelSet, preregistration, report, judge })).ready).toBe(false);
    }
  });
});

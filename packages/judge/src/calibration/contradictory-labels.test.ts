import type { LabelItem } from '@gk/eval-schema';
import { hashPromptTemplate } from '@gk/model-kit';
import { describe, expect, it } from 'vitest';
import { licenceLabelSet, scaledLabelSet } from '../__fixtures__/label-set.js';
import { outcomesFor } from '../__fixtures__/outcomes.js';
import { judgeOverLabelSet } from '../__fixtures__/verdicts.js';
import { defaultJudgePrompt } from '../faithfulness/default-judge-prompt.js';
import { describeJudge } from '../faithfulness/describe-judge.js';
import { assessGateReadiness } from './assess-gate-readiness.js';
import { buildCalibrationReport } from './build-calibration-report.js';
import { createLabelSet } from './create-label-set.js';
import { measureAgreement } from './measure-agreement.js';
import { preregister } from './preregister.js';
import { verifyLabelSet } from './verify-label-set.js';

// An item labelled both faithful and unfaithful has no truth a judge could agree with; counted in each class, 30
// such items looked like 30 of each. Verification refuses it, so readiness never counts it.

const createdAt = new Date('2026-11-29T00:00:00.000Z');
const writtenAt = new Date('2026-11-30T05:00:00.000Z');
const measuredAt = new Date('2026-11-30T06:00:00.000Z');
const judge = {
  provider: 'scripted',
  modelId: 'scripted-judge',
  promptHash: await hashPromptTemplate(defaultJudgePrompt),
};
const faithful = (await scaledLabelSet(2)).items.filter((item) => item.faithful).slice(0, 30);

type Edit = (item: LabelItem) => LabelItem;
const same: Edit = (item) => item;

/** The 30 faithful items (each `base` of one) and, under new ids, `flip` of each labelled unfaithful. */
const bothWays = (flip: Edit = same, base: Edit = same) => {
  const items = faithful.map(base);
  return createLabelSet({
    name: 'labelled both ways',
    items: [...items, ...items.map((item) => ({ ...flip(item), id: `${item.id}-neg`, faithful: false }))],
    createdAt,
  });
};

const codes = (result: Awaited<ReturnType<typeof verifyLabelSet>>): string[] =>
  result.success ? [] : result.error.problems.map((problem) => problem.code);

describe('a label set that labels one item both ways', () => {
  it.each<[string, Edit, Edit?]>([
    ['the same item under another id', (item) => item],
    ['trailing whitespace in the question', (item) => ({ ...item, question: `${item.question}  \n` })],
    [
      'a zero-width space in the answer',
      (item) => ({ ...item, answer: item.answer.replace(' ', '\u200b ') }),
    ],
    [
      'another chunk id and uri',
      (item) => ({
        ...item,
        passages: item.passages.map((p) => ({
          ...p,
          chunkId: `${p.chunkId}-b`,
          uri: 'https://example.com/b',
        })),
      }),
    ],
    [
      'shifted offsets',
      (item) => ({
        ...item,
        passages: item.passages.map((p) => ({ ...p, start: p.start + 5, end: p.end + 5 })),
      }),
    ],
    [
      'interlinear annotation marks in the question (U+FFF9-U+FFFB show nothing alone)',
      (item) => ({ ...item, question: `${item.question}\ufff9\ufffa\ufffb` }),
    ],
    [
      'an Egyptian hieroglyph format control in the answer (U+13430)',
      (item) => ({ ...item, answer: item.answer.replace(' ', '\u{13430} ') }),
    ],
    [
      'decomposed accents (NFD)',
      (item) => ({ ...item, question: item.question.normalize('NFD') }),
      (item) => ({ ...item, question: `${item.question} café` }),
    ],
  ])('is refused when the copy differs by %s', async (_name, flip, base) => {
    const result = await verifyLabelSet(await bothWays(flip, base));
    expect(codes(result)).toEqual(Array(30).fill('contradictory_labels'));
    expect(!result.success && result.error.problems[0]?.message).toMatch(
      /\(faithful\) and .*-neg" \(unfaithful\)/,
    );
  });

  it('is refused under a custom prompt that does not show the question, when only the question differs', async () => {
    const noQuestion = {
      system: defaultJudgePrompt.system,
      user: '<sources>\n{{sources}}\n</sources>\n<answer>\n{{answer}}\n</answer>',
    };
    const set = await bothWays((item) => ({ ...item, question: `${item.question} Really?` }));
    // Without the question the two rounds of the fixture are one item too: 16 answers, each labelled both ways.
    expect(codes(await verifyLabelSet(set, { prompt: noQuestion }))).toEqual(
      Array(16).fill('contradictory_labels'),
    );
    // The default prompt shows the question, so there they are other items, which may carry other labels.
    expect(codes(await verifyLabelSet(set, { prompt: defaultJudgePrompt }))).toEqual([]);
  });

  it('is refused by the schema when both labels carry the same id', async () => {
    const item = faithful[0]!;
    const set = { ...(await createLabelSet({ name: 'one', items: [item], createdAt })) };
    const twice = { ...set, items: [item, { ...item, faithful: false }] };
    expect(codes(await verifyLabelSet(twice))).toEqual(['schema']);
  });

  it('keeps copies with one label verified', async () => {
    const set = await createLabelSet({
      name: 'copies',
      items: [...faithful, ...faithful.map((i) => ({ ...i, id: `${i.id}-copy` }))],
      createdAt,
    });
    expect(codes(await verifyLabelSet(set, { prompt: defaultJudgePrompt }))).toEqual([]);
  });

  it('is measured by no model call', async () => {
    const set = await bothWays();
    const model = judgeOverLabelSet(set, (item) => (item.faithful ? 'faithful' : 'unfaithful'));
    const preregistration = preregister({
      metric: 'agreement_rate',
      threshold: 0.85,
      judge: await describeJudge({ model }),
      labelSetHash: set.hash,
      createdAt: writtenAt,
    });
    const result = await measureAgreement({ model, labelSet: set, preregistration, measuredAt });
    expect(!result.success && result.error.code).toBe('invalid_label_set');
    expect(model.doGenerateCalls).toHaveLength(0);
  });

  it('never makes a judge ready, and is not counted as 30 items of each class', async () => {
    const set = await bothWays();
    const preregistration = preregister({
      id: 'p',
      metric: 'agreement_rate',
      threshold: 0.85,
      judge,
      labelSetHash: set.hash,
      createdAt: writtenAt,
    });
    const built = await buildCalibrationReport({
      labelSet: set,
      preregistration,
      judge,
      outcomes: outcomesFor(set.items),
      measuredAt,
    });
    expect(!built.success && built.error.code).toBe('invalid_label_set');
    // A report written by hand for the same set does not help: the label set itself fails.
    const readiness = await assessGateReadiness({ labelSet: set, preregistration, judge });
    const condition = readiness.conditions.find((c) => c.id === 'label_set_verified')!;
    expect(condition.holds).toBe(false);
    expect(condition.detail).toContain('(unfaithful) are one item to the judge');
    expect(condition.detail).not.toContain('30 faithful and 30 unfaithful');
    expect(readiness.ready).toBe(false);
  });
});

// The example set's items are distinct, so it is not affected.
it('leaves the example label set verified', async () => {
  expect(codes(await verifyLabelSet(licenceLabelSet, { prompt: defaultJudgePrompt }))).toEqual([]);
});

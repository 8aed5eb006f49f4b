import { hashPreregistration } from '@gk/eval-schema';
import { hashPromptTemplate } from '@gk/model-kit';
import { describe, expect, it } from 'vitest';
import { licenceLabelSet, scaledLabelSet } from '../__fixtures__/label-set.js';
import { outcomesFor } from '../__fixtures__/outcomes.js';
import { defaultJudgePrompt } from '../faithfulness/default-judge-prompt.js';
import { assessGateReadiness, MIN_LABELS_PER_CLASS } from './assess-gate-readiness.js';
import { buildCalibrationReport, type BuildCalibrationReportOptions } from './build-calibration-report.js';
import { createLabelSet } from './create-label-set.js';
import { preregister } from './preregister.js';

// The judge of these reports uses the default prompt, which assessGateReadiness checks the rubric against.
const judge = {
  provider: 'scripted',
  modelId: 'scripted-judge',
  promptHash: await hashPromptTemplate(defaultJudgePrompt),
};
const createdAt = new Date('2026-11-30T05:00:00.000Z');
const measuredAt = new Date('2026-11-30T05:30:00.000Z');
// 128 faithful and 32 unfaithful distinct items: enough of each class to gate.
const labelSet = await scaledLabelSet(8);

// 0.85: a judge right on 30 of 30 has a 95% (Clopper–Pearson) lower bound of 0.884 on its recall, so 30 distinct
// items can reach it.
async function perfectRun(set = labelSet, threshold = 0.85) {
  const preregistration = preregister({
    id: 'p1',
    metric: 'agreement_rate',
    threshold,
    judge,
    labelSetHash: set.hash,
    createdAt,
  });
  const built = await buildCalibrationReport({
    labelSet: set,
    preregistration,
    judge,
    outcomes: outcomesFor(set.items),
    measuredAt,
  });
  if (!built.success) throw new Error(built.error.message);
  return { preregistration, report: built.data };
}

/**
 * The report built from `options` (it must build) and the readiness assessed on it with the same inputs, given
 * `prompt` (by default the one the report was built with).
 */
async function measured(options: Omit<BuildCalibrationReportOptions, 'measuredAt'>, prompt = options.prompt) {
  const built = await buildCalibrationReport({ ...options, measuredAt });
  if (!built.success) throw new Error(built.error.message);
  const { labelSet: set, preregistration, judge: measuredJudge } = options;
  const readiness = await assessGateReadiness({
    labelSet: set,
    preregistration,
    report: built.data,
    judge: measuredJudge,
    ...(prompt === undefined ? {} : { prompt }),
  });
  return { report: built.data, readiness };
}

const failing = (readiness: { conditions: Array<{ id: string; holds: boolean }> }): string[] =>
  readiness.conditions.filter((condition) => !condition.holds).map((condition) => condition.id);

describe('assessGateReadiness', () => {
  it('reports all five conditions as data when nothing has been done, without throwing', async () => {
    const readiness = await assessGateReadiness({ judge });
    expect(readiness).toEqual({
      ready: false,
      conditions: [
        { id: 'label_set_verified', holds: false, detail: 'no label set was given' },
        { id: 'agreement_measured', holds: false, detail: 'no calibration report was given' },
        {
          id: 'preregistered',
          holds: false,
          detail: 'no calibration report to check a pre-registration against',
        },
        { id: 'judge_unchanged', holds: false, detail: 'no calibration report records a judge' },
        { id: 'no_failing_class', holds: false, detail: 'no calibration report to analyse' },
      ],
    });
  });

  it('is ready after a complete, matching procedure, also from JSON text artifacts', async () => {
    const { preregistration, report } = await perfectRun();
    const readiness = await assessGateReadiness({
      labelSet: JSON.stringify(labelSet),
      preregistration: JSON.stringify(preregistration),
      report: JSON.stringify(report),
      judge,
    });
    expect(failing(readiness)).toEqual([]);
    expect(readiness.ready).toBe(true);
  });

  it('does not trust a report whose numbers were edited', async () => {
    const { preregistration, report } = await perfectRun();
    const edited = { ...report, agreementRate: 0.99, outcome: { value: 0.99, met: true } };
    const readiness = await assessGateReadiness({
      labelSet,
      preregistration,
      report: edited,
      judge,
    });
    expect(failing(readiness)).toEqual([
      'agreement_measured',
      'preregistered',
      'judge_unchanged',
      'no_failing_class',
    ]);
  });

  it('does not accept a pre-registration other than the one the report answers', async () => {
    const { report } = await perfectRun();
    const other = preregister({
      id: 'p2',
      metric: 'agreement_rate',
      threshold: 0.5,
      judge,
      labelSetHash: labelSet.hash,
      createdAt,
    });
    const readiness = await assessGateReadiness({
      labelSet,
      preregistration: other,
      report,
      judge,
    });
    expect(failing(readiness)).toEqual(['preregistered']);
  });

  it('reports a pre-registration written at the instant of measurement as not pre-registered', async () => {
    const { preregistration, report } = await perfectRun();
    const sameInstant = { ...report, measuredAt: preregistration.createdAt };
    const readiness = await assessGateReadiness({
      labelSet,
      preregistration,
      report: sameInstant,
      judge,
    });
    expect(failing(readiness)).toEqual(['preregistered']);
    expect(readiness.conditions[2]!.detail).toContain('not before the measurement');
  });

  it('does not accept a report measured on a label set edited since', async () => {
    const { preregistration, report } = await perfectRun();
    const tampered = structuredClone(labelSet);
    tampered.items[0]!.faithful = false;
    const readiness = await assessGateReadiness({ labelSet: tampered, preregistration, report, judge });
    expect(failing(readiness)).toEqual(['label_set_verified', 'agreement_measured']);
  });

  it('requires both classes in the label set', async () => {
    const oneClass = await createLabelSet({
      name: 'faithful-only',
      items: licenceLabelSet.items.filter((item) => item.faithful),
      createdAt,
    });
    const { preregistration, report } = await perfectRun(oneClass);
    const readiness = await assessGateReadiness({ labelSet: oneClass, preregistration, report, judge });
    expect(failing(readiness)).toEqual(['label_set_verified', 'no_failing_class']);
    expect(readiness.conditions[0]!.detail).toBe(
      "hash verified, rubric in the judge's prompt; 16 faithful and 0 unfaithful distinct items (at least 30 distinct items of each class are needed: with fewer, even a judge right on every item may miss more than 1 in 10 of a class)",
    );
    expect(readiness.conditions[4]!.detail).toContain('no unfaithful item has a judge verdict');
  });

  it(`needs at least ${MIN_LABELS_PER_CLASS} labelled items of each class, even for a judge right on every item`, async () => {
    expect(MIN_LABELS_PER_CLASS).toBe(30);
    // The example set: 16 faithful, 4 unfaithful; two items, one of each; 29 and 30 unfaithful items.
    const twoItems = await createLabelSet({
      name: 'two',
      items: [
        licenceLabelSet.items.find((i) => i.faithful)!,
        licenceLabelSet.items.find((i) => !i.faithful)!,
      ],
      createdAt,
    });
    const unfaithful = labelSet.items.filter((item) => !item.faithful);
    const faithful = labelSet.items.filter((item) => item.faithful);
    const sized = async (u: number) =>
      createLabelSet({
        name: `${u}`,
        items: [...faithful.slice(0, 30), ...unfaithful.slice(0, u)],
        createdAt,
      });
    for (const [set, ready] of [
      [licenceLabelSet, false],
      [twoItems, false],
      [await sized(29), false],
      [await sized(30), true],
    ] as const) {
      const { preregistration, report } = await perfectRun(set);
      expect(report.agreementRate).toBe(1);
      const readiness = await assessGateReadiness({ labelSet: set, preregistration, report, judge });
      // The two smallest sets also bound the recall below the threshold (no_failing_class).
      expect([set.items.length, readiness.ready, failing(readiness)[0]]).toEqual([
        set.items.length,
        ready,
        ready ? undefined : 'label_set_verified',
      ]);
    }
  });

  it('is not ready for a judge that always says faithful, even under a threshold 0 record written by hand', async () => {
    const { preregistration, report } = await perfectRun();
    const zero = { ...preregistration, threshold: 0 };
    const rows = report.rows.map((row) => ({ ...row, judge: true }));
    const unfaithful = rows.filter((row) => !row.human).length;
    const always = {
      ...report,
      preregistration: zero,
      rows,
      confusionMatrix: {
        truePositive: rows.length - unfaithful,
        falsePositive: unfaithful,
        falseNegative: 0,
        trueNegative: 0,
      },
      agreementRate: (rows.length - unfaithful) / rows.length,
      precision: { faithful: (rows.length - unfaithful) / rows.length, unfaithful: null },
      recall: { faithful: 1, unfaithful: 0 },
      disagreements: rows
        .filter((row) => !row.human)
        .map((row) => ({
          itemId: row.itemId,
          human: false,
          judge: true,
          reasoning: 'r',
          unsupportedClaims: [],
        })),
      outcome: { value: (rows.length - unfaithful) / rows.length, met: true },
    };
    const readiness = await assessGateReadiness({ labelSet, preregistration: zero, report: always, judge });
    expect(readiness.ready).toBe(false);
    expect(failing(readiness)).toContain('no_failing_class');
    expect(failing(readiness)).toContain('preregistered');
    expect(readiness.conditions.find((c) => c.id === 'preregistered')!.detail).toContain(
      'threshold 0 is no bar',
    );
    expect(readiness.conditions.find((c) => c.id === 'no_failing_class')!.detail).toContain(
      'the judge recognised 0 of 32 unfaithful items (recall 0), which fails the class whatever the threshold',
    );
  });

  it('counts distinct items, not ids: 30 copies of one item of each class are two items', async () => {
    const faithful = licenceLabelSet.items.find((item) => item.faithful)!;
    const unfaithful = licenceLabelSet.items.find((item) => !item.faithful)!;
    const copies = await createLabelSet({
      name: 'two items x30',
      items: Array.from({ length: 30 }, (_, n) => [
        { ...faithful, id: `f${n}` },
        { ...unfaithful, id: `u${n}` },
      ]).flat(),
      createdAt,
    });
    const { preregistration, report } = await perfectRun(copies);
    const readiness = await assessGateReadiness({ labelSet: copies, preregistration, report, judge });
    expect(readiness.ready).toBe(false);
    expect(failing(readiness)).toEqual(['label_set_verified', 'no_failing_class']);
    expect(readiness.conditions[0]!.detail).toContain(
      '1 faithful and 1 unfaithful distinct items (58 items differ from another in no visible character and count once)',
    );
    // Passage keys in another order are the same passage; any changed visible character is another item.
    const reordered = {
      ...faithful,
      id: 'f-reordered',
      passages: faithful.passages.map((p) => ({ ...p, text: p.text, documentId: p.documentId })),
    };
    const edited = { ...faithful, id: 'f-edited', question: `${faithful.question}.` };
    const set = await createLabelSet({
      name: 'order',
      items: [faithful, reordered, edited, unfaithful],
      createdAt,
    });
    const { preregistration: p2, report: r2 } = await perfectRun(set);
    const small = await assessGateReadiness({ labelSet: set, preregistration: p2, report: r2, judge });
    expect(small.conditions[0]!.detail).toContain(
      '2 faithful and 1 unfaithful distinct items (1 items differ from another in no visible character',
    );
  });

  it('counts items that differ only where the judge cannot see (chunk id, uri, offsets, invisible characters) once', async () => {
    const faithful = licenceLabelSet.items.find((item) => item.faithful)!;
    const unfaithful = licenceLabelSet.items.find((item) => !item.faithful)!;
    type Item = typeof faithful;
    const variants: Array<(item: Item, n: number) => Item['passages']> = [
      (item, n) => item.passages.map((p) => ({ ...p, chunkId: `${p.chunkId}-${n}` })),
      (item, n) => item.passages.map((p) => ({ ...p, uri: `https://example.com/${n}` })),
      (item, n) => item.passages.map((p) => ({ ...p, start: p.start + n, end: p.end + n })),
      (item, n) =>
        item.passages.map((p) => ({ ...p, text: `${p.text}${'\u200b'.repeat(n)}`, end: p.end + n })),
    ];
    for (const vary of variants) {
      const items = Array.from({ length: 40 }, (_, n) => [
        { ...faithful, id: `f${n}`, passages: vary(faithful, n) },
        { ...unfaithful, id: `u${n}`, passages: vary(unfaithful, n) },
      ]).flat();
      const copies = await createLabelSet({ name: 'copies the judge cannot tell apart', items, createdAt });
      const { preregistration, report } = await perfectRun(copies);
      const readiness = await assessGateReadiness({ labelSet: copies, preregistration, report, judge });
      expect(readiness.ready).toBe(false);
      expect(readiness.conditions[0]!.detail).toContain('1 faithful and 1 unfaithful distinct items');
    }
  });

  it('counts items that differ by no visible character once (whitespace, invisible and control characters, NFC)', async () => {
    const faithful = licenceLabelSet.items.find((item) => item.faithful)!;
    const unfaithful = licenceLabelSet.items.find((item) => !item.faithful)!;
    type Item = typeof faithful;
    const spaced = (text: string, n: number): string =>
      text.replace(/ /g, (space, at: number) => (at % 40 === n ? '\u00a0\u3000\t' : space));
    const variants: Array<(item: Item, n: number) => Partial<Item>> = [
      (item, n) => ({ question: item.question + ' '.repeat(n) }),
      (item, n) => ({ question: item.question + '\n'.repeat(n) }),
      (item, n) => ({ answer: '\r\n'.repeat(n) + item.answer }),
      (item, n) => ({ question: spaced(item.question, n) }),
      (item, n) => ({ question: item.question + '\u2800'.repeat(n) }),
      (item, n) => ({ question: item.question.replace(' ', `${'\u200b'.repeat(n)} `) }),
      (item, n) => ({ answer: item.answer.replace(' ', `${'\u0000\u001b'.repeat(n)} `) }),
      (item, n) => ({
        passages: item.passages.map((p) => ({ ...p, text: `${p.text}${' '.repeat(n)}`, end: p.end + n })),
      }),
    ];
    for (const vary of variants) {
      const items = Array.from({ length: 31 }, (_, n) => [
        { ...faithful, ...vary(faithful, n), id: `f${n}` },
        { ...unfaithful, ...vary(unfaithful, n), id: `u${n}` },
      ]).flat();
      const copies = await createLabelSet({ name: 'copies that look the same', items, createdAt });
      const { preregistration, report } = await perfectRun(copies);
      const readiness = await assessGateReadiness({ labelSet: copies, preregistration, report, judge });
      expect(readiness.ready).toBe(false);
      expect(readiness.conditions[0]!.detail).toContain(
        '1 faithful and 1 unfaithful distinct items (60 items',
      );
    }
    // Canonically equivalent text renders the same: a precomposed é and e + U+0301 are one item.
    const composed = { ...faithful, id: 'f-nfc', question: `${faithful.question} café` };
    const decomposed = { ...faithful, id: 'f-nfd', question: `${faithful.question} cafe\u0301` };
    const set = await createLabelSet({ name: 'nfc', items: [composed, decomposed, unfaithful], createdAt });
    const { preregistration, report } = await perfectRun(set);
    const readiness = await assessGateReadiness({ labelSet: set, preregistration, report, judge });
    expect(readiness.conditions[0]!.detail).toContain('1 faithful and 1 unfaithful distinct items (1 items');
  });

  it('counts items that differ only by a Khitan filler or a lone surrogate once (a review found them counted apart)', async () => {
    // U+16FE4 shows nothing, as the prompt's neutraliser reads it; every lone surrogate is sent as U+FFFD in UTF-8.
    const text = 'Paris is in France.';
    const passages = [{ documentId: 'd', chunkId: 'c', text, start: 0, end: text.length }];
    const pads: Array<(n: number) => string> = [
      (n) => '\u{16fe4}'.repeat(n),
      (n) => String.fromCharCode(0xd800 + n),
    ];
    for (const pad of pads) {
      const items = Array.from({ length: 30 }, (_, n) => [
        {
          id: `f${n}`,
          question: 'Where is Paris?',
          answer: `Paris is in France [1].${pad(n)}`,
          passages,
          faithful: true,
        },
        {
          id: `u${n}`,
          question: 'Where is Paris?',
          answer: `Paris is in Spain [1].${pad(n)}`,
          passages,
          faithful: false,
        },
      ]).flat();
      const copies = await createLabelSet({ name: 'padded copies', items, createdAt });
      const { preregistration, report } = await perfectRun(copies);
      const readiness = await assessGateReadiness({ labelSet: copies, preregistration, report, judge });
      expect(readiness.ready).toBe(false);
      expect(readiness.conditions[0]!.detail).toContain('1 faithful and 1 unfaithful distinct items');
    }
  });

  it("requires each class's 95% lower bound on recall to reach the threshold, not the point estimate", async () => {
    // 29 of 32 unfaithful caught: recall 0.906 meets 0.9, but its lower bound is 0.750.
    const missed = new Set(
      labelSet.items
        .filter((item) => !item.faithful)
        .slice(0, 3)
        .map((item) => item.id),
    );
    const run = async (threshold: number, wrong: ReadonlySet<string>) => {
      const preregistration = preregister({
        id: 'p1',
        metric: 'agreement_rate',
        threshold,
        judge,
        labelSetHash: labelSet.hash,
        createdAt,
      });
      const outcomes = outcomesFor(labelSet.items, (id) => wrong.has(id));
      return measured({ labelSet, preregistration, judge, outcomes });
    };
    const close = await run(0.9, missed);
    expect(close.report.recall.unfaithful).toBe(29 / 32);
    expect(close.report.outcome.met).toBe(true);
    expect(failing(close.readiness)).toEqual(['no_failing_class']);
    expect(close.readiness.conditions[4]!.detail).toContain(
      'unfaithful: right on 29 of 32 distinct items, 95% lower bound on recall 0.75 is below the threshold 0.9 (the judge may miss up to 0.25 of the class)',
    );
    // A near-zero bar: a judge that catches 1 of 32 unfaithful answers (recall 0.031 against 0.01) is not ready.
    const caught = labelSet.items.find((item) => !item.faithful)!.id;
    const allButOne = new Set(
      labelSet.items.filter((item) => !item.faithful && item.id !== caught).map((item) => item.id),
    );
    const lax = await run(0.01, allButOne);
    expect(lax.report.recall.unfaithful).toBe(1 / 32);
    expect(failing(lax.readiness)).toEqual(['no_failing_class']);
    expect(lax.readiness.conditions[4]!.detail).toContain(
      '95% lower bound on recall 0.001 is below the threshold 0.01',
    );
    // 30 distinct right of 30 reaches 0.85 (bound 0.884) and a perfect 32 of 32 too.
    expect((await run(0.85, new Set())).readiness.ready).toBe(true);
    // The exact bound, not the Wilson one: 32 of 32 bounds the recall at 0.891 (Wilson said 0.893, and passed 0.892).
    const exact = await run(0.892, new Set());
    expect(failing(exact.readiness)).toEqual(['no_failing_class']);
    expect(exact.readiness.conditions[4]!.detail).toContain(
      'unfaithful: right on 32 of 32 distinct items, 95% lower bound on recall 0.891 is below the threshold 0.892',
    );
  });

  it("checks the label set's rubric against the judge's prompt, which must be the one its hash names", async () => {
    const custom = { ...defaultJudgePrompt, system: `${defaultJudgePrompt.system}\nBe strict.` };
    const customJudge = { ...judge, promptHash: await hashPromptTemplate(custom) };
    const other = await createLabelSet({
      name: 'other rubric',
      items: labelSet.items,
      rubric: 'Faithful means the answer sounds plausible.',
      createdAt,
    });
    for (const [set, prompt, j, detail] of [
      [
        other,
        custom,
        customJudge,
        'the label set rubric does not occur verbatim and whole in the judge prompt',
      ],
      [
        labelSet,
        undefined,
        customJudge,
        'the prompt template (none given, so defaultJudgePrompt) is not the one',
      ],
      [labelSet, defaultJudgePrompt, customJudge, 'the prompt template given is not the one'],
    ] as const) {
      const preregistration = preregister({
        id: 'p1',
        metric: 'agreement_rate',
        threshold: 0.85,
        judge: j,
        labelSetHash: set.hash,
        createdAt,
      });
      const { readiness } = await measured(
        { labelSet: set, preregistration, judge: j, outcomes: outcomesFor(set.items) },
        prompt,
      );
      expect(failing(readiness)[0]).toBe('label_set_verified');
      expect(readiness.ready).toBe(false);
      expect(readiness.conditions[0]!.detail).toContain(detail);
    }
    // buildCalibrationReport checks the rubric too, against the default prompt when that is the judge's.
    const refused = await buildCalibrationReport({
      labelSet: other,
      preregistration: preregister({
        metric: 'agreement_rate',
        threshold: 0.85,
        judge,
        labelSetHash: other.hash,
        createdAt,
      }),
      judge,
      outcomes: other.items.map((item) => ({ itemId: item.id, error: { code: 'not_json' } })),
      measuredAt,
    });
    expect(refused.success ? [] : refused.error.problems.map((problem) => problem.code)).toEqual([
      'rubric_not_in_prompt',
    ]);
    await expect(
      buildCalibrationReport({
        labelSet,
        preregistration: {},
        judge: customJudge,
        outcomes: [],
        measuredAt,
        prompt: defaultJudgePrompt,
      }),
    ).rejects.toThrow(expect.objectContaining({ code: 'invalid_argument', parameter: 'options.prompt' }));
    // With the judge's own template given, the custom-prompt judge is ready.
    const preregistration = preregister({
      id: 'p1',
      metric: 'agreement_rate',
      threshold: 0.85,
      judge: customJudge,
      labelSetHash: labelSet.hash,
      createdAt,
    });
    const { readiness } = await measured({
      labelSet,
      preregistration,
      judge: customJudge,
      outcomes: outcomesFor(labelSet.items),
      prompt: custom,
    });
    expect(readiness.ready).toBe(true);
  });

  it('does not count a measurement dated later than now as pre-registered', async () => {
    const { preregistration, report } = await perfectRun();
    const later = new Date(Date.now() + 60_000).toISOString();
    const readiness = await assessGateReadiness({
      labelSet,
      preregistration,
      report: { ...report, measuredAt: later },
      judge,
    });
    expect(failing(readiness)).toEqual(['preregistered']);
    expect(readiness.conditions[2]!.detail).toContain(`the measurement is dated ${later}, later than now`);
  });

  it('does not count a pre-registration older than the label set it names (frozen after it, after the measurement, later than now)', async () => {
    const { report } = await perfectRun();
    for (const frozen of [
      '2026-11-30T05:10:00.000Z',
      '2026-11-30T06:00:00.000Z',
      '2099-01-01T00:00:00.000Z',
    ]) {
      const late = await createLabelSet({ name: 'late', items: labelSet.items, createdAt: new Date(frozen) });
      const preregistration = preregister({
        id: 'p1',
        metric: 'agreement_rate',
        threshold: 0.85,
        judge,
        labelSetHash: late.hash,
        createdAt,
      });
      // buildCalibrationReport refuses it ...
      const built = await buildCalibrationReport({
        labelSet: late,
        preregistration,
        judge,
        outcomes: report.rows.map((row) => ({
          itemId: row.itemId,
          verdict: { faithful: row.human, unsupportedClaims: row.human ? [] : ['c'], reasoning: 'r' },
        })),
        measuredAt,
      });
      expect(!built.success && built.error.problems.map((problem) => problem.code)).toEqual([
        'before_label_set',
      ]);
      // ... and a report written without it (by hand, or by an older version) is not ready.
      const rewritten = {
        ...report,
        labelSetHash: late.hash,
        preregistration,
        preregistrationHash: await hashPreregistration(preregistration),
      };
      const readiness = await assessGateReadiness({
        labelSet: late,
        preregistration,
        report: rewritten,
        judge,
      });
      expect(failing(readiness)).toEqual(['preregistered']);
      expect(readiness.conditions[2]!.detail).toContain('before the label set it names was frozen');
    }
  });

  it('states the times it compared in UTC, whatever offset the record was written with', async () => {
    const written = { ...(await perfectRun()).preregistration, createdAt: '2026-11-30T07:00:00+02:00' };
    const { readiness } = await measured({
      labelSet,
      preregistration: written,
      judge,
      outcomes: outcomesFor(labelSet.items),
    });
    expect(readiness.ready).toBe(true);
    expect(readiness.conditions[2]!.detail).toBe(
      'pre-registered at 2026-11-30T05:00:00.000Z, after the label set was frozen at 2026-11-29T00:00:00.000Z, before the measurement at 2026-11-30T05:30:00.000Z',
    );
  });

  it('counts items padded with format controls that show nothing alone once (U+FFF9-U+FFFB, U+13430-U+1343F)', async () => {
    // 4 rounds hold 16 distinct unfaithful items; 4 more rounds of padded copies looked like 32.
    for (const mark of ['\ufff9', '\ufffa', '\ufffb', '\ufff9\ufffa\ufffb', '\u{13430}', '\u{1343f}']) {
      const items = Array.from({ length: 8 }, (_, copy) =>
        licenceLabelSet.items.map((item) => ({
          ...item,
          id: `${item.id}~${copy}`,
          question: `${item.question} (${(copy % 4) + 1})${copy >= 4 ? mark : ''}`,
        })),
      ).flat();
      const padded = await createLabelSet({
        name: 'padded',
        items,
        createdAt: new Date('2026-11-29T00:00:00.000Z'),
      });
      const { preregistration, report } = await perfectRun(padded);
      const readiness = await assessGateReadiness({ labelSet: padded, preregistration, report, judge });
      expect(readiness.ready).toBe(false);
      expect(readiness.conditions[0]!.detail).toContain(
        '64 faithful and 16 unfaithful distinct items (80 items',
      );
    }
  });

  it('never throws on hostile artifacts', async () => {
    for (const value of ['[[[['.repeat(100_000), '{"__proto__":{"x":1}}', 42, null, { schemaVersion: 1 }]) {
      const readiness = await assessGateReadiness({
        labelSet: value,
        preregistration: value,
        report: value,
        judge,
      });
      expect(readiness.ready).toBe(false);
      expect(readiness.conditions).toHaveLength(5);
    }
  });
});

describe('assessGateReadiness: the pre-registered metric over distinct items', () => {
  const passages = (text: string) => [{ documentId: 'doc', chunkId: 'c1', text, start: 0, end: text.length }];
  const P = 'The licensee may copy the software.';
  // `wrongIds` get the verdict opposite their label; `verdictOf` overrides it per id.
  async function measure(
    items: Array<{ id: string; question: string; answer: string; faithful: boolean }>,
    metric: 'precision_faithful' | 'precision_unfaithful',
    threshold: number,
    wrong: (id: string) => boolean,
  ) {
    const set = await createLabelSet({
      name: 'copies',
      items: items.map((item) => ({ ...item, passages: passages(P) })),
      createdAt: new Date('2026-11-29T00:00:00.000Z'),
    });
    const preregistration = preregister({
      id: 'p1',
      metric,
      threshold,
      judge,
      labelSetHash: set.hash,
      createdAt,
    });
    const { report, readiness } = await measured({
      labelSet: set,
      preregistration,
      judge,
      outcomes: outcomesFor(set.items, wrong),
    });
    return { report, readiness, agreement: readiness.conditions[1]! };
  }
  // The review's shape: 200 distinct items of one class, the judge wrong on 16; 30 distinct items of the other, each
  // under 4 more ids, the judge right on all. Over rows the precision is 150/166 = 0.904; over items 30/46 = 0.652.
  const shape = (big: boolean) => [
    ...Array.from({ length: 200 }, (_, i) => ({
      id: `b${i}`,
      question: `Question ${i}?`,
      answer: `Answer ${i}.`,
      faithful: big,
    })),
    ...Array.from({ length: 30 }, (_, i) =>
      Array.from({ length: 5 }, (_, c) => ({
        id: `s${i}~${c}`,
        question: `Other question ${i}?`,
        answer: `Other answer ${i}.`,
        faithful: !big,
      })),
    ).flat(),
  ];
  const wrongOn16 = (id: string) => /^b(\d+)$/.test(id) && Number(id.slice(1)) < 16;

  it.each([
    ['precision_unfaithful', true],
    ['precision_faithful', false],
  ] as const)('does not let copies of right items lift %s over the threshold', async (metric, big) => {
    const { report, readiness, agreement } = await measure(shape(big), metric, 0.8, wrongOn16);
    expect(report.outcome.value).toBeCloseTo(150 / 166, 12);
    expect(report.outcome.met).toBe(true);
    expect(readiness.ready).toBe(false);
    expect(agreement.holds).toBe(false);
    expect(agreement.detail).toBe(
      `${metric} over the 230 distinct items = ${30 / 46} against the pre-registered threshold 0.8: not met ` +
        `(items that differ from another in no visible character count once; over all 350 rows, copies counted ` +
        `again, the report records ${report.outcome.value})`,
    );
  });

  it('counts a distinct item whose copies got different verdicts as wrong', async () => {
    // 30 faithful items, the judge wrong on 7; 30 unfaithful items, right on all but s0, whose 6 copies split 5 right
    // and 1 wrong. precision_unfaithful over rows 34/41 = 0.829; over items with s0 wrong 29/36 = 0.806 (right, it
    // would be 30/37 = 0.811).
    const items = [
      ...Array.from({ length: 30 }, (_, i) => ({
        id: `f${i}`,
        question: `Question ${i}?`,
        answer: `Answer ${i}.`,
        faithful: true,
      })),
      ...Array.from({ length: 30 }, (_, i) =>
        Array.from({ length: i === 0 ? 6 : 1 }, (_, c) => ({
          id: `s${i}~${c}`,
          question: `Other question ${i}?`,
          answer: `Other answer ${i}.`,
          faithful: false,
        })),
      ).flat(),
    ];
    const wrong = (id: string) => /^f[0-6]$/.test(id) || id === 's0~5';
    const { report, agreement } = await measure(items, 'precision_unfaithful', 0.81, wrong);
    expect(report.outcome.value).toBeCloseTo(34 / 41, 12);
    expect(report.outcome.met).toBe(true);
    expect(agreement.holds).toBe(false);
    expect(agreement.detail).toContain(`precision_unfaithful over the 60 distinct items = ${29 / 36}`);
    expect(agreement.detail).toContain(
      '1 distinct items whose copies got different verdicts count as wrong (no verdict stands for them)',
    );
  });

  it('still needs the report to have met its threshold over rows (copies of wrong items are not forgiven)', async () => {
    // 30 faithful items, the judge wrong on f0, copied under 9 more ids; 30 unfaithful items, all right.
    // precision_unfaithful over rows 30/40 = 0.75, over items 30/31 = 0.968.
    const items = [
      ...Array.from({ length: 30 }, (_, i) =>
        Array.from({ length: i === 0 ? 10 : 1 }, (_, c) => ({
          id: `f${i}~${c}`,
          question: `Question ${i}?`,
          answer: `Answer ${i}.`,
          faithful: true,
        })),
      ).flat(),
      ...Array.from({ length: 30 }, (_, i) => ({
        id: `s${i}`,
        question: `Other question ${i}?`,
        answer: `Other answer ${i}.`,
        faithful: false,
      })),
    ];
    const { report, agreement } = await measure(items, 'precision_unfaithful', 0.8, (id) =>
      id.startsWith('f0~'),
    );
    expect(report.outcome.met).toBe(false);
    expect(agreement.holds).toBe(false);
    expect(agreement.detail).toContain(`over the 60 distinct items = ${30 / 31}`);
    expect(agreement.detail).toContain(
      'the report records 0.75, not met, which counting items once does not overrule',
    );
  });

  it('says nothing of copies when there are none', async () => {
    const { preregistration, report } = await perfectRun();
    const readiness = await assessGateReadiness({ labelSet, preregistration, report, judge });
    expect(readiness.conditions[1]!.detail).toBe(
      'agreement_rate over the 160 distinct items = 1 against the pre-registered threshold 0.85: met',
    );
  });
});

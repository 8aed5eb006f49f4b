import { Preregistration } from '@gk/eval-schema';
import { describe, expect, it } from 'vitest';
import { checkPreregistration } from './check-preregistration.js';
import { preregister } from './preregister.js';

const judge = { provider: 'openai.chat', modelId: 'gpt-4.1-mini', promptHash: 'a'.repeat(64) };
const labelSetHash = 'b'.repeat(64);
const createdAt = new Date('2026-11-30T05:00:00.000Z');
const measuredAt = new Date('2026-11-30T05:00:00.001Z');

describe('preregister', () => {
  it('writes a schema-valid record with metric, threshold, judge, prompt hash, label-set hash and time', () => {
    const record = preregister({
      metric: 'recall_unfaithful',
      threshold: 0.9,
      judge,
      labelSetHash,
      createdAt,
      note: 'why 0.9',
    });
    expect(Preregistration.parse(record)).toEqual(record);
    expect(record).toEqual({
      schemaVersion: 1,
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      metric: 'recall_unfaithful',
      threshold: 0.9,
      judge,
      labelSetHash,
      createdAt: '2026-11-30T05:00:00.000Z',
      note: 'why 0.9',
    });
  });

  // r17: describeJudge returns a Promise; passed without `await`, the message said "(from describeJudge)" of a value
  // that did come from describeJudge.
  it('names a judge identity passed as a Promise (describeJudge not awaited)', () => {
    const pending = Promise.resolve(judge);
    expect(() =>
      preregister({
        metric: 'agreement_rate',
        threshold: 0.9,
        judge: pending as never,
        labelSetHash,
        createdAt,
      }),
    ).toThrow(
      expect.objectContaining({
        code: 'invalid_argument',
        parameter: 'options.judge',
        message: expect.stringContaining('(from await describeJudge(...)), received a Promise.'),
      }),
    );
  });

  it('refuses a threshold of 0 (no bar: any judge meets it) with an InvalidArgumentError', () => {
    const base = { metric: 'agreement_rate' as const, judge, labelSetHash };
    for (const threshold of [0, -0, Number.MIN_VALUE - Number.MIN_VALUE]) {
      expect(() => preregister({ ...base, threshold })).toThrow(
        expect.objectContaining({ code: 'invalid_argument', parameter: 'options.threshold' }),
      );
    }
    expect(preregister({ ...base, threshold: Number.MIN_VALUE }).threshold).toBe(Number.MIN_VALUE);
    expect(preregister({ ...base, threshold: 1 }).threshold).toBe(1);
  });

  it('throws for a threshold outside [0, 1], NaN, a malformed hash or an unknown metric', () => {
    const base = { metric: 'agreement_rate' as const, threshold: 0.8, judge, labelSetHash };
    expect(() => preregister({ ...base, threshold: 1.01 })).toThrow();
    expect(() => preregister({ ...base, threshold: Number.NaN })).toThrow();
    expect(() => preregister({ ...base, labelSetHash: 'B'.repeat(64) })).toThrow();
    expect(() => preregister({ ...base, metric: 'score' as 'agreement_rate' })).toThrow();
    expect(() => preregister({ ...base, createdAt: new Date(Number.NaN) })).toThrow();
  });

  it('refuses a misspelt option instead of recording its default (a record dated now, not when it was written)', () => {
    const base = { metric: 'agreement_rate' as const, threshold: 0.8, judge, labelSetHash };
    for (const key of ['createdat', 'notes', 'registeredAt']) {
      expect(() => preregister({ ...base, [key]: createdAt } as never)).toThrow(
        expect.objectContaining({ name: 'InvalidArgumentError', parameter: `options.${key}` }),
      );
    }
  });
});

describe('checkPreregistration', () => {
  const record = preregister({ metric: 'agreement_rate', threshold: 0.8, judge, labelSetHash, createdAt });

  it('accepts a record written a millisecond before the measurement for the same judge and labels', () => {
    expect(checkPreregistration(record, { judge, labelSetHash, measuredAt })).toEqual({
      success: true,
      data: record,
    });
  });

  it('refuses a record with threshold 0 written by hand (the schema reads it) as invalid', () => {
    const result = checkPreregistration({ ...record, threshold: 0 }, { judge, labelSetHash, measuredAt });
    expect(result).toEqual({
      success: false,
      error: {
        code: 'not_preregistered',
        message: 'The measurement does not count as pre-registered (invalid).',
        problems: [
          {
            code: 'invalid',
            message: 'threshold 0 is no bar (any judge meets it); expected a number in (0, 1]',
          },
        ],
      },
    });
  });

  it('refuses a measurement dated later than now, whatever the record says (future_measurement)', () => {
    // Outcomes collected first, the record written now, the measurement dated a minute ahead: not pre-registered.
    const now = Date.now();
    const record = preregister({ metric: 'agreement_rate', threshold: 0.9, judge, labelSetHash });
    const later = new Date(now + 60_000);
    const result = checkPreregistration(record, { judge, labelSetHash, measuredAt: later });
    expect(result.success).toBe(false);
    expect(result.success ? [] : result.error.problems).toEqual([
      {
        code: 'future_measurement',
        message: expect.stringContaining(`the measurement is dated ${later.toISOString()}, later than now`),
      },
    ]);
  });

  it('lists every mismatch at once', () => {
    const result = checkPreregistration(record, {
      judge: { provider: 'anthropic.messages', modelId: 'x', promptHash: 'c'.repeat(64) },
      labelSetHash: 'd'.repeat(64),
      measuredAt: createdAt,
    });
    expect(!result.success && result.error.problems.map((problem) => problem.code)).toEqual([
      'after_measurement',
      'other_model',
      'other_prompt',
      'other_label_set',
    ]);
  });

  it('treats an invalid measurement date as not pre-registered', () => {
    const result = checkPreregistration(record, { judge, labelSetHash, measuredAt: new Date(Number.NaN) });
    expect(!result.success && result.error.problems[0]).toEqual({
      code: 'after_measurement',
      message: expect.stringContaining('an invalid date'),
    });
  });

  it.each([
    ['null', null, 'missing'],
    ['a record with a score', { ...record, score: 0.9 }, 'invalid'],
    ['a record in another time format', { ...record, createdAt: 'yesterday' }, 'invalid'],
    ['huge JSON text', `{"a":"${'x'.repeat(1_000_000)}"}`, 'invalid'],
  ])('reports %s as not pre-registered', (_name, input, code) => {
    const result = checkPreregistration(input, { judge, labelSetHash, measuredAt });
    expect(!result.success && result.error.problems[0]!.code).toBe(code);
  });

  it('refuses a record written before the label set it names was frozen (before_label_set), in any time zone', () => {
    const record = preregister({ metric: 'agreement_rate', threshold: 0.8, judge, labelSetHash, createdAt });
    const check = (input: unknown, labelSetCreatedAt: Date) =>
      checkPreregistration(input, { judge, labelSetHash, measuredAt, labelSetCreatedAt });
    const codes = (result: ReturnType<typeof check>) =>
      result.success ? [] : result.error.problems.map((problem) => problem.code);
    // Frozen before or at the instant of the record: fine.
    expect(check(record, new Date('2026-11-29T00:00:00.000Z')).success).toBe(true);
    expect(check(record, createdAt).success).toBe(true);
    // Frozen after the record, after the measurement, or in the future: the record cannot have named it first.
    for (const frozen of [
      '2026-11-30T05:00:00.001Z',
      '2026-11-30T07:00:00.000Z',
      '2099-01-01T00:00:00.000Z',
    ]) {
      expect(codes(check(record, new Date(frozen)))).toEqual(['before_label_set']);
    }
    // Offsets are instants: 06:00+02:00 is 04:00Z, before labels frozen at 04:30Z; 04:00-02:00 is 06:00Z, after.
    const east = { ...record, createdAt: '2026-11-30T06:00:00+02:00' };
    const west = { ...record, createdAt: '2026-11-30T04:00:00-02:00' };
    const labelsAt = new Date('2026-11-30T04:30:00.000Z');
    const measured = new Date('2026-11-30T06:30:00.000Z');
    const at = (input: unknown) =>
      checkPreregistration(input, { judge, labelSetHash, measuredAt: measured, labelSetCreatedAt: labelsAt });
    expect(codes(at(east))).toEqual(['before_label_set']);
    expect(at(west).success).toBe(true);
    expect(codes(check(record, new Date(Number.NaN)))).toEqual(['before_label_set']);
    expect(() => check(record, '2026-11-29T00:00:00.000Z' as unknown as Date)).toThrow(
      expect.objectContaining({ code: 'invalid_argument' }),
    );
  });

  it('keeps untrusted identity strings short in its messages', () => {
    const long = { ...judge, modelId: `${'m'.repeat(10_000)}\u202e` };
    const result = checkPreregistration(record, { judge: long, labelSetHash, measuredAt });
    expect(!result.success && result.error.problems[0]!.message.length).toBeLessThan(300);
  });
});

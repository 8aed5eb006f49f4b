import { countEchoCases, type EchoReport } from '@gk/eval-schema';
import { describe, expect, it } from 'vitest';
import { correctText, decoyCiting } from './__fixtures__/scripted-pipelines.js';
import { assertEchoClean } from './assert-echo-clean.js';
import { EchoCheckError } from './echo-check-error.js';
import { runEchoCheck } from './run-echo-check.js';

type Row = EchoReport['cases'][number];

function report(rows: Array<Pick<Row, 'outcome' | 'leaked'> & Partial<Row>>): EchoReport {
  const cases = rows.map((row, index) => ({
    caseId: `case-${index + 1}`,
    question: 'What is the secret question?',
    ...row,
  }));
  return {
    schemaVersion: 1,
    kind: 'echo',
    runId: 'run-1',
    startedAt: '2026-11-30T05:00:00.000Z',
    cases,
    counts: countEchoCases(cases),
  };
}

function failureOf(action: () => void): EchoCheckError {
  try {
    action();
  } catch (error) {
    if (EchoCheckError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected assertEchoClean to throw');
}

const grounded = { outcome: 'grounded', leaked: false } as const;

describe('assertEchoClean', () => {
  describe('clean and failing runs', () => {
    it('passes a report where every case is grounded and nothing leaked', () => {
      expect(assertEchoClean(report([grounded, grounded]))).toBeUndefined();
    });

    it('throws not_clean listing each wrong-source and leaked case by id, with the totals', () => {
      const error = failureOf(() =>
        assertEchoClean(
          report([
            grounded,
            { outcome: 'wrong_source', leaked: false },
            { outcome: 'grounded', leaked: true },
            grounded,
          ]),
        ),
      );
      expect(error).toBeInstanceOf(EchoCheckError);
      expect(error.code).toBe('not_clean');
      expect(error.failures.map((failure) => failure.caseId)).toEqual(['case-2', 'case-3']);
      expect(error.message).toMatchInlineSnapshot(`
        "Echo check failed: 2 of 4 cases failed (grounded 3, wrong source 1, abstained 0, rejected 0, leaked 1).
          - case-2: wrong source (cited the decoy, or a citation that does not re-read with marker A)
          - case-3: leaked (marker C, shown nowhere, or a marker of another case appeared in what the pipeline returned)"
      `);
    });

    it('lists both reasons for a case that cited the decoy and leaked, joined with "; "', () => {
      const error = failureOf(() =>
        assertEchoClean(report([grounded, { outcome: 'wrong_source', leaked: true }])),
      );
      expect(error.failures).toEqual([
        {
          caseId: 'case-2',
          reasons: [expect.stringMatching(/^wrong source/), expect.stringMatching(/^leaked/)],
        },
      ]);
      expect(error.message.split('\n')[1]).toBe(
        '  - case-2: wrong source (cited the decoy, or a citation that does not re-read with marker A); leaked (marker C, shown nowhere, or a marker of another case appeared in what the pipeline returned)',
      );
    });

    it('fails a leak even on an abstained case', () => {
      const error = failureOf(() =>
        assertEchoClean(report([grounded, { outcome: 'abstained', leaked: true }])),
      );
      expect(error.failures[0]!.reasons).toEqual([expect.stringMatching(/^leaked/)]);
    });

    it('fails a run in which no case was grounded, even when every case was an allowed abstention', () => {
      const error = failureOf(() => assertEchoClean(report([{ outcome: 'abstained', leaked: false }])));
      expect(error.failures).toEqual([]);
      expect(error.message).toMatch(/no case was grounded/);
      expect(() => assertEchoClean(report([]))).toThrow(/no case was grounded/);
    });

    it('never puts the question or other case text into the message', () => {
      const error = failureOf(() =>
        assertEchoClean(report([{ outcome: 'wrong_source', leaked: true, detail: 'SECRET DETAIL' }])),
      );
      expect(error.message).not.toMatch(/secret/i);
    });

    it('passes a real run of a correct pipeline and fails a real run of a decoy-citing one', async () => {
      const passing = await runEchoCheck({ pipeline: correctText });
      expect(() => assertEchoClean(passing)).not.toThrow();
      const failing = await runEchoCheck({ pipeline: decoyCiting, cases: 3 });
      expect(failureOf(() => assertEchoClean(failing)).failures.map((failure) => failure.caseId)).toEqual([
        'case-1',
        'case-2',
        'case-3',
      ]);
    });
  });

  describe('options', () => {
    it('refuses an option that is not a boolean with an InvalidArgumentError', () => {
      expect(() => assertEchoClean(report([grounded]), { allowAbstain: 'no' as never })).toThrow(
        'Invalid options.allowAbstain: expected a boolean, received the string "no".',
      );
      expect(() => assertEchoClean(report([grounded]), { allowReject: 1 as never })).toThrow(
        expect.objectContaining({ name: 'InvalidArgumentError', parameter: 'options.allowReject' }),
      );
    });

    it('lets abstentions pass by default and fails them with allowAbstain: false', () => {
      const mixed = report([grounded, { outcome: 'abstained', leaked: false }]);
      expect(() => assertEchoClean(mixed)).not.toThrow();
      expect(failureOf(() => assertEchoClean(mixed, { allowAbstain: false })).failures).toEqual([
        { caseId: 'case-2', reasons: ['abstained (allowAbstain is false)'] },
      ]);
    });

    it('fails rejections unless allowReject is true', () => {
      const rejected = report([grounded, { outcome: 'rejected', leaked: false }]);
      expect(failureOf(() => assertEchoClean(rejected)).failures[0]!.reasons[0]).toMatch(/^rejected/);
      expect(() => assertEchoClean(rejected, { allowReject: true })).not.toThrow();
    });
  });

  describe('invalid reports', () => {
    it('refuses something that is not a valid EchoReport with invalid_report', () => {
      const tampered = { ...report([grounded]), counts: { ...report([grounded]).counts, grounded: 5 } };
      const bad: unknown[] = [
        null,
        'x',
        {},
        tampered,
        { ...report([grounded]), schemaVersion: 2 },
        JSON.parse('{"__proto__": {}}'),
      ];
      for (const value of bad) {
        expect(failureOf(() => assertEchoClean(value as EchoReport)).code).toBe('invalid_report');
      }
    });

    it('names the first schema problem after a fixed prefix', () => {
      const invalid = { ...report([grounded]), runId: '' };
      const error = failureOf(() => assertEchoClean(invalid));
      expect(error.code).toBe('invalid_report');
      expect(error.message).toBe(
        'Expected a valid EchoReport: EchoReport.runId: Too small: expected string to have >=1 characters',
      );
    });

    it('quotes at most 300 characters of a long schema problem', () => {
      const key = `k${'y'.repeat(400)}`;
      const invalid = { ...report([grounded]), [key]: 1 } as EchoReport;
      const error = failureOf(() => assertEchoClean(invalid));
      const prefix = 'Expected a valid EchoReport: ';
      const cause = (error.cause as Error).message;
      expect(cause.length).toBeGreaterThan(300);
      expect(error.message).toBe(`${prefix}${cause.slice(0, 300)}…`);
    });
  });
});

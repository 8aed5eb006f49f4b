import { countEchoCases, type EchoReport } from '@gk/eval-schema';
import { describe, expect, it } from 'vitest';
import { alwaysFirst, correctText, decoyCiting } from './__fixtures__/scripted-pipelines.js';
import { assertEchoClean } from './assert-echo-clean.js';
import { EchoCheckError } from './echo-check-error.js';
import { type EchoPipeline, runEchoCheck } from './run-echo-check.js';

type Row = EchoReport['cases'][number];

/** A report of `rows`; a grounded row cites the positive where `runEchoCheck` shows it: [1] in odd cases, [2] in even. */
function report(rows: Array<Pick<Row, 'outcome' | 'leaked'> & Partial<Row>>): EchoReport {
  const cases = rows.map((row, index) => ({
    caseId: `case-${index + 1}`,
    question: 'What is the secret question?',
    ...(row.outcome === 'grounded' ? { citedSources: [1 + (index % 2)] } : {}),
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
          - case-2: wrong source (cited the decoy, cited no span of the positive's planted statement, or does not state the positive's value)
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
        "  - case-2: wrong source (cited the decoy, cited no span of the positive's planted statement, or does not state the positive's value); leaked (marker C, shown nowhere, or a marker of another case appeared in what the pipeline returned)",
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

  describe('the order of the passages', () => {
    /** A pipeline that always cites source `first`, and declines (abstains or rejects) when `declines(call)` says. */
    const decliningWhen =
      (declines: (call: number) => boolean, how: 'abstain' | 'reject' = 'abstain', first = 1): EchoPipeline =>
      (input) => {
        if (!declines(calls++)) {
          return `${input.passages[first - 1]!.text} [${first}]`;
        }
        if (how === 'abstain') return 'The sources do not say.';
        throw Object.assign(new Error('refused'), { name: 'SynthesisError', code: 'no_accepted_claims' });
      };
    let calls = 0;
    const decoyFirst = (call: number) => call % 2 === 1;

    it('fails an always-[1] pipeline that abstains exactly where the decoy comes first, naming those cases', async () => {
      calls = 0;
      const report = await runEchoCheck({ pipeline: decliningWhen(decoyFirst), cases: 10 });
      expect(report.cases.map((c) => c.outcome)).toEqual(
        Array.from({ length: 10 }, (_, index) => (index % 2 ? 'abstained' : 'grounded')),
      );
      const error = failureOf(() => assertEchoClean(report));
      expect(error.code).toBe('not_clean');
      expect(error.failures.map((failure) => failure.caseId)).toEqual([
        'case-2',
        'case-4',
        'case-6',
        'case-8',
        'case-10',
      ]);
      expect(error.failures[0]!.reasons).toEqual([
        'abstained where the positive was [2], and no case was grounded there (a pipeline that always cites [1] passes only the other cases)',
      ]);
      expect(error.message).toMatch(
        /no case with the positive shown as \[2\] was grounded, so the run never showed that the pipeline tells the sources apart$/,
      );
    });

    it('fails it whatever it declines at random, in every run (a fixed seed, 40 runs of 5 cases)', async () => {
      let seed = 7;
      const random = () => {
        seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
        return seed / 2 ** 31;
      };
      for (let run = 0; run < 40; run++) {
        calls = 0;
        const report = await runEchoCheck({ pipeline: decliningWhen(() => random() < 0.5), cases: 5 });
        expect(() => assertEchoClean(report)).toThrow(EchoCheckError);
      }
    });

    it('fails the mirror: always citing [2] and abstaining where the positive comes first', async () => {
      calls = 0;
      const report = await runEchoCheck({
        pipeline: decliningWhen((call) => call % 2 === 0, 'abstain', 2),
        cases: 4,
      });
      expect(report.cases.map((c) => [c.outcome, c.citedSources])).toEqual([
        ['abstained', []],
        ['grounded', [2]],
        ['abstained', []],
        ['grounded', [2]],
      ]);
      expect(failureOf(() => assertEchoClean(report)).failures.map((failure) => failure.caseId)).toEqual([
        'case-1',
        'case-3',
      ]);
    });

    it('fails it when it throws a rejection there instead, even with allowReject', async () => {
      calls = 0;
      const report = await runEchoCheck({ pipeline: decliningWhen(decoyFirst, 'reject'), cases: 4 });
      expect(report.counts).toMatchObject({ grounded: 2, rejected: 2 });
      const error = failureOf(() => assertEchoClean(report, { allowReject: true }));
      expect(error.failures.map((failure) => failure.reasons[0])).toEqual([
        expect.stringMatching(/^rejected where the positive was \[2\]/),
        expect.stringMatching(/^rejected where the positive was \[2\]/),
      ]);
    });

    it('reads the places from the grounded rows, so a report in any order is held to both', () => {
      const abstained = { outcome: 'abstained', leaked: false } as const;
      expect(() => assertEchoClean(report([grounded, abstained]))).toThrow(/shown as \[2\] was grounded/);
      expect(() => assertEchoClean(report([grounded, { ...grounded, citedSources: [1] }, grounded]))).toThrow(
        /shown as \[2\] was grounded/,
      );
      expect(() => assertEchoClean(report([abstained, grounded]))).toThrow(/shown as \[1\] was grounded/);
      expect(() => assertEchoClean(report([grounded, grounded, abstained, abstained]))).not.toThrow();
    });

    it('passes a correct pipeline, a one-case run (which shows one order only) and an always-[1] one-case run', async () => {
      expect(() => assertEchoClean(report([grounded]))).not.toThrow();
      const correct = await runEchoCheck({ pipeline: correctText, cases: 6 });
      expect(correct.cases.map((c) => c.citedSources)).toEqual([[1], [2], [1], [2], [1], [2]]);
      expect(() => assertEchoClean(correct)).not.toThrow();
      // One case cannot tell the pipelines apart; the README asks for at least two.
      const single = await runEchoCheck({ pipeline: alwaysFirst, cases: 1 });
      expect(() => assertEchoClean(single)).not.toThrow();
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
      const mixed = report([grounded, grounded, { outcome: 'abstained', leaked: false }]);
      expect(() => assertEchoClean(mixed)).not.toThrow();
      expect(failureOf(() => assertEchoClean(mixed, { allowAbstain: false })).failures).toEqual([
        { caseId: 'case-3', reasons: ['abstained (allowAbstain is false)'] },
      ]);
    });

    it('fails rejections unless allowReject is true', () => {
      const rejected = report([grounded, grounded, { outcome: 'rejected', leaked: false }]);
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

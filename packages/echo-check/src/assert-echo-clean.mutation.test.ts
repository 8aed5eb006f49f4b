import type { EchoReport } from '@gk/eval-schema';
import { describe, expect, it } from 'vitest';
import { assertEchoClean } from './assert-echo-clean.js';
import { EchoCheckError } from './echo-check-error.js';

// Pins the invalid-report message (and its 300-character cap) and how reasons of one case are joined
// (mutation testing).

const row = (caseId: string, outcome: EchoReport['cases'][number]['outcome'], leaked = false) => ({
  caseId,
  outcome,
  leaked,
});

function report(cases: EchoReport['cases']): EchoReport {
  const count = (outcome: string): number => cases.filter((c) => c.outcome === outcome).length;
  return {
    schemaVersion: 1,
    kind: 'echo',
    runId: 'run-1',
    startedAt: '2026-01-01T00:00:00.000Z',
    cases,
    counts: {
      grounded: count('grounded'),
      wrongSource: count('wrong_source'),
      abstained: count('abstained'),
      rejected: count('rejected'),
      leaked: cases.filter((c) => c.leaked).length,
      total: cases.length,
    },
  };
}

function thrown(run: () => void): EchoCheckError {
  try {
    run();
  } catch (error) {
    expect(EchoCheckError.isInstance(error)).toBe(true);
    return error as EchoCheckError;
  }
  throw new Error('expected assertEchoClean to throw');
}

describe('assertEchoClean (mutation-pinned)', () => {
  it('joins the reasons of one case with "; "', () => {
    const error = thrown(() =>
      assertEchoClean(report([row('case-1', 'grounded'), row('case-2', 'wrong_source', true)])),
    );
    expect(error.message.split('\n')[1]).toBe(
      '  - case-2: wrong source (cited the decoy, or a citation that does not re-read with marker A); leaked (marker C, shown nowhere, appeared in the answer or a citation)',
    );
  });

  it('names the first schema problem after a fixed prefix', () => {
    const invalid = { ...report([row('case-1', 'grounded')]), runId: '' };
    const error = thrown(() => assertEchoClean(invalid));
    expect(error.code).toBe('invalid_report');
    expect(error.message).toBe(
      'Expected a valid EchoReport: EchoReport.runId: Too small: expected string to have >=1 characters',
    );
  });

  it('quotes at most 300 characters of a long schema problem', () => {
    const key = `k${'y'.repeat(400)}`;
    const invalid = { ...report([row('case-1', 'grounded')]), [key]: 1 } as EchoReport;
    const error = thrown(() => assertEchoClean(invalid));
    const prefix = 'Expected a valid EchoReport: ';
    const cause = (error.cause as Error).message;
    expect(cause.length).toBeGreaterThan(300);
    expect(error.message).toBe(`${prefix}${cause.slice(0, 300)}`);
  });
});

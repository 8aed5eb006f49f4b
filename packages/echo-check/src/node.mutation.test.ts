import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EchoReport } from '@gk/eval-schema';
import { afterAll, describe, expect, it } from 'vitest';
import { EchoCheckError } from './echo-check-error.js';
import { writeEchoReport } from './node.js';

// Pins the refusal message of writeEchoReport (prefix, 300-character cap) and that nothing is written
// (mutation testing).

const root = await mkdtemp(join(tmpdir(), 'gk-echo-mut-'));
afterAll(() => rm(root, { recursive: true, force: true }));

const valid: EchoReport = {
  schemaVersion: 1,
  kind: 'echo',
  runId: 'run-1',
  startedAt: '2026-01-01T00:00:00.000Z',
  cases: [{ caseId: 'case-1', outcome: 'grounded', leaked: false }],
  counts: { grounded: 1, wrongSource: 0, abstained: 0, rejected: 0, leaked: 0, total: 1 },
};

async function refusal(report: EchoReport, path: string): Promise<EchoCheckError> {
  const error = await writeEchoReport(report, path).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(EchoCheckError.isInstance(error)).toBe(true);
  return error as EchoCheckError;
}

describe('writeEchoReport (mutation-pinned)', () => {
  it('names the first schema problem after a fixed prefix and writes nothing', async () => {
    const folder = join(root, 'short');
    const error = await refusal({ ...valid, runId: '' }, join(folder, 'echo.json'));
    expect(error.code).toBe('invalid_report');
    expect(error.message).toBe(
      'Refusing to write an invalid EchoReport: EchoReport.runId: Too small: expected string to have >=1 characters',
    );
    await expect(readdir(folder)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('quotes at most 300 characters of a long schema problem', async () => {
    const invalid = { ...valid, [`k${'y'.repeat(400)}`]: 1 } as EchoReport;
    const error = await refusal(invalid, join(root, 'long', 'echo.json'));
    const cause = (error.cause as Error).message;
    expect(cause.length).toBeGreaterThan(300);
    expect(error.message).toBe(`Refusing to write an invalid EchoReport: ${cause.slice(0, 300)}`);
  });
});

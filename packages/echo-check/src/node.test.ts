import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type EchoReport, safeParseEchoReport } from '@gk/eval-schema';
import { afterAll, describe, expect, it } from 'vitest';
import { correctText } from './__fixtures__/scripted-pipelines.js';
import { EchoCheckError } from './echo-check-error.js';
import { DEFAULT_ECHO_REPORT_PATH, writeEchoReport } from './node.js';
import { runEchoCheck } from './run-echo-check.js';

const root = await mkdtemp(join(tmpdir(), 'gk-echo-'));
afterAll(() => rm(root, { recursive: true, force: true }));

const valid: EchoReport = {
  schemaVersion: 1,
  kind: 'echo',
  runId: 'run-1',
  startedAt: '2026-01-01T00:00:00.000Z',
  cases: [{ caseId: 'case-1', outcome: 'grounded', leaked: false, citedSources: [1] }],
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

describe('writeEchoReport', () => {
  describe('writing', () => {
    it('writes the validated report as JSON, creating folders, and returns the absolute path', async () => {
      const report = await runEchoCheck({ pipeline: correctText, cases: 2 });
      const target = join(root, 'evals', 'results', 'echo-latest.json');
      expect(await writeEchoReport(report, target)).toBe(target);
      const written = await readFile(target, 'utf8');
      expect(written.endsWith('}\n')).toBe(true);
      const parsed = safeParseEchoReport(written);
      expect(parsed.success && parsed.data).toEqual(report);
      expect(await readdir(join(root, 'evals', 'results'))).toEqual(['echo-latest.json']);
    });

    it('overwrites an earlier report in place', async () => {
      const target = join(root, 'again', 'echo.json');
      await writeEchoReport(await runEchoCheck({ pipeline: correctText, cases: 1 }), target);
      const second = await runEchoCheck({ pipeline: correctText, cases: 3 });
      await writeEchoReport(second, target);
      expect(JSON.parse(await readFile(target, 'utf8')).runId).toBe(second.runId);
    });

    it('defaults to evals/results/echo-latest.json', () => {
      expect(DEFAULT_ECHO_REPORT_PATH).toBe('evals/results/echo-latest.json');
    });
  });

  describe('invalid reports', () => {
    it('refuses an invalid report with invalid_report, naming the first problem, and writes nothing', async () => {
      const tampered = await refusal(
        { ...valid, counts: { ...valid.counts, leaked: 1 } },
        join(root, 'never', 'echo.json'),
      );
      expect(tampered).toMatchObject({ name: 'EchoCheckError', code: 'invalid_report' });
      await expect(readdir(join(root, 'never'))).rejects.toMatchObject({ code: 'ENOENT' });
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
      expect(error.message).toBe(`Refusing to write an invalid EchoReport: ${cause.slice(0, 300)}…`);
    });
  });
});

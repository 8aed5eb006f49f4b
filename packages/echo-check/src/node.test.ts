import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { safeParseEchoReport } from '@gk/eval-schema';
import { afterAll, describe, expect, it } from 'vitest';
import { correctText } from './__fixtures__/scripted-pipelines.js';
import { DEFAULT_ECHO_REPORT_PATH, writeEchoReport } from './node.js';
import { runEchoCheck } from './run-echo-check.js';

const root = await mkdtemp(join(tmpdir(), 'gk-echo-'));
afterAll(() => rm(root, { recursive: true, force: true }));

describe('writeEchoReport', () => {
  it('writes the validated report as JSON, creating folders, and returns the absolute path', async () => {
    const report = await runEchoCheck({ answer: correctText, cases: 2 });
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
    await writeEchoReport(await runEchoCheck({ answer: correctText, cases: 1 }), target);
    const second = await runEchoCheck({ answer: correctText, cases: 3 });
    await writeEchoReport(second, target);
    expect(JSON.parse(await readFile(target, 'utf8')).runId).toBe(second.runId);
  });

  it('refuses an invalid report with invalid_report and writes nothing', async () => {
    const report = await runEchoCheck({ answer: correctText, cases: 1 });
    const target = join(root, 'never', 'echo.json');
    const tampered = { ...report, counts: { ...report.counts, leaked: 1 } };
    await expect(writeEchoReport(tampered, target)).rejects.toMatchObject({
      name: 'EchoCheckError',
      code: 'invalid_report',
    });
    await expect(readdir(join(root, 'never'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('defaults to evals/results/echo-latest.json', () => {
    expect(DEFAULT_ECHO_REPORT_PATH).toBe('evals/results/echo-latest.json');
  });
});

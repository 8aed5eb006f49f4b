import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { safeParseEchoReport } from '@gk/eval-schema';
import { describe, expect, it } from 'vitest';
import { runGk, temporaryFolder } from '../__fixtures__/run-gk.js';

const pipelines = fileURLToPath(new URL('../__fixtures__/pipelines/', import.meta.url));

describe('gk echo', () => {
  it('runs the echo check on a clean pipeline, writes a valid report, prints the case table and exits 0', async () => {
    const dir = temporaryFolder();
    const run = await runGk(
      ['echo', join(pipelines, 'echo-extractive.js'), '--cases', '4', '--out', 'echo.json'],
      { cwd: dir },
    );
    expect(run.stderr).toContain('4 cases: 4 grounded, 0 wrong source, 0 abstained, 0 rejected, 0 leaked');
    expect(run.stderr).toMatch(/case-1\s+grounded\s+no leak\s+cited \[\d\]/);
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.stdout);
    expect(summary).toMatchObject({ report: join(dir, 'echo.json'), clean: true, failures: [] });
    expect(safeParseEchoReport(JSON.parse(readFileSync(join(dir, 'echo.json'), 'utf8'))).success).toBe(true);
  });

  it('escapes controls in what it prints, the report path in its JSON line included', async () => {
    const dir = temporaryFolder();
    const run = await runGk(
      ['echo', join(pipelines, 'echo-cites-everything.js'), '--cases', '1', '--out', 'echo\u202e\u009b.json'],
      { cwd: dir },
    );
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).not.toMatch(/[\u007f-\u009f\u202a-\u202e]/);
    expect(JSON.parse(run.stdout).report).toBe(join(dir, 'echo\u202e\u009b.json'));
    expect(run.stderr).toContain('report written to');
  });

  it('exits 1 and lists the failing cases when the pipeline cites the decoy', async () => {
    const dir = temporaryFolder();
    const run = await runGk(['echo', join(pipelines, 'echo-cites-everything.js'), '--cases', '3'], {
      cwd: dir,
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Echo check failed: 3 of 3 cases failed');
    expect(JSON.parse(run.stdout)).toMatchObject({
      clean: false,
      counts: { wrongSource: 3 },
      report: join(dir, 'evals/results/echo-latest.json'),
    });
  });

  it('fails a missing, empty, unparsable or pipeline-less module with exit 2', async () => {
    const dir = temporaryFolder();
    writeFileSync(join(dir, 'empty.js'), '');
    writeFileSync(join(dir, 'broken.js'), 'export const pipeline = ({ question => question;\n');
    const missing = await runGk(['echo', 'nowhere.js'], { cwd: dir });
    expect([missing.code, missing.stderr]).toEqual([2, 'gk: module_not_found: nowhere.js: no such module\n']);
    const empty = await runGk(['echo', 'empty.js'], { cwd: dir });
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain(
      'no_pipeline: empty.js: expected a function exported as "pipeline" or "default"; it exports nothing',
    );
    const broken = await runGk(['echo', 'broken.js'], { cwd: dir });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain('module_import_failed: broken.js: could not be imported:');
    const named = await runGk(['echo', join(pipelines, 'echo-no-pipeline.js')], { cwd: dir });
    expect(named.stderr).toContain('it exports settings');
    const wrongExport = await runGk(
      ['echo', join(pipelines, 'echo-no-pipeline.js'), '--export', 'settings'],
      { cwd: dir },
    );
    expect(wrongExport.stderr).toContain('expected a function exported as "settings"');
  });

  it('reports a pipeline that throws a plain error as exit 2, and a bad --cases as a usage error', async () => {
    const dir = temporaryFolder();
    const thrown = await runGk(['echo', join(pipelines, 'echo-throws.js'), '--cases', '1'], { cwd: dir });
    expect(thrown.code).toBe(2);
    expect(thrown.stderr).toContain('pipeline_output');
    expect(thrown.stderr).toContain('TypeError');
    for (const cases of ['0', '10001', 'many', '1.5']) {
      const run = await runGk(['echo', join(pipelines, 'echo-extractive.js'), '--cases', cases], {
        cwd: dir,
      });
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('--cases: expected an integer from 1 to 10000');
    }
  });

  it('loads a module whose source has a 10 MB line', async () => {
    const dir = temporaryFolder();
    writeFileSync(
      join(dir, 'long.js'),
      `// ${'x'.repeat(10 * 1024 * 1024)}\nexport { default } from ${JSON.stringify(join(pipelines, 'echo-cites-everything.js'))};\n`,
    );
    const run = await runGk(['echo', 'long.js', '--cases', '1'], { cwd: dir });
    expect(run.code).toBe(1);
  });

  it('refuses an --out it cannot write as unwritable before running a case, leaving no temporary file', async () => {
    const dir = temporaryFolder();
    mkdirSync(join(dir, 'adir'));
    writeFileSync(join(dir, 'afile'), '');
    for (const out of ['adir', 'afile/echo.json']) {
      const run = await runGk(['echo', join(pipelines, 'echo-extractive.js'), '--cases', '2', '--out', out], {
        cwd: dir,
      });
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(new RegExp(`^gk: unwritable: --out ${out}: cannot write`, 'm'));
      expect(run.stderr).not.toContain('case-1');
    }
    expect(readdirSync(dir).sort()).toEqual(['adir', 'afile']);
    expect(readdirSync(join(dir, 'adir'))).toEqual([]);
  });

  it('has help with examples', async () => {
    const run = await runGk(['echo', '--help'], { cwd: temporaryFolder() });
    expect(run.stdout).toContain('gk echo ./pipeline.js');
  });
});

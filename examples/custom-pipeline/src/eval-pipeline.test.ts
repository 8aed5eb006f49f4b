import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PassThrough, Readable } from 'node:stream';
import { runCli } from '@gk/cli';
import { type EvalReport, safeParseEvalReport } from '@gk/eval-schema';
import { extractiveModel } from '@gk/synthesis';
import { describe, expect, it, onTestFinished } from 'vitest';
import { buildLicenceIndex } from '../../demo/src/build-index.js';
import { loadLicences } from '../../demo/src/load-licences.js';
import { relevantChunkIds } from './gold-relevance.js';
import { GOLDEN_SET } from './golden-set.js';
import { runEvaluation } from './run-evaluation.js';

const folder = fileURLToPath(new URL('..', import.meta.url));

describe('gk eval on the custom pipeline', () => {
  it('reads a question set that matches the golden set: same questions, gold = the chunks that hold each gold span', {
    timeout: 120_000,
  }, () => {
    const index = buildLicenceIndex(loadLicences());
    const lines = readFileSync(join(folder, 'questions.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map((line) => line.id)).toEqual(GOLDEN_SET.map((golden) => golden.id));
    GOLDEN_SET.forEach((golden, position) => {
      expect(lines[position]).toEqual({
        id: golden.id,
        question: golden.question,
        category: golden.category,
        gold: [...relevantChunkIds(index.passages, golden.gold)],
      });
    });
  });

  it('writes an EvalReport whose metrics and counts equal those of runEvaluation', {
    timeout: 120_000,
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gk-eval-example-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const out = join(dir, 'latest.json');
    const stdout = new PassThrough();
    const stderr = new PassThrough();
    let errors = '';
    stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    stdout.resume();
    const code = await runCli(['eval', 'eval.config.json', '--out', out], {
      stdin: Readable.from([]),
      stdout,
      stderr,
      cwd: folder,
    });
    expect(code, errors).toBe(0);
    const parsed = safeParseEvalReport(JSON.parse(readFileSync(out, 'utf8')));
    if (!parsed.success) throw parsed.error;
    const report: EvalReport = parsed.data;
    const direct = await runEvaluation({
      index: buildLicenceIndex(loadLicences()),
      questions: GOLDEN_SET,
      model: extractiveModel(),
    });
    expect(report.stages[0]!.metrics).toEqual(direct.stages[0]!.metrics);
    expect(report.stages[0]!.categories).toEqual(direct.stages[0]!.categories);
    expect(report.corpusHash).toBe(direct.corpusHash);
    expect(report.synthesis?.counts).toEqual(direct.synthesis?.counts);
    expect(report.synthesis?.promptHash).toBe(direct.synthesis?.promptHash);
  });
});

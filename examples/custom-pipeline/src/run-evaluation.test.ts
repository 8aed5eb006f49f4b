import { safeParseEvalReport } from '@gk/eval-schema';
import { extractiveModel } from '@gk/synthesis';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildLicenceIndex, type LicenceIndex } from '../../demo/src/build-index.js';
import { loadLicences } from '../../demo/src/load-licences.js';
import { GOLDEN_SET } from './golden-set.js';
import { renderReport } from './render-report.js';
import { runEvaluation } from './run-evaluation.js';
import { createScriptedRewriter } from './scripted-models.js';
import { replying } from '../../demo/src/__fixtures__/replying-model.js';

let index: LicenceIndex;
// Building the index takes about a second, several on a loaded machine.
beforeAll(() => {
  index = buildLicenceIndex(loadLicences());
}, 120_000);

describe('runEvaluation', () => {
  it('evaluates the golden set offline into a valid EvalReport with retrieval metrics and synthesis counts', async () => {
    const report = await runEvaluation({ index, questions: GOLDEN_SET, model: extractiveModel() });
    expect(safeParseEvalReport(JSON.parse(JSON.stringify(report))).success).toBe(true);
    const [stage] = report.stages;
    expect(stage?.queries).toHaveLength(GOLDEN_SET.length);
    expect(stage?.metrics.queries).toBe(GOLDEN_SET.length);
    // Every golden question finds a gold passage in its top 5 (measured; a regression shows here).
    expect(stage?.metrics.hitRate).toBe(1);
    expect(stage?.metrics.mrr).toBeGreaterThan(0.8);
    const counts = report.synthesis?.counts;
    expect(counts?.answered).toBe(GOLDEN_SET.length);
    expect(counts?.faithful).toBe(GOLDEN_SET.length);
    expect(report.synthesis?.judge?.provider).toBe('scripted');
    const table = renderReport(report, {
      synthesis: 'extractive',
      judge: 'scripted',
      rewriter: null,
      path: null,
    });
    expect(table).toMatch(/all\s+15\s+0\.\d{3}/);
    expect(table).toMatch(/apache-changes\s+rank 1\s+answered\s+faithful/);
  }, 120_000);

  it('counts a rejected synthesis and a judge whose reply is not a verdict, and runs the rewrite step', async () => {
    const questions = GOLDEN_SET.slice(0, 2);
    const rejected = await runEvaluation({ index, questions, model: replying(`Yes [${'9'.repeat(20)}].`) });
    expect(rejected.synthesis?.rows.map((row) => [row.status, row.rejectionCode])).toEqual([
      ['rejected', 'marker_out_of_range'],
      ['rejected', 'marker_out_of_range'],
    ]);
    const judged = await runEvaluation({
      index,
      questions,
      model: extractiveModel(),
      judgeFor: () => replying('```json\n{"faithful": true, "__proto__": {}}\n``` trailing'),
      rewriter: createScriptedRewriter(),
    });
    expect(judged.synthesis?.counts).toMatchObject({ answered: 2, judged: 2, judgeErrors: 2, faithful: 0 });
  }, 120_000);
});

import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { extractiveModel } from '@gk/synthesis';
import { buildLicenceIndex } from '../../demo/src/build-index.js';
import { loadLicences } from '../../demo/src/load-licences.js';
import { GOLDEN_SET } from './golden-set.js';
import { renderReport } from './render-report.js';
import { runEvaluation } from './run-evaluation.js';
import { createScriptedRewriter, SCRIPTED_JUDGE_LABEL, SCRIPTED_REWRITER_LABEL } from './scripted-models.js';

const { values } = parseArgs({ options: { rewrite: { type: 'boolean' }, 'top-k': { type: 'string' } } });
const topK = values['top-k'] === undefined ? 5 : Number(values['top-k']);
if (!Number.isInteger(topK) || topK < 1 || topK > 50) {
  process.stderr.write('--top-k must be an integer from 1 to 50\n');
  process.exit(2);
}
const path = fileURLToPath(new URL('../../../evals/results/latest.json', import.meta.url));

const index = buildLicenceIndex(loadLicences());
const report = await runEvaluation({
  index,
  questions: GOLDEN_SET,
  model: extractiveModel(),
  topK,
  rewriter: values.rewrite === true ? createScriptedRewriter() : undefined,
});
await mkdir(dirname(path), { recursive: true });
await writeFile(path, `${JSON.stringify(report, null, 2)}\n`);
process.stdout.write(
  renderReport(report, {
    synthesis: 'extractive model (offline, deterministic)',
    judge: SCRIPTED_JUDGE_LABEL,
    rewriter: values.rewrite === true ? SCRIPTED_REWRITER_LABEL : null,
    path,
  }),
);

import { fileURLToPath } from 'node:url';
import { type EchoPipeline, runEchoCheck } from '@gk/echo-check';
import { writeEchoReport } from '@gk/echo-check/node';
import { extractiveModel, synthesize } from '@gk/synthesis';
import { citeEveryPassage } from './cite-every-passage.js';

// The same check as src/echo.test.ts, outside a test runner: the demo's synthesis step and a naive pipeline
// that quotes every passage, side by side; the report of the demo's run is written to disk.
const path = fileURLToPath(new URL('../../../evals/results/echo-latest.json', import.meta.url));
const pipelines: Array<{ label: string; pipeline: EchoPipeline }> = [
  {
    label: 'demo synthesis step',
    pipeline: ({ question, passages }) =>
      synthesize({
        model: extractiveModel(),
        question,
        passages,
        // The demo's synthesis settings (examples/demo/src/pipeline.ts).
        policy: 'drop-claims',
        verify: { support: {} },
      }),
  },
  { label: 'cites every passage', pipeline: citeEveryPassage },
];
process.stdout.write(
  'Echo check: 20 planted-marker cases per pipeline (positive + look-alike decoy + absent marker)\n\n',
);
process.stdout.write('pipeline                  grounded  wrong source  abstained  rejected  leaked\n');
for (const [index, { label, pipeline }] of pipelines.entries()) {
  const report = await runEchoCheck({ pipeline, cases: 20 });
  const c = report.counts;
  process.stdout.write(
    `${label.padEnd(24)}  ${pad(c.grounded, 8)}  ${pad(c.wrongSource, 12)}  ${pad(c.abstained, 9)}  ${pad(c.rejected, 8)}  ${pad(c.leaked, 6)}\n`,
  );
  if (index === 0) await writeEchoReport(report, path);
}
process.stdout.write(`\nReport of the demo pipeline's run written to ${path}\n`);

function pad(value: number, width: number): string {
  return String(value).padStart(width);
}

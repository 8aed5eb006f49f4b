import { fileURLToPath } from 'node:url';
import { runEchoCheck } from '@gk/echo-check';
import { writeEchoReport } from '@gk/echo-check/node';
import { extractiveModel, synthesize } from '@gk/synthesis';

// The same check as src/echo.test.ts, outside a test runner: both model settings, the report written to disk.
const path = fileURLToPath(new URL('../../../evals/results/echo-latest.json', import.meta.url));
const settings = [
  { label: 'extractive, 1 sentence ', maxSentences: 1 },
  { label: 'extractive, 3 sentences', maxSentences: 3 },
];
process.stdout.write(
  'Echo check: 20 planted-marker cases per pipeline (positive + look-alike decoy + absent marker)\n\n',
);
process.stdout.write('pipeline                  grounded  wrong source  abstained  rejected  leaked\n');
for (const { label, maxSentences } of settings) {
  const report = await runEchoCheck({
    answer: ({ question, passages }) =>
      synthesize({
        model: extractiveModel({ maxSentences }),
        question,
        passages,
        // The demo's synthesis settings (examples/demo/src/pipeline.ts).
        policy: 'drop-claims',
        verify: { support: {} },
      }),
    cases: 20,
  });
  const c = report.counts;
  process.stdout.write(
    `${label}   ${pad(c.grounded, 8)}  ${pad(c.wrongSource, 12)}  ${pad(c.abstained, 9)}  ${pad(c.rejected, 8)}  ${pad(c.leaked, 6)}\n`,
  );
  if (maxSentences === 1) await writeEchoReport(report, path);
}
process.stdout.write(`\nReport of the 1-sentence run written to ${path}\n`);

function pad(value: number, width: number): string {
  return String(value).padStart(width);
}

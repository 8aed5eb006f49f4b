// Overhead of the echo checker per case, excluding the pipeline: the pipeline under test is instant (a map
// lookup). Run with `npx tsx packages/echo-check/bench/echo.bench.ts` (needs built dist of @gk/citations and
// @gk/eval-schema). Target: under 1 ms per case.
import { Bench } from 'tinybench';
import {
  buildEchoCase,
  ECHO_TEMPLATES,
  type EchoCase,
  type EchoPipeline,
  runEchoCheck,
} from '../src/index.js';

const CASES = 100;
const known = new Map<string, EchoCase>();
const createCase = (index: number): EchoCase => {
  const echoCase = buildEchoCase({
    caseId: `case-${index + 1}`,
    templateId: ECHO_TEMPLATES[index % ECHO_TEMPLATES.length]!.id,
  });
  known.set(echoCase.question, echoCase);
  return echoCase;
};
const sourceOf = (input: Parameters<EchoPipeline>[0]): { echoCase: EchoCase; source: number } => {
  const echoCase = known.get(input.question)!;
  return {
    echoCase,
    source: input.passages.findIndex((p) => p.documentId === echoCase.positive.documentId) + 1,
  };
};

const rawText: EchoPipeline = (input) => {
  const { echoCase, source } = sourceOf(input);
  return `${echoCase.positive.passage.text} [${source}]`;
};
const synthesized: EchoPipeline = (input) => {
  const { echoCase, source } = sourceOf(input);
  const { documentId, chunkId, start, end, text } = echoCase.positive.passage;
  return { text: `${text} [${source}]`, citations: [{ source, documentId, chunkId, start, end, text }] };
};

const bench = new Bench({ time: 2_000, warmup: true });
bench
  .add(`runEchoCheck, ${CASES} cases, synthesized answer`, async () => {
    known.clear();
    const report = await runEchoCheck({ pipeline: synthesized, cases: CASES, createCase });
    if (report.counts.grounded !== CASES) throw new Error('benchmark pipeline was not grounded');
  })
  .add(`runEchoCheck, ${CASES} cases, raw text (verifyAnswer included)`, async () => {
    known.clear();
    const report = await runEchoCheck({ pipeline: rawText, cases: CASES, createCase });
    if (report.counts.grounded !== CASES) throw new Error('benchmark pipeline was not grounded');
  })
  .add('buildEchoCase alone, 1 case', () => {
    buildEchoCase();
  });

await bench.run();

const rows = bench.tasks.map((task) => {
  const result = task.result;
  const mean = result && 'latency' in result ? result.latency.mean : Number.NaN;
  const perCase = task.name.startsWith('runEchoCheck') ? mean / CASES : mean;
  return {
    task: task.name,
    'mean per run (ms)': mean.toFixed(3),
    'per case (µs)': (perCase * 1000).toFixed(1),
    'target (< 1 ms/case)': perCase < 1 ? 'met' : 'MISSED',
    samples: result && 'latency' in result ? result.latency.samplesCount : 0,
  };
});
console.table(rows);

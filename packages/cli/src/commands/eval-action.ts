import { resolve } from 'node:path';
import { type EvalReport, safeParseEvalReport } from '@gk/eval-schema';
import type { CommandIo, ExitCode } from '../cli-io.js';
import { compareEvalReports } from '../eval/compare-eval-reports.js';
import type { EvalPipeline, EvalPipelineExport } from '../eval/eval-pipeline.js';
import { formatEvalSummary } from '../eval/format-eval-summary.js';
import { readEvalConfig } from '../eval/read-eval-config.js';
import { readQuestions } from '../eval/read-questions.js';
import { runEval } from '../eval/run-eval.js';
import { InputError } from '../input-error.js';
import { checkOutputPaths, standardOutputPath } from '../io/check-output-paths.js';
import { importUserModule } from '../io/import-user-module.js';
import { readJsonFile } from '../io/read-json-file.js';
import { prepareOutputFile, writeOutputFile } from '../io/write-output-file.js';
import { escapeTerminalJson, escapeTerminalText } from '../terminal/escape-terminal-text.js';
import { createProgressBar } from '../terminal/progress-bar.js';
import { CLI_VERSION } from '../version.js';

import type { EvalFlags } from './eval-command.js';
import { describeThrown } from '../describe-thrown.js';

/** Runs `gk eval` once its arguments are parsed. */
export async function evalAction(path: string, flags: EvalFlags, io: CommandIo): Promise<ExitCode> {
  const config = await readEvalConfig(path, io.cwd);
  const topK = flags.topK === undefined ? (config.topK ?? 5) : integer(flags.topK, '--top-k', 1, 1000);
  const concurrency =
    flags.concurrency === undefined
      ? (config.concurrency ?? 4)
      : integer(flags.concurrency, '--concurrency', 1, 256);
  const maxDrop = flags.maxDrop === undefined ? config.maxDrop : rate(flags.maxDrop);
  const baselinePath = flags.baseline === undefined ? config.baseline : resolve(io.cwd, flags.baseline);
  const out =
    flags.out === undefined
      ? (config.out ?? resolve(io.cwd, 'evals/results/latest.json'))
      : resolve(io.cwd, flags.out);
  if (maxDrop !== undefined && baselinePath === undefined) {
    throw new InputError({
      code: 'usage',
      field: '--max-drop',
      message: '--max-drop needs a --baseline report to compare with',
    });
  }
  // Standard output appended to a file the run reads would change it (a baseline, the questions, the pipeline).
  await checkOutputPaths(standardOutputPath(io.stdout.fd), [
    { path: resolve(io.cwd, path), shown: path, flag: 'input' },
    { path: config.questions, shown: config.questions, flag: 'questions' },
    { path: config.pipeline, shown: config.pipeline, flag: 'pipeline' },
    ...(baselinePath === undefined ? [] : [{ path: baselinePath, shown: baselinePath, flag: '--baseline' }]),
  ]);
  await prepareOutputFile(out, {
    cwd: io.cwd,
    flag: '--out',
    inputs: [path, config.questions, config.pipeline, ...(baselinePath === undefined ? [] : [baselinePath])],
  });
  const baseline = baselinePath === undefined ? null : await readBaseline(baselinePath, io.cwd);
  const questions = await readQuestions(config.questions, config.questions);
  const pipeline = await loadPipeline(config.pipeline, config.export, config.options ?? {}, io.cwd);

  const progress = createProgressBar({ stream: io.stderr, unit: 'questions', total: questions.length });
  let report: EvalReport;
  try {
    report = await runEval({
      pipeline,
      questions,
      topK,
      concurrency,
      packageVersion: CLI_VERSION,
      onProgress: (done) => progress.update(done),
    });
  } catch (error) {
    if (InputError.isInstance(error)) throw error;
    const reason = describeThrown(error);
    throw new InputError({
      code: 'pipeline_output',
      file: config.pipeline,
      message: `the pipeline failed: ${reason.slice(0, 400)}`,
      cause: error,
    });
  } finally {
    progress.finish();
  }
  // Escaped as standard output is: an --out of /dev/stdout or a terminal gets no raw control either.
  await writeOutputFile(out, `${escapeTerminalJson(JSON.stringify(report, null, 2))}\n`, { flag: '--out' });

  const comparison = baseline === null ? null : compareEvalReports(report, baseline, { maxDrop });
  io.stderr.write(formatEvalSummary(report, comparison));
  io.stderr.write(`report written to ${escapeTerminalText(out)}\n`);
  io.stdout.write(
    `${escapeTerminalJson(
      JSON.stringify({
        report: out,
        stages: report.stages.map((stage) => ({ stage: stage.stage, metrics: stage.metrics })),
        synthesis:
          report.synthesis === undefined
            ? null
            : { counts: report.synthesis.counts, claimAcceptance: report.synthesis.claimAcceptance },
        comparison,
      }),
    )}\n`,
  );
  // A gate over other questions, another corpus or another k proves nothing: dropping the hard questions would pass.
  const incomparable = comparison?.warnings ?? [];
  if (maxDrop !== undefined && incomparable.length > 0 && flags.allowIncomparable !== true) {
    io.stderr.write(
      `exit 1: --max-drop compares runs that are not comparable (${incomparable.map((warning) => escapeTerminalText(warning)).join('; ')}); --allow-incomparable to compare anyway\n`,
    );
    return 1;
  }
  if (comparison !== null && comparison.regressions.length > 0) {
    io.stderr.write(
      `exit 1: ${comparison.regressions.length} metric${comparison.regressions.length === 1 ? '' : 's'} dropped by more than --max-drop ${maxDrop}\n`,
    );
    return 1;
  }
  return 0;
}

async function readBaseline(path: string, cwd: string): Promise<EvalReport> {
  const parsed = safeParseEvalReport(await readJsonFile(path, { cwd, code: 'invalid_report' }));
  if (!parsed.success) {
    throw new InputError({
      code: 'invalid_report',
      file: path,
      field: parsed.error.path.join('.'),
      message: `--baseline ${path}: ${parsed.error.message.slice(0, 300)}`,
    });
  }
  return parsed.data;
}

async function loadPipeline(
  path: string,
  name: string | undefined,
  options: Record<string, unknown>,
  cwd: string,
): Promise<EvalPipeline> {
  const module = await importUserModule(path, cwd);
  const keys = name === undefined ? ['pipeline', 'default'] : [name];
  const found = keys.map((key) => module[key]).find((value) => value !== undefined) as
    | EvalPipelineExport
    | undefined;
  let pipeline: EvalPipeline | undefined;
  try {
    pipeline = typeof found === 'function' ? await found(options) : found;
  } catch (error) {
    throw new InputError({
      code: 'pipeline_output',
      file: path,
      message: `${path}: the pipeline factory failed: ${describeThrown(error).slice(0, 400)}`,
      cause: error,
    });
  }
  if (
    typeof pipeline !== 'object' ||
    pipeline === null ||
    typeof pipeline.setup !== 'function' ||
    typeof pipeline.answer !== 'function'
  ) {
    throw new InputError({
      code: 'no_pipeline',
      file: path,
      message: `${path}: expected ${keys.map((key) => `"${key}"`).join(' or ')} to be { setup, answer } or a function returning one; it exports ${Object.keys(module).join(', ') || 'nothing'}`,
    });
  }
  return pipeline;
}

function integer(value: string, name: string, min: number, max: number): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < min || number > max) {
    throw new InputError({
      code: 'usage',
      field: name,
      message: `${name}: expected an integer from ${min} to ${max}, received ${JSON.stringify(value.slice(0, 40))}`,
    });
  }
  return number;
}

/** A plain decimal from 0 to 1: `Number` also reads `0x1`, `0b1` and `1e0` as 1, a --max-drop that passes every drop. */
const DECIMAL_RATE = /^(?:0(?:\.\d+)?|1(?:\.0+)?|\.\d+)$/;

function rate(value: string): number {
  if (!DECIMAL_RATE.test(value)) {
    throw new InputError({
      code: 'usage',
      field: '--max-drop',
      message: `--max-drop: expected a decimal from 0 to 1 such as 0.02, received ${JSON.stringify(value.slice(0, 40))}`,
    });
  }
  return Number(value);
}

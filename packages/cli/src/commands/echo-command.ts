import { resolve } from 'node:path';
import { assertEchoClean, EchoCheckError, type EchoPipeline, runEchoCheck } from '@gk/echo-check';
import { DEFAULT_ECHO_REPORT_PATH, writeEchoReport } from '@gk/echo-check/node';
import type { Command } from 'commander';
import type { CliIo, ExitCode } from '../cli-io.js';
import { formatEchoTable } from '../echo/format-echo-table.js';
import { InputError } from '../input-error.js';
import { importUserModule, pickExport } from '../io/import-user-module.js';
import { createProgressBar } from '../terminal/progress-bar.js';

const EXAMPLES = `
The module exports a pipeline function, ({ question, passages }) => string | { text, citations },
as "pipeline" or as its default export (or name it with --export). TypeScript modules load through tsx.

Examples:
  gk echo ./pipeline.js
  gk echo src/pipeline.ts --cases 20 --out evals/results/echo.json
  gk echo ./pipeline.js --export answerQuestion --fail-on-abstain`;

interface EchoFlags {
  export?: string;
  cases: string;
  out: string;
  failOnAbstain?: true;
  allowReject?: true;
}

/** Registers `gk echo`. */
export function registerEchoCommand(
  program: Command,
  io: CliIo,
  run: (task: () => Promise<ExitCode>) => Promise<void>,
): void {
  program
    .command('echo')
    .description('run the planted-marker echo check against a pipeline module; exit 1 when it is not clean')
    .argument('<module>', 'a module exporting the pipeline function')
    .option('--export <name>', 'the export to use (default: pipeline, then default)')
    .option('--cases <n>', 'number of cases, 1 to 10000', '5')
    .option('--out <file>', 'where to write the EchoReport', DEFAULT_ECHO_REPORT_PATH)
    .option('--fail-on-abstain', 'an abstaining case fails the check')
    .option('--allow-reject', 'a case the pipeline rejects does not fail the check')
    .addHelpText('after', EXAMPLES)
    .action((module: string, flags: EchoFlags) => run(() => echoAction(module, flags, io)));
}

async function echoAction(path: string, flags: EchoFlags, io: CliIo): Promise<ExitCode> {
  const cases = Number(flags.cases);
  if (!/^\d+$/.test(flags.cases) || cases < 1 || cases > 10_000) {
    throw new InputError({
      code: 'usage',
      field: '--cases',
      message: `--cases: expected an integer from 1 to 10000, received ${JSON.stringify(flags.cases.slice(0, 40))}`,
    });
  }
  const module = await importUserModule(path, io.cwd);
  const pipeline = pickExport(module, path, flags.export) as EchoPipeline;
  const progress = createProgressBar({ stream: io.stderr, unit: 'cases', total: cases });
  let report: Awaited<ReturnType<typeof runEchoCheck>>;
  try {
    report = await runEchoCheck({ answer: pipeline, cases, onProgress: ({ done }) => progress.update(done) });
  } catch (error) {
    progress.finish();
    const reason = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    throw new InputError({
      code: 'pipeline_output',
      file: path,
      message: `${path}: the pipeline failed: ${reason.slice(0, 400)}`,
      cause: error,
    });
  }
  progress.finish();
  const written = await writeEchoReport(report, resolve(io.cwd, flags.out));
  io.stderr.write(formatEchoTable(report));
  let failures: string[] = [];
  try {
    assertEchoClean(report, {
      allowAbstain: flags.failOnAbstain !== true,
      allowReject: flags.allowReject === true,
    });
  } catch (error) {
    if (!EchoCheckError.isInstance(error) || error.code !== 'not_clean') throw error;
    failures = error.failures.map((failure) => `${failure.caseId}: ${failure.reasons.join('; ')}`);
    if (report.counts.grounded === 0) failures.push('no case was grounded, so the run proved nothing');
    io.stderr.write(`${error.message}\n`);
  }
  io.stdout.write(
    `${JSON.stringify({ report: written, clean: failures.length === 0, counts: report.counts, failures })}\n`,
  );
  io.stderr.write(`report written to ${written}\n`);
  return failures.length === 0 ? 0 : 1;
}

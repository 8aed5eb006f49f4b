import { assertEchoClean, EchoCheckError, type EchoPipeline, runEchoCheck } from '@gk/echo-check';
import { DEFAULT_ECHO_REPORT_PATH } from '@gk/echo-check/node';
import { safeParseEchoReport } from '@gk/eval-schema';
import type { CommandIo, ExitCode } from '../cli-io.js';
import { formatEchoTable } from '../echo/format-echo-table.js';
import { resolve } from 'node:path';
import { InputError } from '../input-error.js';
import { checkOutputPaths, standardOutputPath } from '../io/check-output-paths.js';
import { importUserModule, pickExport } from '../io/import-user-module.js';
import { prepareOutputFile, writeOutputFile } from '../io/write-output-file.js';
import { escapeTerminalJson, escapeTerminalText } from '../terminal/escape-terminal-text.js';
import { createProgressBar } from '../terminal/progress-bar.js';

import type { EchoFlags } from './echo-command.js';
import { describeThrown } from '../describe-thrown.js';

/** Runs `gk echo` once its arguments are parsed. */
export async function echoAction(path: string, flags: EchoFlags, io: CommandIo): Promise<ExitCode> {
  const cases = Number(flags.cases);
  if (!/^\d+$/.test(flags.cases) || cases < 1 || cases > 10_000) {
    throw new InputError({
      code: 'usage',
      field: '--cases',
      message: `--cases: expected an integer from 1 to 10000, received ${JSON.stringify(flags.cases.slice(0, 40))}`,
    });
  }
  // Standard output appended to the pipeline module would change the code it runs.
  await checkOutputPaths(standardOutputPath(io.stdout.fd), [
    { path: resolve(io.cwd, path), shown: path, flag: 'input' },
  ]);
  const written = await prepareOutputFile(flags.out ?? DEFAULT_ECHO_REPORT_PATH, {
    cwd: io.cwd,
    flag: '--out',
    inputs: [path],
  });
  const module = await importUserModule(path, io.cwd);
  const pipeline = pickExport(module, path, flags.export) as EchoPipeline;
  const progress = createProgressBar({ stream: io.stderr, unit: 'cases', total: cases });
  let report: Awaited<ReturnType<typeof runEchoCheck>>;
  try {
    report = await runEchoCheck({ pipeline, cases, onProgress: ({ done }) => progress.update(done) });
  } catch (error) {
    progress.finish();
    const reason = describeThrown(error);
    throw new InputError({
      code: 'pipeline_output',
      file: path,
      message: `${path}: the pipeline failed: ${reason.slice(0, 400)}`,
      cause: error,
    });
  }
  progress.finish();
  const parsed = safeParseEchoReport(report);
  if (!parsed.success) {
    throw new InputError({
      code: 'pipeline_output',
      file: path,
      message: `${path}: the echo check's report is not a valid EchoReport: ${parsed.error.message.slice(0, 300)}`,
    });
  }
  // Escaped as standard output is: an --out of /dev/stdout or a terminal gets no raw control either.
  await writeOutputFile(written, `${escapeTerminalJson(JSON.stringify(parsed.data, null, 2))}\n`, {
    flag: '--out',
  });
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
    // The failures quote the pipeline's answers: escaped before they reach a terminal, as everything below.
    io.stderr.write(`${escapeTerminalText(error.message, { keepNewlines: true })}\n`);
  }
  io.stdout.write(
    `${escapeTerminalJson(JSON.stringify({ report: written, clean: failures.length === 0, counts: report.counts, failures }))}\n`,
  );
  io.stderr.write(`report written to ${escapeTerminalText(written)}\n`);
  return failures.length === 0 ? 0 : 1;
}

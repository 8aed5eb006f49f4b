import { basename, resolve } from 'node:path';
import type { CommandIo, ExitCode } from '../cli-io.js';
import { InputError } from '../input-error.js';
import { checkOutputPaths, standardOutputPath } from '../io/check-output-paths.js';
import { prepareOutputFile, writeOutputFile } from '../io/write-output-file.js';
import { readReportInput } from '../report/read-report-input.js';
import { renderReportPageParts } from '../report/render-report-page.js';
import { escapeTerminalJson, escapeTerminalText } from '../terminal/escape-terminal-text.js';

import type { ReportFlags } from './report-command.js';

const PRINTED_ISSUES = 20;

/** Runs `gk report` once its arguments are parsed. */
export async function reportAction(path: string, flags: ReportFlags, io: CommandIo): Promise<ExitCode> {
  const maxAnswers = Number(flags.maxAnswers);
  if (!/^\d+$/.test(flags.maxAnswers) || maxAnswers < 1 || maxAnswers > 1_000_000) {
    throw new InputError({
      code: 'usage',
      field: '--max-answers',
      message: `--max-answers: expected an integer from 1 to 1000000, received ${JSON.stringify(flags.maxAnswers.slice(0, 40))}`,
    });
  }
  // Standard output appended to the input would add a line to what it reads (`gk report v.jsonl >> v.jsonl`).
  await checkOutputPaths(standardOutputPath(io.stdout.fd), [
    { path: resolve(io.cwd, path), shown: path, flag: 'input' },
  ]);
  const out = await prepareOutputFile(flags.html!, { cwd: io.cwd, flag: '--html', inputs: [path] });
  const input = await readReportInput(path, { cwd: io.cwd, maxAnswers });
  if (input.kind === 'verifications') {
    const printed = input.issues.slice(0, PRINTED_ISSUES);
    for (const issue of printed)
      io.stderr.write(
        `${escapeTerminalText(`${path}:${issue.line}: ${issue.code}${issue.field === undefined ? '' : ` ${issue.field}`}: ${issue.message}`)}\n`,
      );
    const unprinted = input.summary.invalidLines - printed.length;
    if (unprinted > 0)
      io.stderr.write(
        `${escapeTerminalText(path)}: ${unprinted} more skipped lines not listed here (the page lists the first 50)\n`,
      );
    if (input.summary.answers === 0) {
      throw new InputError({
        code: 'invalid_report',
        file: path,
        message: `${path}: no line is a gk verify record (${input.summary.invalidLines} unreadable)`,
      });
    }
  }
  const bytes = await writeOutputFile(out, renderReportPageParts({ ...input, name: basename(path) }), {
    flag: '--html',
  });
  io.stdout.write(`${escapeTerminalJson(JSON.stringify({ html: out, kind: input.kind, bytes }))}\n`);
  io.stderr.write(`wrote ${escapeTerminalText(out)} (${input.kind}, ${(bytes / 1024).toFixed(0)} KiB)\n`);
  if (input.kind === 'verifications' && input.summary.invalidLines > 0 && flags.allowInvalid !== true) {
    io.stderr.write(
      `exit 2: ${input.summary.invalidLines} lines could not be read (--allow-invalid to accept)\n`,
    );
    return 2;
  }
  return 0;
}

import { mkdir, rename, writeFile } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import type { CliIo, ExitCode } from '../cli-io.js';
import { InputError } from '../input-error.js';
import { readReportInput } from '../report/read-report-input.js';
import { renderReportPage } from '../report/render-report-page.js';

import type { ReportFlags } from './report-command.js';

/** Runs `gk report` once its arguments are parsed. */
export async function reportAction(path: string, flags: ReportFlags, io: CliIo): Promise<ExitCode> {
  const maxAnswers = Number(flags.maxAnswers);
  if (!/^\d+$/.test(flags.maxAnswers) || maxAnswers < 1 || maxAnswers > 1_000_000) {
    throw new InputError({
      code: 'usage',
      field: '--max-answers',
      message: `--max-answers: expected an integer from 1 to 1000000, received ${JSON.stringify(flags.maxAnswers.slice(0, 40))}`,
    });
  }
  const input = await readReportInput(path, { cwd: io.cwd, maxAnswers });
  if (input.kind === 'verifications') {
    for (const issue of input.issues.slice(0, 20))
      io.stderr.write(
        `${path}:${issue.line}: ${issue.code}${issue.field === undefined ? '' : ` ${issue.field}`}: ${issue.message}\n`,
      );
    if (input.summary.answers === 0) {
      throw new InputError({
        code: 'invalid_report',
        file: path,
        message: `${path}: no line is a gk verify record (${input.summary.invalidLines} unreadable)`,
      });
    }
  }
  const html = renderReportPage({ ...input, name: basename(path) });
  const out = resolve(io.cwd, flags.html!);
  await mkdir(dirname(out), { recursive: true });
  const temporary = `${out}.${process.pid}.tmp`;
  await writeFile(temporary, html);
  await rename(temporary, out);
  io.stdout.write(`${JSON.stringify({ html: out, kind: input.kind, bytes: Buffer.byteLength(html) })}\n`);
  io.stderr.write(`wrote ${out} (${input.kind}, ${(Buffer.byteLength(html) / 1024).toFixed(0)} KiB)\n`);
  if (input.kind === 'verifications' && input.summary.invalidLines > 0 && flags.allowInvalid !== true) {
    io.stderr.write(
      `exit 2: ${input.summary.invalidLines} lines could not be read (--allow-invalid to accept)\n`,
    );
    return 2;
  }
  return 0;
}

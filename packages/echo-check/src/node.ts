import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { type EchoReport, safeParseEchoReport } from '@gk/eval-schema';
import { checkArgument, excerpt } from '@gk/internal';
import { EchoCheckError } from './echo-check-error.js';

/** The default artifact path, relative to the working directory. */
export const DEFAULT_ECHO_REPORT_PATH = 'evals/results/echo-latest.json';

/**
 * Validates an `EchoReport` and writes it as JSON, creating folders; returns the absolute path written.
 *
 * The file is written beside its target and renamed, so a reader never sees half a report.
 */
export async function writeEchoReport(
  report: EchoReport,
  path: string = DEFAULT_ECHO_REPORT_PATH,
): Promise<string> {
  checkArgument(typeof path === 'string' && path !== '', 'path', 'a file path', path);
  const parsed = safeParseEchoReport(report);
  if (!parsed.success) {
    throw new EchoCheckError({
      code: 'invalid_report',
      message: `Refusing to write an invalid EchoReport: ${excerpt(parsed.error.message, { length: 300 })}`,
      cause: parsed.error,
    });
  }
  const target = resolve(path);
  await mkdir(dirname(target), { recursive: true });
  const temporary = `${target}.${globalThis.crypto.randomUUID()}.tmp`;
  await writeFile(temporary, `${JSON.stringify(parsed.data, null, 2)}\n`, 'utf8');
  await rename(temporary, target);
  return target;
}

import { type EchoReport, safeParseEchoReport } from '@gk/eval-schema';
import { checkArgument, excerpt, readOptions } from '@gk/internal';
import { EchoCheckError, type EchoFailure } from './echo-check-error.js';

/** Options for `assertEchoClean`. */
export interface AssertEchoCleanOptions {
  /** Abstentions are reported but pass (default true); `false` makes each one a failure. */
  allowAbstain?: boolean;
  /** A pipeline that rejects its own output is safe but proves nothing, so rejections fail unless this is true. */
  allowReject?: boolean;
}

const REASONS = {
  wrong_source:
    "wrong source (cited the decoy, cited no span of the positive's planted statement, or does not state the positive's value)",
  abstained: 'abstained (allowAbstain is false)',
  rejected: 'rejected (the pipeline refused its own output; allowReject is false)',
} as const;

/**
 * Throws an `EchoCheckError` (`not_clean`) listing every case that cited the wrong source, leaked (marker C or
 * another case's marker), or was rejected (or abstained, when not allowed); when no case at all was grounded; and
 * when no case was grounded with the positive in one of the places the run showed it (`runEchoCheck` shows it as
 * [1] in odd cases and [2] in even ones), listing the cases there that abstained or were rejected: a pipeline that
 * always cites [1] and declines the other cases proves nothing. Works in any test runner because it only throws.
 */
export function assertEchoClean(report: EchoReport, options: AssertEchoCleanOptions = {}): void {
  const { allowAbstain = true, allowReject = false } = readOptions(options, ['allowAbstain', 'allowReject']);
  checkArgument(typeof allowAbstain === 'boolean', 'options.allowAbstain', 'a boolean', allowAbstain);
  checkArgument(typeof allowReject === 'boolean', 'options.allowReject', 'a boolean', allowReject);
  const parsed = safeParseEchoReport(report);
  if (!parsed.success) {
    throw new EchoCheckError({
      code: 'invalid_report',
      message: `Expected a valid EchoReport: ${excerpt(parsed.error.message, { length: 300 })}`,
      cause: parsed.error,
    });
  }
  const { cases, counts } = parsed.data;
  const proved = counts.grounded > 0;
  // A grounded case cites one source, the positive's place (the schema holds it to that): the places proved.
  const groundedAt = new Set(cases.map((c) => (c.outcome === 'grounded' ? c.citedSources![0] : 0)));
  const unproved = proved ? [1, 2].filter((place) => place <= cases.length && !groundedAt.has(place)) : [];
  const failures: EchoFailure[] = [];
  for (const [index, echoCase] of cases.entries()) {
    const reasons: string[] = [];
    if (echoCase.outcome === 'wrong_source') reasons.push(REASONS.wrong_source);
    if (echoCase.outcome === 'abstained' && !allowAbstain) reasons.push(REASONS.abstained);
    if (echoCase.outcome === 'rejected' && !allowReject) reasons.push(REASONS.rejected);
    if (echoCase.leaked)
      reasons.push(
        'leaked (marker C, shown nowhere, or a marker of another case appeared in what the pipeline returned)',
      );
    const place = 1 + (index % 2);
    if (reasons.length === 0 && echoCase.outcome !== 'grounded' && unproved.includes(place)) {
      reasons.push(
        `${echoCase.outcome} where the positive was [${place}], and no case was grounded there (a pipeline that always cites [${3 - place}] passes only the other cases)`,
      );
    }
    if (reasons.length > 0) failures.push({ caseId: echoCase.caseId, reasons });
  }
  if (failures.length === 0 && proved && unproved.length === 0) return;
  const lines = failures.map((failure) => `  - ${failure.caseId}: ${failure.reasons.join('; ')}`);
  if (!proved) lines.push('  - no case was grounded, so the run proved nothing about the pipeline');
  for (const place of unproved) {
    lines.push(
      `  - no case with the positive shown as [${place}] was grounded, so the run never showed that the pipeline tells the sources apart`,
    );
  }
  throw new EchoCheckError({
    code: 'not_clean',
    message: [
      `Echo check failed: ${failures.length} of ${counts.total} cases failed (grounded ${counts.grounded}, wrong source ${counts.wrongSource}, abstained ${counts.abstained}, rejected ${counts.rejected}, leaked ${counts.leaked}).`,
      ...lines,
    ].join('\n'),
    failures,
  });
}

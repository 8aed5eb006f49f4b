import type { RejectionCode } from '@gk/citations';
import { InputError } from '../input-error.js';
import { isRejectionCode } from './known-codes.js';
import type { VerifySummary } from './verify-summary.js';

/** What `--fail-on` asks about: `any` rejected claim, particular rejection codes, and/or `abstained` answers. */
export interface FailOn {
  any: boolean;
  codes: Set<RejectionCode>;
  abstained: boolean;
}

/**
 * The rejection codes `verifyAnswer` writes, so the only ones a `gk verify` run or summary can hold. The other codes of
 * `@gk/citations` judge a provider's own citations (`span_mismatch`, `answer_mismatch`, ...): a `--fail-on` naming one
 * could never fail, and a gate that cannot fail is refused rather than passed.
 */
export const VERIFY_REJECTION_CODES: readonly RejectionCode[] = [
  'no_marker',
  'marker_out_of_range',
  'unknown_identifier',
  'unsupported',
  'quote_not_found',
  'empty_claim',
  'source_list_mismatch',
];

/** Reads `--fail-on any`, `--fail-on unsupported,no_marker`, `--fail-on abstained,any`. */
export function parseFailOn(value: string): FailOn {
  const failOn: FailOn = { any: false, codes: new Set(), abstained: false };
  for (const part of value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    if (part === 'any') failOn.any = true;
    else if (part === 'abstained') failOn.abstained = true;
    else if (isRejectionCode(part) && VERIFY_REJECTION_CODES.includes(part)) failOn.codes.add(part);
    else if (isRejectionCode(part)) {
      throw new InputError({
        code: 'usage',
        field: '--fail-on',
        message: `--fail-on: ${part} is a code of provider citations, which gk verify never writes, so it could never fail; expected any, abstained or ${VERIFY_REJECTION_CODES.join(', ')}`,
      });
    } else {
      throw new InputError({
        code: 'usage',
        field: '--fail-on',
        message: `--fail-on: unknown ${JSON.stringify(part.slice(0, 40))}; expected any, abstained or a rejection code (${VERIFY_REJECTION_CODES.join(', ')})`,
      });
    }
  }
  if (!failOn.any && !failOn.abstained && failOn.codes.size === 0) {
    throw new InputError({
      code: 'usage',
      field: '--fail-on',
      message: '--fail-on: expected any, abstained or rejection codes',
    });
  }
  return failOn;
}

/** The reasons a summary fails under `--fail-on`; empty when it passes. */
export function findFailures(summary: VerifySummary, failOn: FailOn): string[] {
  const reasons: string[] = [];
  const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;
  if (failOn.any && summary.claimsRejected > 0)
    reasons.push(plural(summary.claimsRejected, 'rejected claim'));
  for (const code of failOn.codes) {
    const count = Object.hasOwn(summary.rejectedByCode, code) ? (summary.rejectedByCode[code] ?? 0) : 0;
    if (count > 0 && !failOn.any) reasons.push(`${count} ${code}`);
  }
  if (failOn.abstained && summary.abstained > 0) reasons.push(plural(summary.abstained, 'abstained answer'));
  return reasons;
}

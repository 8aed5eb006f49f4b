import {
  checkArgument,
  InvalidArgumentError,
  isBlank,
  isObject,
  readArgument,
  refuseFirstIssue,
} from '@gk/internal';
import { verdictSchema } from '../faithfulness/verdict.js';
import type { CalibrationOutcome } from './build-calibration-report.js';

/**
 * The outcomes as checked copies, or an `InvalidArgumentError` naming the first malformed one: each must be an object
 * with a string `itemId` and exactly one of a `verdict` that `judgeFaithfulness` would accept (`verdictSchema`) or an
 * `error` with a visible `code` (as a `JudgeError` has).
 */
export function checkCalibrationOutcomes(outcomes: unknown, parameter: string): CalibrationOutcome[] {
  // A getter or proxy that throws anywhere in the list is refused as a value that cannot be read, with a code.
  return readArgument(parameter, () => checkOutcomes(outcomes, parameter));
}

function checkOutcomes(outcomes: unknown, parameter: string): CalibrationOutcome[] {
  if (!Array.isArray(outcomes)) {
    throw new InvalidArgumentError({ parameter, expected: 'an array of outcomes', received: outcomes });
  }
  const checked: CalibrationOutcome[] = [];
  // An index loop, not forEach: a hole in a sparse array is a missing outcome, not one to skip.
  for (let index = 0; index < outcomes.length; index += 1) {
    const at = `${parameter}[${index}]`;
    const outcome: unknown = outcomes[index];
    // Each field read once, before any check: the itemId checked is the one the report is built from.
    const { itemId, verdict, error } = isObject(outcome) ? outcome : ({} as Record<string, unknown>);
    if (
      !isObject(outcome) ||
      typeof itemId !== 'string' ||
      (verdict === undefined) === (error === undefined)
    ) {
      throw new InvalidArgumentError({
        parameter: at,
        expected:
          'an outcome { itemId, verdict } or { itemId, error }, with a string itemId and exactly one of verdict and error',
        received: outcome,
      });
    }
    if (error !== undefined) {
      const code = isObject(error) ? error.code : undefined;
      checkArgument(isObject(error), `${at}.error`, 'an object { code } (a JudgeError will do)', error);
      if (typeof code !== 'string' || isBlank(code)) {
        throw new InvalidArgumentError({
          parameter: `${at}.error.code`,
          expected: 'the code of the error the judge raised (a string with a visible character)',
          received: code,
        });
      }
      checked.push({ itemId, error: { code } });
      continue;
    }
    // The one verdict rule: what judgeFaithfulness refuses as `schema` is no verdict here either.
    const parsed = verdictSchema.safeParse(verdict);
    if (!parsed.success) {
      throw refuseFirstIssue(
        `${at}.verdict`,
        'a verdict judgeFaithfulness would accept',
        parsed.error,
        verdict,
      );
    }
    const { faithful, unsupportedClaims, reasoning } = parsed.data;
    checked.push({ itemId, verdict: { faithful, unsupportedClaims: [...unsupportedClaims], reasoning } });
  }
  return checked;
}

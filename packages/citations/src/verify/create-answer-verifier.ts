import { InvalidArgumentError } from '@gk/internal';
import type { Claim, Passage, RejectedClaim, Verification } from '../types.js';
import { createAbstentionWatch } from './abstention-watch.js';
import { type AnswerPart, createAnswerSplitter } from './answer-splitter.js';
import { checkParts, endChecks, startChecks, type VerifiedUnit, verificationOf } from './answer-checks.js';
import { holdsSomethingToCheck } from './split-line.js';
import type { VerifyOptions } from './verify-answer.js';

export type { VerifiedUnit } from './answer-checks.js';

/** Options for {@link createAnswerVerifier}: those of `verifyAnswer`. */
export type CreateAnswerVerifierOptions = VerifyOptions;

/** An answer verified as it arrives, piece by piece. */
export interface AnswerVerifier {
  /**
   * The next piece of the answer. Returns the units whose verdict became final, in answer order: nothing that can
   * still arrive changes them. Every unit is returned once, by `push` or by `finish`; `end` finishes if needed but
   * returns only the `Verification`, so a caller that shows units calls `finish` before `end`.
   */
  push(text: string): VerifiedUnit[];
  /**
   * Whether another unit is certain to follow the last one returned, whatever arrives (the text so far proves it).
   * A caller that must not show the last unit of an answer cut off mid-claim waits for this.
   */
  unitFollows(): boolean;
  /** The end of the answer: the units not returned yet. */
  finish(): VerifiedUnit[];
  /** The verification of the whole answer, equal to `verifyAnswer` of everything pushed (finishes if needed). */
  end(): Verification;
}

/**
 * An incremental `verifyAnswer`: push the answer as it streams and get each unit's verdict as soon as it is final.
 * It runs the line queue and checks that `verifyAnswer` runs on a whole answer, adding only the early release of a
 * line's units, and its abstention watch decides by `verifyAnswer`'s definition (`isAbstention`), so however the
 * answer is cut into pieces, `end()` returns exactly what `verifyAnswer` returns for it. Each unit is checked once, each cited passage
 * indexed once, and the work over the whole answer is linear in its length.
 *
 * @example
 * const verifier = createAnswerVerifier(passages);
 * for await (const piece of stream) for (const unit of verifier.push(piece)) show(unit);
 * verifier.finish(); // the last units
 * verifier.end(); // the Verification
 */
export function createAnswerVerifier(
  passages: readonly Passage[],
  options: CreateAnswerVerifierOptions = {},
): AnswerVerifier {
  const checks = startChecks(passages, options);
  options = checks.options; // as read once and checked
  const splitter = createAnswerSplitter({
    unit: options.unit,
    locale: options.locale,
    // Ranges past the passages name no source shown: their numbers are not expanded one by one (see Ranges).
    ranges: options.ranges === true && checks.context.passages.length,
    keepsLeadIn: (unit) => holdsSomethingToCheck(unit, checks.context.rules),
    minQuoteLength: checks.context.minQuoteLength,
  });
  const abstention = createAbstentionWatch(options);
  const held: AnswerPart[] = []; // final parts, held while the answer may still be an abstention
  let markerSeen = false;
  let finished = false;
  let result: Verification | null = null;

  /**
   * Holds new parts while the answer may be an abstention; checks everything held once it cannot be. At the end of
   * the answer, also the part that waits for the next one ({@link endChecks}).
   */
  const admit = (parts: readonly AnswerPart[], end = false): VerifiedUnit[] => {
    for (const part of parts) held.push(part);
    markerSeen ||= splitter.markerSeen();
    if (abstention.possible(markerSeen)) return [];
    const verified: VerifiedUnit[] = [];
    const verdict = (own: Claim | RejectedClaim, duplicate: boolean): void => {
      verified.push(
        'code' in own
          ? { status: 'rejected', rejected: own, duplicate }
          : { status: 'accepted', claim: own, duplicate },
      );
    };
    if (held.length > 0) checkParts(checks, held.splice(0), verdict);
    if (end) endChecks(checks, verdict);
    return verified;
  };

  const finish = (): VerifiedUnit[] => {
    if (finished) return [];
    finished = true;
    const parts = splitter.finish();
    abstention.end();
    return admit(parts, true);
  };

  return {
    push(text) {
      if (typeof text !== 'string')
        throw new InvalidArgumentError({
          parameter: 'text',
          expected: 'a piece of the answer as a string',
          received: text,
        });
      if (finished)
        throw new InvalidArgumentError({
          parameter: 'text',
          expected: 'no more text after finish() (the answer has ended)',
          received: text,
        });
      abstention.see(text);
      return admit(splitter.push(text));
    },
    unitFollows() {
      if (finished || held.length > 0 || abstention.possible(markerSeen)) return false;
      // A unit that waits for the next part is returned at the latest by finish().
      return checks.waiting?.some(({ part }) => part.kind === 'unit') === true || splitter.unitFollows();
    },
    finish,
    end() {
      finish();
      result ??= verificationOf(checks); // an abstention holds every part back, unchecked
      return result;
    },
  };
}

import { normalizeForComparison } from '../text/normalize-text.js';
import type { Citation, Claim, Passage, RejectedClaim, Span, Verification } from '../types.js';
import { type AnswerPart, createAnswerSplitter, type OpenLineCutter } from './answer-splitter.js';
import {
  checkSourceEntry,
  checkUnit,
  createCheckContext,
  dedupeCitations,
  type Rejection,
  uniqueNumbers,
} from './check-claim-unit.js';
import { assertPassages } from './invalid-passage-error.js';
import { cutOpenLine, openLineHoldsUnit } from './cut-open-line.js';
import { type ClaimUnit, holdsSomethingToCheck } from './split-line.js';
import type { VerifyOptions } from './verify-answer.js';

/**
 * A claim unit whose verdict is final, as the verifier returns it: its own claim (with the citations built for
 * it) or its own rejection. `duplicate` says that the verification merges it into an earlier identical unit
 * (its citations or markers joining that one's); the objects returned are copies the verifier never changes.
 */
export type VerifiedUnit =
  | { status: 'accepted'; claim: Claim; duplicate: boolean }
  | { status: 'rejected'; rejected: RejectedClaim; duplicate: boolean };

/** Options for {@link createAnswerVerifier}: those of `verifyAnswer`. */
export type CreateAnswerVerifierOptions = VerifyOptions;

/** An answer verified as it arrives, piece by piece. */
export interface AnswerVerifier {
  /**
   * The next piece of the answer. Returns the units whose verdict became final, in answer order: nothing that can
   * still arrive changes them. Every unit is returned once, by `push` or by `end`.
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
 * `verifyAnswer(answer)` is this verifier fed the whole answer at once, so however the answer is cut into pieces,
 * `end()` returns exactly what `verifyAnswer` returns for it. Each unit is checked once, each cited passage
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
  return startVerifier(passages, options, { cut: cutOpenLine, holdsUnit: openLineHoldsUnit });
}

/**
 * The verifier behind {@link createAnswerVerifier} and `verifyAnswer`. With a `cutter`, the units of a line are
 * released before the line ends when no later text can change them; without one (an answer that arrives whole),
 * when it ends. The verdicts are the same either way.
 */
export function startVerifier(
  passages: readonly Passage[],
  options: VerifyOptions,
  cutter?: OpenLineCutter,
): AnswerVerifier {
  assertPassages(passages);
  const context = createCheckContext(passages, options);
  const splitter = createAnswerSplitter({
    unit: options.unit,
    locale: options.locale,
    ranges: options.ranges,
    keepsLeadIn: (unit) => holdsSomethingToCheck(unit, context.rules),
    minQuoteLength: context.minQuoteLength,
    cutter,
  });
  const abstention = createAbstentionWatch(options);
  const held: AnswerPart[] = []; // final parts, held while the answer may still be an abstention
  const claims: Claim[] = [];
  const rejected: RejectedClaim[] = [];
  const acceptedByKey = new Map<string, Claim>();
  const rejectedByKey = new Map<string, RejectedClaim>();
  let duplicatesMerged = 0;
  let markerSeen = false;
  let finished = false;
  let result: Verification | null = null;

  const reject = (
    unit: ClaimUnit,
    numbers: number[],
    outcome: Rejection,
    key: string | null,
  ): VerifiedUnit => {
    const own: RejectedClaim = {
      text: unit.text,
      span: unit.span,
      code: outcome.code,
      markers: numbers,
      message: outcome.message,
    };
    // Identical claims rejected for the same reason merge, whatever lies between them.
    const rejectedKey = key === null ? null : `${outcome.code}\u0000${key}`;
    const first = rejectedKey === null ? undefined : rejectedByKey.get(rejectedKey);
    if (first !== undefined) {
      first.markers = [...new Set([...first.markers, ...numbers])];
      addDuplicate(first, unit.span);
      duplicatesMerged++;
      return { status: 'rejected', rejected: own, duplicate: true };
    }
    const claim: RejectedClaim = { ...own, markers: [...numbers] };
    rejected.push(claim);
    if (rejectedKey !== null) rejectedByKey.set(rejectedKey, claim);
    return { status: 'rejected', rejected: own, duplicate: false };
  };

  /** Checks parts in order: a source list the answer writes entry by entry, units as claims. */
  const check = (parts: readonly AnswerPart[]): VerifiedUnit[] => {
    const verified: VerifiedUnit[] = [];
    // A quotation may span units returned together: every unit's numbers are known before any is checked.
    for (const part of parts)
      if (part.kind === 'unit') context.numbersOf[part.index] = uniqueNumbers(part.unit);
    for (const part of parts) {
      const { unit } = part;
      if (part.kind === 'entry') {
        const numbers = uniqueNumbers(unit);
        const outcome = checkSourceEntry(unit, numbers, context);
        // Never merged with a claim; an entry that names its source is no claim and no rejection.
        const key = `\u0001${normalizeForComparison(unit.textWithoutMarkers)}`;
        if (outcome !== null) verified.push(reject(unit, numbers, outcome, key));
        continue;
      }
      const numbers = context.numbersOf[part.index]!;
      const outcome = checkUnit(unit, numbers, part.quotations, context);
      const key = unit.hasContent ? normalizeForComparison(unit.textWithoutMarkers) : null;
      if (!('citations' in outcome)) {
        verified.push(reject(unit, numbers, outcome, key));
        continue;
      }
      const own: Claim = { text: unit.text, span: unit.span, citations: outcome.citations };
      const first = key === null ? undefined : acceptedByKey.get(key);
      if (first !== undefined) {
        first.citations = dedupeCitations([...first.citations, ...outcome.citations]);
        addDuplicate(first, unit.span);
        duplicatesMerged++;
        verified.push({ status: 'accepted', claim: own, duplicate: true });
        continue;
      }
      const claim: Claim = { ...own, citations: [...outcome.citations] };
      claims.push(claim);
      if (key !== null) acceptedByKey.set(key, claim);
      verified.push({ status: 'accepted', claim: own, duplicate: false });
    }
    return verified;
  };

  /** Holds new parts while the answer may be an abstention; checks everything held once it cannot be. */
  const admit = (parts: readonly AnswerPart[]): VerifiedUnit[] => {
    for (const part of parts) held.push(part);
    markerSeen ||= splitter.markerSeen();
    if (held.length === 0 || abstention.possible(markerSeen)) return [];
    return check(held.splice(0));
  };

  const finish = (): VerifiedUnit[] => {
    if (finished) return [];
    finished = true;
    const parts = splitter.finish();
    abstention.end();
    return admit(parts);
  };

  return {
    push(text) {
      if (typeof text !== 'string')
        throw new TypeError(`Expected a piece of the answer as a string, received ${typeof text}.`);
      if (finished) throw new Error('push() after finish(): the answer has ended.');
      abstention.see(text);
      return admit(splitter.push(text));
    },
    unitFollows() {
      return !finished && held.length === 0 && !abstention.possible(markerSeen) && splitter.unitFollows();
    },
    finish,
    end() {
      finish();
      if (result !== null) return result;
      if (abstention.possible(markerSeen)) {
        result = { status: 'abstained', claims: [], rejected: [], citations: [], duplicatesMerged: 0 };
      } else {
        const all: Citation[] = []; // a loop, not flatMap: flatMap alone costs ten times the deduplication
        for (const claim of claims) all.push(...claim.citations);
        const citations = dedupeCitations(all);
        const status = claims.length > 0 ? 'answered' : rejected.length > 0 ? 'rejected' : 'abstained';
        result = { status, claims, rejected, citations, duplicatesMerged };
      }
      return result;
    },
  };
}

function addDuplicate(first: Claim | RejectedClaim, span: Span): void {
  if (first.duplicates === undefined) first.duplicates = [span];
  else first.duplicates.push(span);
}

/**
 * Watches whether the answer may still be an abstention: blank so far, the no-source token (trimmed) so far, or,
 * when citations are required, without a marker so far. Looks at no more of the answer than the token's length.
 */
function createAbstentionWatch(options: VerifyOptions): {
  see(text: string): void;
  end(): void;
  possible(markerSeen: boolean): boolean;
} {
  const token = options.noSourceToken?.trim();
  const requireCitations = options.requireCitations !== false;
  let head = ''; // the answer from its first non-space character, up to one character past the token
  let spaceOnlyAfter = true; // nothing but spaces after the first head.length characters
  let ended = false;
  return {
    see(text) {
      let rest = head === '' ? text.trimStart() : text;
      if (rest === '') return;
      const room = (token?.length ?? 0) + 1 - head.length;
      if (room > 0) {
        head += rest.slice(0, room);
        rest = rest.slice(room);
      }
      if (rest.trim() !== '') spaceOnlyAfter = false;
    },
    end() {
      ended = true;
    },
    possible(markerSeen) {
      if (head === '') return true; // blank so far
      if (token !== undefined && token !== '' && spaceOnlyAfter) {
        const trimmed = head.trimEnd();
        if (trimmed === token) return true; // the token, and only spaces after it
        if (!ended && token.startsWith(head)) return true; // the token may still be being written
      }
      return requireCitations && !markerSeen;
    },
  };
}

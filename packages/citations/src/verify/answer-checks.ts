import { StringMap } from '@gk/internal';
import { createMergeKeys } from '../text/merge-key.js';
import type { Citation, Claim, Passage, RejectedClaim, Verification } from '../types.js';
import {
  type CheckContext,
  checkSourceEntry,
  checkUnit,
  createCheckContext,
  cutAcross,
  dedupeCitations,
  checkLeadIn,
  leavesBracketOpen,
  type PartReading,
  readPart,
  uniqueNumbers,
} from './check-claim-unit.js';
import { assertPassages } from './invalid-passage-error.js';
import { checkVerifyOptions } from './check-verify-options.js';
import type { AnswerPart } from './line-queue.js';
import type { VerifyOptions } from './verify-answer.js';

/**
 * A claim unit whose verdict is final, as the verifier returns it: its own claim (with the citations built for
 * it) or its own rejection. `duplicate` says that the verification merges it into an earlier identical unit
 * (its citations or markers joining that one's); the objects returned are copies the verifier never changes.
 */
export type VerifiedUnit =
  | { status: 'accepted'; claim: Claim; duplicate: boolean }
  | { status: 'rejected'; rejected: RejectedClaim; duplicate: boolean };

/** The checks of one answer so far: the claims accepted and rejected, identical ones merged. */
export interface AnswerChecks {
  /** The options as read once and checked: nothing reads the caller's again. */
  readonly options: VerifyOptions;
  readonly context: CheckContext;
  readonly claims: Claim[];
  readonly rejected: RejectedClaim[];
  // Keyed by a claim's text: a StringMap, as texts past 16,383 units of one length all collide in a Map.
  readonly acceptedByKey: StringMap<Claim>;
  readonly rejectedByKey: StringMap<RejectedClaim>;
  /** The key each claim (or rejection) merges under: see createMergeKeys. */
  readonly mergeKeys: (text: string, prefix?: string) => string;
  /** What a merged claim already holds (its citations' places, its markers), kept once it first merges. */
  readonly seen: Map<object, Set<string | number>>;
  duplicatesMerged: number;
  /**
   * A part read but not yet checked: it leaves a look-alike's bracket open at its end, which the next part may close
   * over a soft line break (`[1][\n3]`), and then it shows that look-alike too; with the parts after it that the
   * bracket stays open past (`[1][3\n[]()\n]`). Null when none waits.
   */
  waiting: ReadPart[] | null;
}

/** A part with its numbers and what reading it found. */
export interface ReadPart {
  part: AnswerPart;
  numbers: number[];
  reading: PartReading;
}

/**
 * The checks of an answer over `passages` (rejected with InvalidPassageError when one is malformed). The passages and
 * options are read once, into the copies that were checked, and only those copies are read from then on.
 */
export function startChecks(passages: readonly Passage[], options: VerifyOptions): AnswerChecks {
  passages = assertPassages(passages);
  options = checkVerifyOptions(options);
  return {
    options,
    context: createCheckContext(passages, options),
    claims: [],
    rejected: [],
    acceptedByKey: new StringMap(),
    rejectedByKey: new StringMap(),
    mergeKeys: createMergeKeys(),
    seen: new Map(),
    duplicatesMerged: 0,
    waiting: null,
  };
}

/** A unit's own claim or rejection, and whether it merges into an earlier identical one. */
export type Verdict = (own: Claim | RejectedClaim, duplicate: boolean) => void;

/**
 * Checks parts in order: a source list the answer writes entry by entry, units as claims. `verdict`, when given,
 * hears each unit's own verdict (a source-list entry only when rejected), in order. A part that leaves a look-alike's
 * bracket open waits for the next part (in this call or a later one), or for {@link endChecks}.
 */
export function checkParts(checks: AnswerChecks, parts: readonly AnswerPart[], verdict?: Verdict): void {
  const { context } = checks;
  // A quotation may span units returned together: every unit's numbers are known before any is checked.
  for (const part of parts)
    if (part.kind === 'unit') context.numbersOf[part.index] = uniqueNumbers(part.unit);
  for (const part of parts) {
    const { unit } = part;
    const numbers = part.kind === 'unit' ? context.numbersOf[part.index]! : uniqueNumbers(unit);
    // Every part is read, in order, for the elements a page never shows, the tags and the brackets that it leaves open,
    // whatever its verdict: an entry's `<b hidden>` hides the claims after it as a unit's does.
    const read: ReadPart = { part, numbers, reading: readPart(unit, context) };
    const { waiting } = checks;
    // A part the bracket stays open past (`[]()`) waits behind the part that opened it, for the part that closes it.
    if (waiting !== null && read.reading.passes) {
      waiting.push(read);
      continue;
    }
    if (waiting !== null) {
      cutAcross(waiting[0]!.reading, waiting[0]!.numbers, read.reading, numbers);
      checks.waiting = null;
      for (const held of waiting) checkPart(checks, held, verdict);
    }
    if (leavesBracketOpen(context)) checks.waiting = [read];
    else checkPart(checks, read, verdict);
  }
}

/** The end of the answer: checks the part that waits for the next one, if any ({@link checkParts}). */
export function endChecks(checks: AnswerChecks, verdict?: Verdict): void {
  const { waiting } = checks;
  checks.waiting = null;
  if (waiting !== null) for (const held of waiting) checkPart(checks, held, verdict);
}

/** Checks one part read, adding its claim or rejection (merged into an identical one) and telling `verdict`. */
function checkPart(checks: AnswerChecks, { part, numbers, reading }: ReadPart, verdict?: Verdict): void {
  const { context } = checks;
  const { unit } = part;
  const entry = part.kind === 'entry';
  const outcome =
    part.kind === 'unit'
      ? checkUnit(unit, numbers, part.quotations, context, reading)
      : entry
        ? checkSourceEntry(unit, numbers, context, reading.tag)
        : checkLeadIn(unit, context, reading);
  // An entry that names its source, a lead-in that shows nothing the lines before it left open: no claim, no rejection.
  if (outcome === null) return;
  // An entry is never merged with a claim, a unit without content with nothing; claims merge only when the checks read
  // them alike (see createMergeKeys).
  const merges = entry || unit.hasContent;
  const kind = entry ? '\u0001' : '';
  // The verification keeps a copy of each claim: merging changes the copy, never what `verdict` was given.
  if ('citations' in outcome) {
    const { citations } = outcome;
    const own: Claim = { text: unit.text, span: unit.span, citations };
    const claim: Claim = { ...own, citations: [...citations] };
    const key = merges ? checks.mergeKeys(unit.textWithoutMarkers, kind) : null;
    addOrMerge(checks, checks.acceptedByKey, checks.claims, key, own, claim, verdict, (first) => {
      const seen = seenOf(checks, first, () => first.citations.map(citationKey));
      for (const citation of citations)
        if (addNew(seen, citationKey(citation))) first.citations.push(citation);
    });
  } else {
    const { code, message } = outcome;
    const own: RejectedClaim = { text: unit.text, span: unit.span, code, markers: numbers, message };
    const claim: RejectedClaim = { ...own, markers: [...numbers] };
    // Identical claims rejected for the same reason merge, whatever lies between them.
    const rejectedKey = merges ? checks.mergeKeys(unit.textWithoutMarkers, `${code}\u0000${kind}`) : null;
    addOrMerge(checks, checks.rejectedByKey, checks.rejected, rejectedKey, own, claim, verdict, (first) => {
      const seen = seenOf(checks, first, () => first.markers);
      for (const n of numbers) if (addNew(seen, n)) first.markers.push(n);
    });
  }
}

// A merged claim's citations and markers grow in place, each checked against a set kept beside the claim: copying
// the list at each merge made an answer of n identical claims citing n different markers quadratic (400 KB: 56 s).
const citationKey = (c: Citation): string => `${c.source}:${c.start}:${c.end}`;

function seenOf(
  checks: AnswerChecks,
  claim: object,
  items: () => readonly (string | number)[],
): Set<string | number> {
  let seen = checks.seen.get(claim);
  if (seen === undefined) {
    seen = new Set(items());
    checks.seen.set(claim, seen);
  }
  return seen;
}

function addNew(seen: Set<string | number>, item: string | number): boolean {
  if (seen.has(item)) return false;
  seen.add(item);
  return true;
}

/**
 * Adds `claim` (a copy of `own`) to `list`, or, when an identical one came first (same `key`), merges `own` into
 * that one with `merge` and notes it as a duplicate; then tells `verdict`.
 */
function addOrMerge<T extends Claim | RejectedClaim>(
  checks: AnswerChecks,
  byKey: StringMap<T>,
  list: T[],
  key: string | null,
  own: T,
  claim: T,
  verdict: Verdict | undefined,
  merge: (first: T) => void,
): void {
  const first = key === null ? undefined : byKey.get(key);
  if (first === undefined) {
    list.push(claim);
    if (key !== null) byKey.set(key, claim);
  } else {
    merge(first);
    first.duplicates ??= [];
    first.duplicates.push(own.span);
    checks.duplicatesMerged++;
  }
  verdict?.(own, first !== undefined);
}

/**
 * The verification of the parts checked. An abstention checks none (its parts are never checked, and an answer that
 * stops being a possible abstention never becomes one again), so it comes out with empty lists.
 */
export function verificationOf(checks: AnswerChecks): Verification {
  const { claims, rejected, duplicatesMerged } = checks;
  const all: Citation[] = []; // a loop, not flatMap: flatMap alone costs ten times the deduplication
  for (const claim of claims) for (const citation of claim.citations) all.push(citation);
  const citations = dedupeCitations(all);
  const status = claims.length > 0 ? 'answered' : rejected.length > 0 ? 'rejected' : 'abstained';
  return { status, claims, rejected, citations, duplicatesMerged };
}

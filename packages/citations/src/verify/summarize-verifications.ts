import { checkArgument, checkOptionKeys, checkOptions, isObject } from '@gk/internal';
import type { Citation, Passage, Verification } from '../types.js';
import { refuseUnreadable } from './refuse-unreadable.js';

/** Options for {@link summarizeVerifications}. */
export interface SummarizeVerificationsOptions {
  /** The passages each verification was checked against (same order as the list), to re-check citations. */
  passages?: ReadonlyArray<readonly Passage[]>;
}

/** Claim acceptance is a measurement; source correctness is a design property that must be 1. */
export interface SummarizeVerificationsResult {
  /** Claims written after duplicates merged: accepted plus rejected. */
  claimsWritten: number;
  claimsAccepted: number;
  /** `claimsAccepted / claimsWritten`, or null when nothing was written. */
  claimAcceptance: number | null;
  /** Share of accepted citations that name a supplied passage and quote it exactly; null without citations. */
  sourceCorrectness: number | null;
}

/**
 * Aggregates verifications into claim acceptance and source correctness. Without `passages`, a citation is
 * correct when it is internally consistent (a positive integer source, a non-empty `documentId` and a `chunkId`,
 * non-negative integer offsets, `text` as long as its span); with them (one array per verification, as many as the
 * list), it must also be that passage's text there, and an empty citation only the text of an empty passage.
 */
export function summarizeVerifications(
  list: readonly Verification[],
  options: SummarizeVerificationsOptions = {},
): SummarizeVerificationsResult {
  checkOptions(options);
  // Each verification, each field and each list read once, and checked as it is counted: a getter cannot answer the
  // check one way and the count another. A hole is refused as the value that is none.
  const expected = 'a verification: { claims: [{ citations: [...] }], rejected: [...] }';
  let at = 'options';
  let claimsWritten = 0;
  let claimsAccepted = 0;
  let citations = 0;
  let correct = 0;
  try {
    checkOptionKeys(options, ['passages']);
    const all = options.passages as unknown[] | undefined;
    at = 'list';
    checkArgument(Array.isArray(list), at, 'an array of verifications', list);
    const length = list.length;
    const many = 'an array of passage arrays, one per verification (as many, no holes)';
    checkArgument(
      all === undefined || (Array.isArray(all) && all.length === length),
      'options.passages',
      many,
      all,
    );
    for (let i = 0; i < length; i++) {
      const passages = all?.[i];
      checkArgument(all === undefined || Array.isArray(passages), 'options.passages', many, all);
      at = `list[${i}]`;
      const verification = list[i];
      const { claims, rejected } = isObject(verification) ? verification : ({} as Verification);
      checkArgument(Array.isArray(claims) && Array.isArray(rejected), at, expected, verification);
      const count = claims.length;
      claimsAccepted += count;
      claimsWritten += count + rejected.length;
      for (let j = 0; j < count; j++) {
        const claim = claims[j];
        const cited = isObject(claim) ? claim.citations : undefined;
        checkArgument(Array.isArray(cited), at, expected, verification);
        for (let k = 0, n = (cited as unknown[]).length; k < n; k++) {
          const citation = (cited as unknown[])[k];
          checkArgument(isObject(citation), at, expected, verification);
          citations++;
          if (isCorrect(citation as unknown as Citation, passages as unknown[] | undefined)) correct++;
        }
      }
    }
  } catch (cause) {
    refuseUnreadable(cause, at, `${expected} (and passages)`);
  }
  return {
    claimsWritten,
    claimsAccepted,
    claimAcceptance: claimsWritten === 0 ? null : claimsAccepted / claimsWritten,
    sourceCorrectness: citations === 0 ? null : correct / citations,
  };
}

const isOffset = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

/**
 * Whether `citation` is internally consistent and, with `passages`, the text of the passage it names there (each
 * field of both read once).
 */
function isCorrect(citation: Citation, passages: unknown[] | undefined): boolean {
  const { source, documentId, chunkId, start, end, text } = citation;
  if (
    !(
      Number.isSafeInteger(source) &&
      source >= 1 &&
      typeof documentId === 'string' &&
      documentId !== '' &&
      typeof chunkId === 'string' &&
      isOffset(start) &&
      isOffset(end) &&
      typeof text === 'string' &&
      text.length === end - start
    )
  )
    return false;
  if (passages === undefined) return true;
  const passage = passages[source - 1];
  if (!isObject(passage)) return false;
  const { text: passageText, start: from, end: to } = passage;
  return (
    typeof passageText === 'string' &&
    isOffset(from) &&
    isOffset(to) &&
    passage.documentId === documentId &&
    passage.chunkId === chunkId &&
    start >= from &&
    end <= to &&
    (text !== '' || passageText === '') &&
    passageText.slice(start - from, end - from) === text
  );
}

import { checkArgument, checkOptions } from '@gk/internal';
import type { Passage, Verification } from '../types.js';

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
  checkArgument(Array.isArray(list), 'list', 'an array of verifications', list);
  checkOptions(options);
  const all = options.passages;
  checkArgument(
    all === undefined ||
      (Array.isArray(all) && all.length === list.length && list.every((_, i) => Array.isArray(all[i]))),
    'options.passages',
    'an array of passage arrays, one per verification (as many, no holes)',
    all,
  );
  list.forEach(checkVerification);
  let claimsWritten = 0;
  let claimsAccepted = 0;
  let citations = 0;
  let correct = 0;
  list.forEach((verification, index) => {
    claimsAccepted += verification.claims.length;
    claimsWritten += verification.claims.length + verification.rejected.length;
    const passages = options.passages?.[index];
    for (const claim of verification.claims) {
      for (const citation of claim.citations) {
        citations++;
        const consistent =
          Number.isSafeInteger(citation.source) &&
          citation.source >= 1 &&
          typeof citation.documentId === 'string' &&
          citation.documentId !== '' &&
          typeof citation.chunkId === 'string' &&
          isOffset(citation.start) &&
          isOffset(citation.end) &&
          typeof citation.text === 'string' &&
          citation.text.length === citation.end - citation.start;
        if (!consistent) continue;
        if (passages === undefined) {
          correct++;
          continue;
        }
        const passage = passages[citation.source - 1];
        if (
          typeof passage === 'object' &&
          passage !== null &&
          typeof passage.text === 'string' &&
          passage.documentId === citation.documentId &&
          passage.chunkId === citation.chunkId &&
          citation.start >= passage.start &&
          citation.end <= passage.end &&
          (citation.text !== '' || passage.text === '') &&
          passage.text.slice(citation.start - passage.start, citation.end - passage.start) === citation.text
        ) {
          correct++;
        }
      }
    }
  });
  return {
    claimsWritten,
    claimsAccepted,
    claimAcceptance: claimsWritten === 0 ? null : claimsAccepted / claimsWritten,
    sourceCorrectness: citations === 0 ? null : correct / citations,
  };
}

const isOffset = (value: unknown): boolean => Number.isSafeInteger(value) && (value as number) >= 0;

/** Throws unless `verification` has the lists a Verification carries: claims with citations, and rejections. */
function checkVerification(verification: Verification, index: number): void {
  const parameter = `list[${index}]`;
  checkArgument(
    typeof verification === 'object' &&
      verification !== null &&
      Array.isArray(verification.rejected) &&
      Array.isArray(verification.claims) &&
      verification.claims.every(
        (claim) =>
          typeof claim === 'object' &&
          claim !== null &&
          Array.isArray(claim.citations) &&
          claim.citations.every((citation) => typeof citation === 'object' && citation !== null),
      ),
    parameter,
    'a verification: { claims: [{ citations: [...] }], rejected: [...] }',
    verification,
  );
}

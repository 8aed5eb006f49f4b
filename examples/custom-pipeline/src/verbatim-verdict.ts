import { type Claim, locateQuote, type Passage, parseMarkers } from '@gk/citations';
import type { Verdict } from '@gk/judge';

/**
 * The scripted judge's rule: a claim is supported when its text (markers removed) is located in a passage it
 * cites (the whole passage: a citation narrowed to a quotation holds only the quoted words).
 */
export function verbatimVerdict(claims: readonly Claim[], passages: readonly Passage[]): Verdict {
  const byChunk = new Map(passages.map((passage) => [passage.chunkId, passage.text]));
  const supported = (text: string, claim: Claim): boolean =>
    claim.citations.some(
      (citation) => locateQuote(text, byChunk.get(citation.chunkId) ?? citation.text) !== null,
    );
  const unsupported = claims
    .map((claim) => withoutMarkers(claim.text))
    .filter((text, index) => {
      const claim = claims[index];
      return claim === undefined || !supported(text, claim);
    });
  return unsupported.length === 0
    ? {
        faithful: true,
        unsupportedClaims: [],
        reasoning: `All ${claims.length} claims are quoted from a cited passage.`,
      }
    : {
        faithful: false,
        unsupportedClaims: unsupported,
        reasoning: `${unsupported.length} of ${claims.length} claims are not found verbatim in a cited passage.`,
      };
}

function withoutMarkers(text: string): string {
  let result = '';
  let from = 0;
  for (const marker of parseMarkers(text)) {
    result += text.slice(from, marker.start);
    from = marker.end;
  }
  return (result + text.slice(from)).trim();
}

import { type Citation, type Claim, locateQuote, type Passage, parseMarkers } from '@gk/citations';

/** A citation as the demo shows it: the library's citation plus where it and its claim sit in the passage. */
export interface ShownCitation extends Citation {
  /** The citation holds a direct quotation located in the passage, not the whole passage. */
  narrowed: boolean;
  /** Where the cited passage sits in its document. */
  passage: { start: number; end: number };
  /** Where the claim's words (markers removed) occur verbatim in the passage, in document offsets; else null. */
  claimAt: { start: number; end: number } | null;
}

/** An accepted claim with its citations as shown. */
export interface ShownClaim extends Omit<Claim, 'citations'> {
  citations: ShownCitation[];
}

/**
 * Adds to each accepted claim what the demo prints about its citations: whether a citation was narrowed to a
 * quotation (its offsets differ from the passage's) and where the claim's own words sit in the passage (found
 * with `locateQuote`, so a paraphrase has none). `passages` are the ones the model was shown, numbered from 1.
 */
export function showClaims(claims: readonly Claim[], passages: readonly Passage[]): ShownClaim[] {
  return claims.map((claim) => {
    const words = stripMarkers(claim.text);
    return {
      ...claim,
      citations: claim.citations.map((citation) => {
        const passage = passages[citation.source - 1];
        if (passage === undefined) {
          return {
            ...citation,
            narrowed: false,
            passage: { start: citation.start, end: citation.end },
            claimAt: null,
          };
        }
        const found = words === '' ? null : locateQuote(words, passage.text);
        return {
          ...citation,
          narrowed: citation.start !== passage.start || citation.end !== passage.end,
          passage: { start: passage.start, end: passage.end },
          claimAt:
            found === null ? null : { start: passage.start + found.start, end: passage.start + found.end },
        };
      }),
    };
  });
}

/** The text without its citation markers, trimmed. */
export function stripMarkers(text: string): string {
  let result = '';
  let from = 0;
  for (const marker of parseMarkers(text)) {
    result += text.slice(from, marker.start);
    from = marker.end;
  }
  return (result + text.slice(from)).trim();
}

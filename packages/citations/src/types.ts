/** One retrieved chunk, exactly as shown to the model. */
export interface Passage {
  documentId: string;
  chunkId: string;
  /** The chunk text. */
  text: string;
  /** Where `text` starts in its document (UTF-16 code units). */
  start: number;
  /** Where `text` ends in its document (UTF-16 code units, exclusive). */
  end: number;
  title?: string;
  uri?: string;
}

/** A citation built by the library from a retrieved passage, never by the model. */
export interface Citation {
  /** The 1-based source number the model wrote. */
  source: number;
  documentId: string;
  chunkId: string;
  /** Document offset of the cited span: the whole passage, or a located quote. */
  start: number;
  end: number;
  /** `document.slice(start, end)`. */
  text: string;
}

/** A half-open range of UTF-16 code units. */
export interface Span {
  start: number;
  end: number;
}

/** An accepted claim: a unit of the answer with the citations built for it. */
export interface Claim {
  text: string;
  /** Where the claim sits in the answer. */
  span: Span;
  citations: Citation[];
  /**
   * Where later units identical to this claim sit in the answer, in order: each was merged into this claim
   * (its citations joined this one's) and counted in `duplicatesMerged`. Absent when nothing was merged.
   */
  duplicates?: Span[];
}

/** Why a claim was rejected. */
export type RejectionCode =
  | 'no_marker'
  | 'marker_out_of_range'
  | 'unknown_identifier'
  | 'unsupported'
  | 'quote_not_found'
  | 'empty_claim'
  /** An entry of a source list the answer writes (`Sources:` then `[n] Title, Author, year`) names something other than passage n. */
  | 'source_list_mismatch'
  // Provider-native citations (verifyProviderCitations):
  | 'unknown_document'
  | 'offsets_out_of_range'
  | 'span_mismatch'
  | 'location_mismatch'
  | 'answer_out_of_range'
  | 'answer_mismatch'
  | 'invalid_citation';

/** A claim that failed verification, with the reason and the markers it carried. */
export interface RejectedClaim {
  text: string;
  span: Span;
  code: RejectionCode;
  markers: number[];
  message: string;
  /**
   * Where later units identical to this one and rejected with the same code sit in the answer, in order: each
   * was merged into this rejection (its markers joined `markers`) and counted in `duplicatesMerged`. Absent
   * when nothing was merged.
   */
  duplicates?: Span[];
}

/** The outcome of checking one answer against the passages it was shown. */
export interface Verification {
  /** Derived from the lists: `abstained` without claims, `rejected` when nothing was accepted. */
  status: 'answered' | 'abstained' | 'rejected';
  claims: Claim[];
  rejected: RejectedClaim[];
  /** Deduplicated, in first-mention order. */
  citations: Citation[];
  /**
   * How many units were merged into an earlier identical claim or rejection; their spans are that claim's or
   * rejection's `duplicates`, so every unit the answer was split into has a span in the verification.
   */
  duplicatesMerged: number;
}

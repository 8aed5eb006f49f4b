import type { RejectionCode } from '@gk/citations';

// Typed as a record of every RejectionCode, so a code added to @gk/citations fails the type check until listed here.
const KNOWN: Record<RejectionCode, true> = {
  no_marker: true,
  marker_out_of_range: true,
  unknown_identifier: true,
  unsupported: true,
  quote_not_found: true,
  empty_claim: true,
  source_list_mismatch: true,
  unknown_document: true,
  offsets_out_of_range: true,
  span_mismatch: true,
  location_mismatch: true,
  answer_out_of_range: true,
  answer_mismatch: true,
  invalid_citation: true,
};

/** Every rejection code `@gk/citations` defines; a report line with any other code is not one gk verify wrote. */
export const REJECTION_CODES: readonly RejectionCode[] = Object.keys(KNOWN) as RejectionCode[];

/** Whether `value` is one of {@link REJECTION_CODES}. */
export function isRejectionCode(value: unknown): value is RejectionCode {
  return typeof value === 'string' && Object.hasOwn(KNOWN, value);
}

import type { RejectionCode } from '@gk/citations';
import type { LineIssueCode } from './map-record.js';

// Keyed by @gk/citations' RejectionCode: the compiler refuses this table when a code is added there and not here.
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

/** Every rejection code of `@gk/citations` (what `--fail-on` and summaries accept). */
export const REJECTION_CODES: readonly RejectionCode[] = Object.keys(KNOWN) as RejectionCode[];

/** Whether `value` is one of {@link REJECTION_CODES}. */
export function isRejectionCode(value: unknown): value is RejectionCode {
  return typeof value === 'string' && Object.hasOwn(KNOWN, value);
}

// Keyed by LineIssueCode, for the same reason.
const KNOWN_LINE_ISSUES: Record<LineIssueCode, true> = {
  not_json: true,
  not_object: true,
  missing_field: true,
  wrong_type: true,
  offsets_mismatch: true,
  conflicting_passages: true,
  invalid_options: true,
  duplicate_key: true,
  line_too_long: true,
  invalid_utf8: true,
  verify_failed: true,
  output_too_long: true,
  resolved_too_long: true,
};

/** Whether `value` is a code of a skipped line (`LineIssueCode`). */
export function isLineIssueCode(value: unknown): value is LineIssueCode {
  return typeof value === 'string' && Object.hasOwn(KNOWN_LINE_ISSUES, value);
}

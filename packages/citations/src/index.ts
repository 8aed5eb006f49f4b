// Public API of @gk/citations. Explicit named exports only; this file is the contract.

export type { Citation, Claim, Passage, RejectedClaim, RejectionCode, Span, Verification } from './types.js';

// --- markers, claims, verification, quotes, offsets (issue: citations core) ---

// --- structured output: strict decoding, rows, handles, rejection accounting (issue: decoding) ---

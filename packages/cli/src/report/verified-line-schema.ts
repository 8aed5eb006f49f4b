import { z } from 'zod';
import { SUMMARY_COUNTS } from '../verify/merge-verify-summaries.js';

const offset = z.int().min(0);
const span = z.object({ start: offset, end: offset });
// Any string here; checkVerifiedLine keeps only the codes @gk/citations defines.
const code = z.string();
const citation = z.object({
  source: z.int().min(1),
  documentId: z.string(),
  chunkId: z.string(),
  start: offset,
  end: offset,
  text: z.string(),
});
// A numeric id is a safe integer, as gk verify refuses any other: JSON.parse rounds one past 2^53 - 1 onto a
// neighbour and String() writes 1e21 as "1e+21", so the page would name another line than the file holds.
const id = z
  .union([z.string(), z.number(), z.null()])
  .refine((value) => typeof value !== 'number' || Number.isSafeInteger(value), {
    message:
      'expected a string or an integer from -(2^53 - 1) to 2^53 - 1 (JSON numbers past that are rounded; quote the id)',
  });
/** A line of `gk verify` output as the report reads it: each field of the type the page draws it as. */
export const verifiedLineSchema = z.object({
  id,
  line: z.int().min(1),
  verification: z.object({
    status: z.enum(['answered', 'abstained', 'rejected']),
    // Merged duplicates are kept: their spans and markers are checked with the claim they joined.
    claims: z.array(
      z.object({
        text: z.string(),
        span,
        citations: z.array(citation),
        duplicates: z.array(span).optional(),
      }),
    ),
    rejected: z.array(
      z.object({
        text: z.string(),
        span,
        code,
        markers: z.array(z.number()),
        message: z.string(),
        duplicates: z.array(span).optional(),
      }),
    ),
    citations: z.array(citation),
    duplicatesMerged: z.int().min(0),
  }),
  answer: z.string().optional(),
  passages: z
    .array(
      z.object({
        documentId: z.string(),
        chunkId: z.string(),
        text: z.string(),
        start: offset,
        end: offset,
        title: z.string().optional(),
        uri: z.string().optional(),
      }),
    )
    .optional(),
});

const count = z.number().min(0);

/**
 * What the page draws of a verifications input beside its lines: the summary's counts (a rate from 0 to 1, or null
 * when no claim was written) and each skipped line's number, code, field and message. Other fields may be present.
 */
export const verificationsInputSchema = z.object({
  summary: z.looseObject({ ...SUMMARY_COUNTS, rejectedByCode: z.record(z.string(), count) }),
  issues: z.array(
    z.looseObject({
      line: z.int().min(1),
      code: z.string(),
      field: z.string().optional(),
      message: z.string(),
    }),
  ),
  lines: z.array(verifiedLineSchema),
  truncated: count,
  unchecked: count.optional(),
});

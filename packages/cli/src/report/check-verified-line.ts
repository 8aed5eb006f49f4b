import type { Citation } from '@gk/citations';
import type { VerifiedLine } from '../verify/verify-line.js';
import { isRejectionCode } from '../verify/known-codes.js';

/** Why a `gk verify` record cannot be shown as checked: the field and what is wrong with it. */
export interface VerifiedLineProblem {
  field: string;
  message: string;
}

/**
 * Checks that a `gk verify` record says only what its own content supports, so the page never shows as checked
 * what was not: the status follows from the claim lists, every rejection code is one `@gk/citations` defines,
 * and, when the record carries its passages, every citation is passage `source`'s ids and the passage's own text
 * at the cited offsets; when it carries its answer, every claim's text is the answer at the claim's span. Passages
 * without the answer are a problem (`gk verify --with-input` writes both).
 * Returns the first problem, or `null`.
 */
export function checkVerifiedLine(record: VerifiedLine): VerifiedLineProblem | null {
  const { verification, answer, passages } = record;
  const status =
    verification.claims.length > 0 ? 'answered' : verification.rejected.length > 0 ? 'rejected' : 'abstained';
  if (verification.status !== status) {
    return {
      field: 'verification.status',
      message: `status "${verification.status}" disagrees with the claim lists (${verification.claims.length} accepted, ${verification.rejected.length} rejected: "${status}")`,
    };
  }
  for (const [index, claim] of verification.rejected.entries()) {
    const code: string = claim.code;
    if (!isRejectionCode(code)) {
      return {
        field: `verification.rejected[${index}].code`,
        message: `not a rejection code gk verify writes (${JSON.stringify(code.slice(0, 40))})`,
      };
    }
  }
  // gk verify --with-input writes both or neither: passages without the answer would show claims no one can
  // compare with what was answered, drawn as checked.
  if (passages !== undefined && answer === undefined) {
    return { field: 'answer', message: 'the line carries passages but not the answer its claims come from' };
  }
  if (answer !== undefined) {
    const lists = [
      ['claims', verification.claims],
      ['rejected', verification.rejected],
    ] as const;
    for (const [name, claims] of lists) {
      for (const [index, claim] of claims.entries()) {
        const { start, end } = claim.span;
        if (end < start || end > answer.length || answer.slice(start, end) !== claim.text) {
          return {
            field: `verification.${name}[${index}].text`,
            message: `the claim is not the answer's text at its span ${start}–${end}`,
          };
        }
      }
    }
  }
  if (passages !== undefined) {
    const check = (citation: Citation, field: string): VerifiedLineProblem | null => {
      const passage = passages[citation.source - 1];
      if (passage === undefined)
        return {
          field,
          message: `cites source ${citation.source}; the line has ${passages.length} passages`,
        };
      if (citation.documentId !== passage.documentId || citation.chunkId !== passage.chunkId)
        return { field, message: `names a document or chunk other than passage ${citation.source}'s` };
      const from = citation.start - passage.start;
      const to = citation.end - passage.start;
      if (from < 0 || to < from || to > passage.text.length || passage.text.slice(from, to) !== citation.text)
        return {
          field,
          message: `its text is not passage ${citation.source}'s text at offsets ${citation.start}–${citation.end}`,
        };
      return null;
    };
    for (const [index, citation] of verification.citations.entries()) {
      const problem = check(citation, `verification.citations[${index}]`);
      if (problem !== null) return problem;
    }
    for (const [index, claim] of verification.claims.entries()) {
      for (const [k, citation] of claim.citations.entries()) {
        const problem = check(citation, `verification.claims[${index}].citations[${k}]`);
        if (problem !== null) return problem;
      }
    }
  }
  return null;
}

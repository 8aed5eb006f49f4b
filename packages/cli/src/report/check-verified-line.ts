import type { Citation, Claim, Span } from '@gk/citations';
import { parseMarkers } from '@gk/citations/verify';
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
 * without the answer are a problem (`gk verify --with-input` writes both). The lists must also agree with each other
 * as `verifyAnswer` writes them (see {@link checkClaimLists}).
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
  return checkClaimLists(record);
}

/**
 * The claim lists against each other, as `verifyAnswer` writes them: every span (merged duplicates' too) is disjoint
 * from the others and inside the answer, `duplicatesMerged` counts the duplicates, `citations` is the accepted
 * claims' citations each once in first-mention order, and, with the answer, each accepted claim cites exactly the
 * sources its markers (and its duplicates') name, under one reading of ranges for the whole line. A claim without
 * markers cites nothing, which only `requireCitations: false` accepts, so never in a line that rejects a claim as
 * `no_marker`.
 */
function checkClaimLists(record: VerifiedLine): VerifiedLineProblem | null {
  const { verification, answer } = record;
  const spans: Array<{ span: Span; field: string }> = [];
  let duplicates = 0;
  for (const [name, claims] of [
    ['claims', verification.claims],
    ['rejected', verification.rejected],
  ] as const) {
    for (const [index, claim] of claims.entries()) {
      const field = `verification.${name}[${index}]`;
      spans.push({ span: claim.span, field: `${field}.span` });
      for (const [k, span] of (claim.duplicates ?? []).entries())
        spans.push({ span, field: `${field}.duplicates[${k}]` });
      duplicates += claim.duplicates?.length ?? 0;
    }
  }
  if (duplicates !== verification.duplicatesMerged)
    return {
      field: 'verification.duplicatesMerged',
      message: `${verification.duplicatesMerged} merged, but the claims list ${duplicates} duplicates`,
    };
  spans.sort((a, b) => a.span.start - b.span.start);
  let before: { span: Span; field: string } | undefined;
  for (const entry of spans) {
    const { start, end } = entry.span;
    if (end < start || (answer !== undefined && end > answer.length))
      return { field: entry.field, message: `${start}–${end} is no span of the answer` };
    // The verifier cuts an answer into units that never share a character: a claim widened over another is forged.
    if (before !== undefined && start < before.span.end)
      return { field: entry.field, message: `overlaps ${before.field}; claims never share text` };
    if (before === undefined || end > before.span.end) before = entry;
  }
  const first = new Map<string, Citation>();
  for (const claim of verification.claims)
    for (const citation of claim.citations) {
      const key = `${citation.source}:${citation.start}:${citation.end}`;
      if (!first.has(key)) first.set(key, citation);
    }
  const expected = [...first.values()];
  if (
    expected.length !== verification.citations.length ||
    verification.citations.some((citation, index) => !sameCitation(citation, expected[index]!))
  )
    return {
      field: 'verification.citations',
      message: "not the accepted claims' citations, each once in first-mention order",
    };
  const required = verification.rejected.some((claim) => claim.code === 'no_marker');
  // The line does not say whether `[1-3]` was read as a range: either reading may fit, the same for every claim.
  const problem = checkMarkers(record, false, required);
  return problem === null || checkMarkers(record, true, required) === null ? null : problem;
}

function checkMarkers(record: VerifiedLine, ranges: boolean, required: boolean): VerifiedLineProblem | null {
  const { answer, verification } = record;
  const marked = answer === undefined ? null : markedNumbers(answer, verification.claims, ranges);
  for (const [index, claim] of verification.claims.entries()) {
    const field = `verification.claims[${index}].citations`;
    const sources = new Set(claim.citations.map((citation) => citation.source));
    if (sources.size === 0 && required)
      return { field, message: 'none, though the line rejects another claim for having no marker' };
    if (marked === null) {
      // A claim read alone may show markers a fence or comment before it hides, or hide some it shows: only a
      // citation without any `[` in the claim (or a merged duplicate, unseen here) is sure to be forged.
      if (sources.size > 0 && !claim.text.includes('[') && claim.duplicates === undefined)
        return { field, message: 'cite a source, but the claim has no marker' };
      continue;
    }
    const numbers = marked[index]!;
    if (sources.size !== numbers.size || [...numbers].some((n) => !sources.has(n)))
      return {
        field,
        message: `cite source${sources.size === 1 ? '' : 's'} ${listed(sources)}, but the claim's markers name ${listed(numbers)}`,
      };
  }
  return null;
}

/**
 * The numbers each accepted claim's markers name: the answer's markers are read once, in context (a fence or comment
 * opened before a claim hides them, as it does for the verifier), and each counts for the claim or merged duplicate
 * whose span it starts in.
 */
function markedNumbers(answer: string, claims: readonly Claim[], ranges: boolean): Array<Set<number>> {
  const numbers = claims.map(() => new Set<number>());
  const regions = claims
    .flatMap((claim, index) => [claim.span, ...(claim.duplicates ?? [])].map((span) => ({ span, index })))
    .sort((a, b) => a.span.start - b.span.start);
  let at = 0;
  for (const marker of parseMarkers(answer, { ranges })) {
    while (at < regions.length && regions[at]!.span.end <= marker.start) at++;
    const region = regions[at];
    if (region !== undefined && region.span.start <= marker.start)
      for (const n of marker.numbers) numbers[region.index]!.add(n);
  }
  return numbers;
}

/** Up to five numbers for a message (a range may name a thousand). */
function listed(numbers: ReadonlySet<number>): string {
  if (numbers.size === 0) return 'none';
  const shown = [...numbers].slice(0, 5).join(', ');
  return numbers.size > 5 ? `${shown} and ${numbers.size - 5} more` : shown;
}

function sameCitation(a: Citation, b: Citation): boolean {
  return (
    a.source === b.source &&
    a.start === b.start &&
    a.end === b.end &&
    a.documentId === b.documentId &&
    a.chunkId === b.chunkId &&
    a.text === b.text
  );
}

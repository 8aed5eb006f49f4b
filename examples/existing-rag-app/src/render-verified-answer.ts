import type { VerifiedAnswer } from './answer-question.js';
import { printable } from './printable.js';

/**
 * Plain-text rendering of accepted claims with their citations, then every rejected claim with its reason. Every
 * text that came from the model, the question or the passages goes through `printable`: none can move the cursor
 * or restyle the lines around it.
 */
export function renderVerifiedAnswer(
  question: string,
  { verification, finishReason }: VerifiedAnswer,
): string {
  const { claims, rejected } = verification;
  // An unfinished answer shows nothing as accepted: its last claim, cut where a sentence ends, can still verify.
  const finished = finishReason === 'stop';
  const lines = [
    `Question: ${printable(question)}`,
    finished
      ? `Status:   ${verification.status} (${claims.length} claims accepted, ${rejected.length} rejected)`
      : `Status:   unfinished (the model stopped with finish reason ${printable(finishReason)}): no claim is shown`,
    '',
    finished ? 'Accepted claims' : 'Claims that verified, withheld because the answer is unfinished',
  ];
  for (const claim of claims) {
    lines.push(`  ${finished ? '✓' : '?'} ${printable(claim.text)}`);
    for (const citation of claim.citations) {
      lines.push(
        `      [${citation.source}] ${printable(citation.documentId)} ${citation.start}–${citation.end} "${printable(citation.text)}"`,
      );
    }
  }
  if (claims.length === 0) lines.push('  none');
  lines.push('', 'Rejected claims (not shown to the user)');
  if (rejected.length === 0) lines.push('  none');
  for (const claim of rejected)
    lines.push(`  ✗ ${claim.code}: ${printable(claim.text)}`, `      ${printable(claim.message)}`);
  return `${lines.join('\n')}\n`;
}

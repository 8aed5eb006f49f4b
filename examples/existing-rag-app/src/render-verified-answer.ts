import type { VerifiedAnswer } from './answer-question.js';

/** Plain-text rendering of accepted claims with their citations, then every rejected claim with its reason. */
export function renderVerifiedAnswer(question: string, { verification }: VerifiedAnswer): string {
  const { claims, rejected } = verification;
  const lines = [
    `Question: ${question}`,
    `Status:   ${verification.status} (${claims.length} claims accepted, ${rejected.length} rejected)`,
    '',
    'Accepted claims',
  ];
  for (const claim of claims) {
    lines.push(`  ✓ ${claim.text}`);
    for (const citation of claim.citations) {
      lines.push(
        `      [${citation.source}] ${citation.documentId} ${citation.start}–${citation.end} "${citation.text}"`,
      );
    }
  }
  lines.push('', 'Rejected claims (not shown to the user)');
  if (rejected.length === 0) lines.push('  none');
  for (const claim of rejected) lines.push(`  ✗ ${claim.code}: ${claim.text}`, `      ${claim.message}`);
  return `${lines.join('\n')}\n`;
}

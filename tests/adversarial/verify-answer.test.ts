// Runs the verifyAnswer corpus: every case states its whole outcome, and every accepted citation is checked
// against the document it claims to come from.
import { verifyAnswer } from '@gk/citations';
import { describe, expect, it } from 'vitest';
import { ANSWER_CASES } from './fixtures/answers.js';
import { DOCUMENTS, PASSAGES } from './fixtures/corpus.js';

describe('verifyAnswer: adversarial corpus', () => {
  it.each(ANSWER_CASES.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const verification = verifyAnswer(c.answer, PASSAGES, c.options);
    expect({
      status: verification.status,
      accepted: verification.claims.map((claim) => ({
        text: claim.text,
        sources: claim.citations.map((x) => x.source),
      })),
      rejected: verification.rejected.map((r) => ({ text: r.text, code: r.code, markers: r.markers })),
    }).toEqual(c.expected);
    for (const claim of [...verification.claims, ...verification.rejected]) {
      expect(c.answer.slice(claim.span.start, claim.span.end)).toBe(claim.text);
    }
    for (const citation of verification.citations) {
      expect(DOCUMENTS[citation.documentId]!.slice(citation.start, citation.end)).toBe(citation.text);
      const passage = PASSAGES[citation.source - 1]!;
      expect([citation.documentId, citation.chunkId]).toEqual([passage.documentId, passage.chunkId]);
    }
  });
});

describe('verifyAnswer: megabyte inputs', () => {
  it('verifies a 1 MB answer without a full stop against a 1 MB passage, support on', () => {
    const text = 'water boils at sea level and the tower stands in paris '.repeat(19_000);
    const passage = { documentId: 'big', chunkId: 'big#0', start: 0, end: text.length, text };
    const answer = `${text.trim()} [1]`;
    expect(answer.length).toBeGreaterThan(1_000_000);
    const verification = verifyAnswer(answer, [passage], { support: {} });
    expect(verification.status).toBe('answered');
    expect(verification.citations).toEqual([
      { source: 1, documentId: 'big', chunkId: 'big#0', start: 0, end: text.length, text },
    ]);
  });

  it('rejects 1 MB of markers without statements as one empty claim per line, none merged', () => {
    const answer = '[1][2]\n'.repeat(150_000);
    const verification = verifyAnswer(answer, PASSAGES);
    expect([verification.status, verification.claims.length, verification.rejected.length]).toEqual([
      'rejected',
      0,
      150_000,
    ]);
    expect(verification.rejected.every((r) => r.code === 'empty_claim' && r.markers.join() === '1,2')).toBe(
      true,
    );
    expect(verification.duplicatesMerged).toBe(0);
  });
});

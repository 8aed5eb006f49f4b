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

import { describe, expect, it } from 'vitest';
import { verifyAnswer } from './verify-answer.js';

// A thirty-sixth review: Unicode's initial and final punctuation includes editorial marks (⸂…⸃, ⸄…⸅, ⸉…⸊, ⸌…⸍, ⸜…⸝,
// ⸠…⸡) and the dotted angle brackets (⦑…⦒), which a reader takes for quotation marks; a quotation in them was not read,
// so a made-up one was accepted.
const text = 'Aspirin is not harmful. Rest is recommended for adults.';
const passages = [{ documentId: 'd', chunkId: 'c', text, start: 0, end: text.length }];

describe('verifyAnswer on quotations in editorial marks', () => {
  const pairs = [
    ['\u2e02', '\u2e03'],
    ['\u2e04', '\u2e05'],
    ['\u2e09', '\u2e0a'],
    ['\u2e0c', '\u2e0d'],
    ['\u2e1c', '\u2e1d'],
    ['\u2e20', '\u2e21'],
    ['\u2991', '\u2992'],
    ['\u2e02', '\u2e0d'], // opened with one mark and closed with another
  ];

  it.each(pairs)('checks a quotation in %s…%s', (open, close) => {
    const forged = verifyAnswer(
      `Doctors say ${open}Aspirin is not recommended for adults${close} [1].`,
      passages,
    );
    expect(forged.rejected.map((claim) => claim.code)).toEqual(['quote_not_found']);
    const honest = verifyAnswer(`Doctors say ${open}Rest is recommended for adults${close} [1].`, passages);
    expect(honest).toMatchObject({ status: 'answered', rejected: [] });
  });

  it('reads a lone mark as no quotation', () => {
    expect(verifyAnswer('Aspirin is not harmful \u2e02 [1].', passages).status).toBe('answered');
  });
});

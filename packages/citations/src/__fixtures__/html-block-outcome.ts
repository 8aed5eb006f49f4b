// The verdicts of an answer about boiling water [1] and aspirin [2], whole and streamed: the HTML-block tests
// compare both readings on every case.
import { expect } from 'vitest';
import { createAnswerVerifier } from '../verify/create-answer-verifier.js';
import { verifyAnswer } from '../verify/verify-answer.js';
import { source } from './passage.js';

export const PASSAGES = [
  source('Water boils at 100 degrees Celsius at sea level.', 'boiling'),
  source('Aspirin reduces fever and mild pain in adults.', 'leaflet', { uri: 'https://example.org/leaflet' }),
];

/** Each claim as `accepted: text` and each rejection as `code: text`, once the stream is shown to agree. */
export function outcome(answer: string, options: Parameters<typeof verifyAnswer>[2] = {}): string[] {
  const whole = verifyAnswer(answer, PASSAGES, options);
  // Streamed one and three characters at a time, the verdicts are the same.
  for (const size of [1, 3]) {
    const verifier = createAnswerVerifier(PASSAGES, options);
    for (let i = 0; i < answer.length; i += size) verifier.push(answer.slice(i, i + size));
    expect(verifier.end(), `streamed ${size} at a time`).toEqual(whole);
  }
  return [
    ...whole.claims.map((claim) => `accepted: ${claim.text}`),
    ...whole.rejected.map((rejected) => `${rejected.code}: ${rejected.text}`),
  ];
}

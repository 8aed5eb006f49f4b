import { describe, expect, it } from 'vitest';
import { refused } from '../__fixtures__/invalid-argument.js';
import type { ProviderCitation, ProviderDocument } from '../provider/verify-provider-citations.js';
import { verifyProviderCitations } from '../provider/verify-provider-citations.js';
import type { Passage } from '../types.js';
import { createAnswerVerifier } from './create-answer-verifier.js';
import { splitClaims } from './split-claims.js';
import { verifyAnswer } from './verify-answer.js';

// A misspelt option is no option: left unread, it would leave a check off (`supprt`) or at its default
// (`minCoverag`), and an answer the caller meant to hold to that check would be accepted without it.
const TEXT = 'Water boils at 100 degrees Celsius at sea level.';
const passages: Passage[] = [
  { documentId: 'water', chunkId: 'water#0', start: 0, end: TEXT.length, text: TEXT },
];
// Cited, but not supported by the passage: only the support check rejects it.
const UNSUPPORTED = 'Water freezes at minus forty on mountain summits [1].';

const misspelt: [options: object, parameter: string][] = [
  [{ supprt: {} }, 'options.supprt'],
  [{ support: { minCoverag: 0.9 } }, 'options.support.minCoverag'],
  [{ support: { stopwords: ['water'] } }, 'options.support.stopwords'],
  [{ quotes: { minlength: 3 } }, 'options.quotes.minlength'],
  [{ requireCitation: true }, 'options.requireCitation'],
  [{ identifier: [] }, 'options.identifier'],
  [JSON.parse('{"__proto__": {"support": {}}}'), 'options.__proto__'],
];

describe('an option key that is no option', () => {
  it('is accepted when spelt right: the support check then rejects the unsupported claim', () => {
    const verification = verifyAnswer(UNSUPPORTED, passages, { support: { minCoverage: 0.9 } });
    expect(verification.rejected.map((r) => r.code)).toEqual(['unsupported']);
  });

  it('is refused by verifyAnswer and createAnswerVerifier, at the top level and inside support and quotes', () => {
    for (const [options, parameter] of misspelt) {
      refused(() => verifyAnswer(UNSUPPORTED, passages, options as never), parameter);
      refused(() => createAnswerVerifier(passages, options as never), parameter);
    }
  });

  it('is refused by splitClaims, which takes the options verifyAnswer is given and reads the splitting ones', () => {
    refused(() => splitClaims('One. Two.', { units: 'line' } as never), 'options.units');
    refused(() => splitClaims('One. Two.', { supprt: {} } as never), 'options.supprt');
    const options = { unit: 'sentence', locale: 'en', ranges: false, support: {}, quotes: true } as const;
    expect(splitClaims('One. Two.', options)).toHaveLength(2);
  });

  it('is refused by verifyProviderCitations, with the options verifyAnswer has and it does not', () => {
    const documents: ProviderDocument[] = [passages[0]!];
    const citation: ProviderCitation = {
      document: { index: 0 },
      answer: { start: 0, end: 26 },
      location: { type: 'offsets', start: 0, end: 26, unit: 'utf16' },
      citedText: 'Water boils at 100 degrees',
    };
    const answer = 'Water boils at 100 degrees.';
    const verify = (options: object) => () => verifyProviderCitations(answer, [citation], documents, options);
    for (const [options, parameter] of misspelt) refused(verify(options), parameter);
    refused(verify({ provder: 'drop-citation' }), 'options.provder');
    refused(verify({ requireCitations: true }), 'options.requireCitations');
    refused(verify({ noSourceToken: 'NONE' }), 'options.noSourceToken');
    expect(
      verify({ policy: 'drop-citation', support: { minCoverage: 0.5 }, quotes: { minLength: 3 } })(),
    ).toMatchObject({ rejected: [] });
  });
});

import { describe, expect, it } from 'vitest';
import { growth } from '../../../../tests/adversarial/growth.js';
import { source } from '../__fixtures__/passage.js';
import { streamedCodes } from '../__fixtures__/streamed-codes.js';
import type { Passage } from '../types.js';
import { verifyAnswer } from './verify-answer.js';

// Review round 16: the same document cited under many numbers (`gk verify --documents` naming one id again and again)
// is read, indexed and searched once, and each number keeps its own citation.
const WORDS =
  'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma tau upsilon';

/** A passage of about `size` characters of Greek letter names. */
function longText(size: number): string {
  const words = WORDS.split(' ');
  let text = '';
  for (let i = 0; text.length < size; i++)
    text += `${words[i % 20]} ${words[(i * 7) % 20]}${i % 13 ? ' ' : '. '}`;
  return text;
}

/** `copies` passages of the same text, each its own string. */
const copiesOf = (text: string, copies: number): Passage[] =>
  Array.from({ length: copies }, (_, i) => source(` ${text}`.slice(1), 'doc', { chunkId: `doc#${i}` }));

const markers = (copies: number): string => Array.from({ length: copies }, (_, i) => `[${i + 1}]`).join('');

describe('verifyAnswer: passages of the same text (review round 16)', () => {
  it('keeps each citation its own passage: document, chunk and offsets', () => {
    const text = 'Water boils at 100 °C at sea level.';
    const passages = [
      source(text, 'a', { start: 0, end: text.length }),
      source(text, 'b', { start: 500, end: 500 + text.length }),
      source(text, 'a', { chunkId: 'a#7', start: 70, end: 70 + text.length }),
    ];
    const { claims } = verifyAnswer(
      'It says "boils at 100 °C" [2]. Water boils at sea level [1][3]. Ice "boils at 100 °C" too [3].',
      passages,
      { support: {} },
    );
    expect(claims.map((claim) => claim.citations)).toEqual([
      [{ source: 2, documentId: 'b', chunkId: 'b#0', start: 506, end: 521, text: 'boils at 100 °C' }],
      [
        { source: 1, documentId: 'a', chunkId: 'a#0', start: 0, end: text.length, text },
        { source: 3, documentId: 'a', chunkId: 'a#7', start: 70, end: 70 + text.length, text },
      ],
      [{ source: 3, documentId: 'a', chunkId: 'a#7', start: 76, end: 91, text: 'boils at 100 °C' }],
    ]);
  });

  it("reads each passage's own uri and title for identifiers and source lists", () => {
    const text = 'The report is online.';
    const passages = [
      source(text, 'a', { uri: 'https://example.org/a' }),
      source(text, 'b', { uri: 'https://example.org/b', title: 'Report B' }),
    ];
    expect(streamedCodes('The report is at https://example.org/b [2].', passages)).toEqual([]);
    expect(streamedCodes('The report is at https://example.org/b [1].', passages)).toEqual([
      'unknown_identifier',
    ]);
    expect(streamedCodes('The report is online [1][2].\n\nSources:\n[1] a\n[2] Report B', passages)).toEqual(
      [],
    );
    expect(streamedCodes('The report is online [1][2].\n\nSources:\n[1] Report B\n[2] a', passages)).toEqual([
      'source_list_mismatch',
      'source_list_mismatch',
    ]);
  });

  it('finds a quotation in a title as before, when passages share a text but not a title', () => {
    const passages = [
      source('Rates fell.', 'a'),
      source('Rates fell.', 'b', { title: 'Annual Report 2020' }),
    ];
    expect(streamedCodes('According to "Annual Report 2020", rates fell [2].', passages)).toEqual([]);
    expect(streamedCodes('According to "Annual Report 2020", rates fell [1].', passages)).toEqual([
      'quote_not_found',
    ]);
  });

  it('costs about what one copy costs, however many numbers cite the same passage', {
    timeout: 180_000,
  }, () => {
    // A reviewer saw 20 vs 160 copies of 100 KB take 1.4 s vs 5.2 s: every copy was read, indexed and searched.
    const text = longText(50_000);
    const make = (copies: number) => {
      const passages = copiesOf(text, copies);
      const answer = `It says "omega chi psi phi" ${markers(copies)}. Alpha omega phi chi psi ${markers(copies)}.`;
      return () => {
        const { rejected } = verifyAnswer(answer, passages, { support: {} });
        if (rejected.map((r) => r.code).join() !== 'quote_not_found,unsupported')
          throw new Error('wrong verdict');
      };
    };
    // 8 times the copies: 8 before (each copy read), about 1 now.
    expect(growth(make, 5, 3)).toBeLessThan(3);
  });
});

import { describe, expect, it } from 'vitest';
import type { Passage } from '../types.js';
import { createAnswerVerifier } from './create-answer-verifier.js';
import { verifyAnswer } from './verify-answer.js';

// A quotation that a line break inside a paragraph cuts (a soft break: markdown shows one paragraph, the quotation
// whole) is checked whole, with the line break read as a space; each line alone reads only a stretch of it, and two
// real stretches must not make a fabricated whole.
const text = 'Aspirin is not recommended for children. It is recommended for adults with heart disease.';
const PASSAGES: Passage[] = [
  { documentId: 'leaflet', chunkId: 'leaflet#0', start: 0, end: text.length, text },
];

const codes = (answer: string): string[] => verifyAnswer(answer, PASSAGES).rejected.map((r) => r.code);

/** The same answer streamed a character at a time: the verification must not differ. */
function streamed(answer: string) {
  const verifier = createAnswerVerifier(PASSAGES);
  for (const char of answer) verifier.push(char);
  verifier.finish();
  return verifier.end();
}

describe('verifyAnswer: a quotation a line break cuts', () => {
  it('rejects a fabricated quotation made of two real stretches on two lines, in every way of writing the break', () => {
    const fabricated = [
      'According to [1], "Aspirin is not\nrecommended for adults" [1].',
      'According to [1], "Aspirin is not\r\nrecommended for adults" [1].',
      'According to [1], “Aspirin is not\u2028recommended for adults” [1].',
      'He wrote [1] «Aspirin is not\nrecommended for adults» [1].',
      '- According to [1], "Aspirin is not\n  recommended for adults" [1].',
      '> According to [1], "Aspirin is not\n> recommended for adults" [1].',
      // A lazy continuation of the block quote, and a line the quotation runs on through.
      '> According to [1], "Aspirin is not\nrecommended for adults" [1].',
      'According to [1], "Aspirin\nis not [1]\nrecommended for adults" [1].',
      // Stretches too short to be checked alone make a quotation long enough to be.
      'It says [1] "is not\nfor adults" [1].',
    ];
    for (const answer of fabricated) {
      const verification = verifyAnswer(answer, PASSAGES);
      expect(verification.claims, JSON.stringify(answer)).toEqual([]);
      expect(verification.rejected.map((r) => r.code)).toContain('quote_not_found');
      expect(streamed(answer)).toEqual(verification);
    }
    const message = verifyAnswer(fabricated[0]!, PASSAGES).rejected[0]!.message;
    expect(message).toContain('quotes "Aspirin is not recommended for adults"');
  });

  it('accepts the real quotation across the same breaks, citing where it stands', () => {
    const real = [
      'According to [1], "Aspirin is not\nrecommended for children" [1].',
      'According to [1], "Aspirin is not\r\nrecommended for children" [1].',
      '- According to [1], "Aspirin is not\n  recommended for children" [1].',
      '> According to [1], "Aspirin is not\n> recommended for children" [1].',
      'It says [1] "is not\nrecommended for children" [1].',
    ];
    for (const answer of real) {
      const verification = verifyAnswer(answer, PASSAGES);
      expect(verification.rejected, JSON.stringify(answer)).toEqual([]);
      expect(verification.claims).toHaveLength(2);
      const cited = verification.claims.flatMap((claim) => claim.citations);
      const narrowed = cited.find((citation) => citation.end - citation.start < text.length)!;
      expect(text.slice(narrowed.start, narrowed.end)).toMatch(
        /^(Aspirin )?is not recommended for children$/,
      );
      expect(streamed(answer)).toEqual(verification);
    }
  });

  it('checks it whole across blank lines when the first line after them closes it', () => {
    for (const gap of ['\n\n', '\n\n\n', '\r\n\r\n', '\n  \n']) {
      const fabricated = `According to [1], "Aspirin is not${gap}recommended for adults" [1].`;
      expect(codes(fabricated), JSON.stringify(gap)).toEqual(['quote_not_found', 'quote_not_found']);
      expect(streamed(fabricated)).toEqual(verifyAnswer(fabricated, PASSAGES));
      const real = `According to [1], "Aspirin is not${gap}recommended for children" [1].`;
      expect(codes(real), JSON.stringify(gap)).toEqual([]);
      expect(streamed(real)).toEqual(verifyAnswer(real, PASSAGES));
    }
    // A paragraph after the blank line that does not close it is read on its own.
    expect(
      codes(
        'According to [1], "Aspirin is not recommended for children\n\nIt is recommended for adults [1].',
      ),
    ).toEqual([]);
  });

  it('reads the lines apart where a new block starts, as before', () => {
    // A list item, a heading: the quotation does not go on there, and each line reads its own stretch.
    expect(codes('According to [1], "Aspirin is not\n- recommended for adults" [1].')).toEqual([]);
    expect(codes('According to [1], "Aspirin is not\n# recommended for adults" [1].')).toEqual([]);
  });

  it('leaves a quotation the next lines never close as it was: quoted to the end of its claim', () => {
    expect(codes('According to [1], "Aspirin is not recommended for children\nand that is all [1].')).toEqual(
      [],
    );
    expect(codes('According to [1], "Aspirin is never given\nto children [1].')).toEqual(['quote_not_found']);
  });
});

describe('verifyAnswer: a quotation a line break cuts, beside a source list', () => {
  it('checks every entry of a source list line by line, whatever quotation marks its lines hold', () => {
    const passages: Passage[] = [
      { ...PASSAGES[0]!, title: 'Aspirin leaflet' },
      { documentId: 'other', chunkId: 'other#0', start: 0, end: 10, text: 'Other text', title: 'Other' },
    ];
    for (const list of ['[1] “Aspirin leaflet', '[1] Aspirin “leaflet']) {
      const answer = `Aspirin is not recommended for children [1].\n\nSources:\n${list}\n[2] Journal of Made-up Things” fake`;
      const verification = verifyAnswer(answer, passages);
      expect(verification.rejected.map((r) => r.code)).toContain('source_list_mismatch');
      expect(verification.rejected.map((r) => r.text)).toContain('[2] Journal of Made-up Things” fake');
    }
  });
});

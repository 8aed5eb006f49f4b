import { type Passage, verifyAnswer } from '@gk/citations';
import { describe, expect, it } from 'vitest';
import { showClaims, stripMarkers } from './show-claims.js';

const document =
  'Preamble.\n\nThe Licensor grants you a licence to "use, copy and modify" the Work. Nothing else.';
const passage: Passage = {
  documentId: 'W-1.0',
  chunkId: 'W-1.0#0',
  text: document.slice(11),
  start: 11,
  end: document.length,
};

describe('showClaims', () => {
  it('marks a citation narrowed to a quotation, with the span the verifier located', () => {
    const answer = 'You may "use, copy and modify" the Work [1]. Nothing else. [1]';
    const verification = verifyAnswer(answer, [passage]);
    const [quoted, verbatim] = showClaims(verification.claims, [passage]);
    const narrowed = quoted!.citations[0]!;
    expect(narrowed).toMatchObject({ narrowed: true, text: 'use, copy and modify', passage: { start: 11 } });
    expect(document.slice(narrowed.start, narrowed.end)).toBe('use, copy and modify');
    // The claim paraphrases around the quotation, so its own words are not verbatim in the passage.
    expect(narrowed.claimAt).toBeNull();
    const whole = verbatim!.citations[0]!;
    expect(whole).toMatchObject({ narrowed: false, start: 11, end: document.length });
    expect(document.slice(whole.claimAt!.start, whole.claimAt!.end)).toBe('Nothing else.');
  });

  it('returns nothing for no claims', () => {
    expect(showClaims([], [passage])).toEqual([]);
  });
});

describe('stripMarkers', () => {
  it('removes citation markers and trims', () => {
    expect(stripMarkers('A claim [1][2]. ')).toBe('A claim .');
    expect(stripMarkers('[PERSON_1] stays [3]')).toBe('[PERSON_1] stays');
  });
});

import { describe, expect, it } from 'vitest';
import { source } from '../__fixtures__/passage.js';
import type { VerifyOptions } from './verify-answer.js';
import { createAnswerVerifier } from './create-answer-verifier.js';
import { verifyAnswer } from './verify-answer.js';

// Markup a renderer hides (tags and their attributes, comments, link titles, alt texts) may be shown after all: an
// alt text when the image is broken, a title as a tooltip, everything when HTML is rendered as text. Its quotation
// marks are read on their own (they pair only with each other, and what they quote is checked), its words can only
// lower a claim's support, and only markup CommonMark reads as markup hides anything (an escaped `<`, a backtick
// inside a comment, a tag that starts inside a code span hide nothing).

const PASSAGES = [
  source('Water boils at 100 degrees Celsius at sea level.', 'boiling', {
    uri: 'https://example.org/boiling',
  }),
  source('Aspirin reduces fever and mild pain in adults.', 'leaflet', { uri: 'https://example.org/leaflet' }),
];
const SUPPORT: VerifyOptions = { support: {} };

function outcome(answer: string, options: VerifyOptions = {}): string[] {
  const whole = verifyAnswer(answer, PASSAGES, options);
  // Streamed a few characters at a time, the verdicts are the same.
  const verifier = createAnswerVerifier(PASSAGES, options);
  for (let i = 0; i < answer.length; i += 3) verifier.push(answer.slice(i, i + 3));
  expect(verifier.end()).toEqual(whole);
  return [
    ...whole.claims.map((claim) => `accepted: ${claim.text}`),
    ...whole.rejected.map((rejected) => `${rejected.code}: ${rejected.text}`),
  ];
}

const codes = (answer: string, options: VerifyOptions = {}): string[] =>
  outcome(answer, options).map((line) => line.slice(0, line.indexOf(':')));

describe('verifyAnswer reads markup a page may show', () => {
  it.each([
    [
      'an alt text',
      'Water boils at 100 degrees Celsius <img src="https://example.org/boiling" alt="and “aspirin cures every cancer”"> [1].',
    ],
    [
      'a title',
      'Water boils at 100 degrees Celsius <span title="so “aspirin cures every cancer”">here</span> [1].',
    ],
    ['a comment', 'Water boils at 100 degrees Celsius <!-- “aspirin cures every cancer” --> [1].'],
    [
      'a markdown alt text',
      'Water boils at sea level ![and "aspirin cures every cancer"](https://example.org/boiling) [1].',
    ],
    [
      'a markdown title',
      'Water boils at sea level [x](https://example.org/boiling "“aspirin cures every cancer”") [1].',
    ],
  ])('checks a quotation in %s', (_, answer) => {
    expect(codes(answer)).toEqual(['quote_not_found']);
  });

  it.each([
    ["attributes' quotes", `<img alt='x"'>"aspirin cures every cancer"<img alt='"y'> [2].`],
    ['a comment', '<!-- x" -->"aspirin cures every cancer"<!-- "y --> [2].'],
    [
      'a title',
      '[a](https://example.org/leaflet "x“") “aspirin cures every cancer” [b](https://example.org/leaflet "”y") [2].',
    ],
  ])('never pairs a mark in %s with a shown one, so the shown quotation is checked', (_, answer) => {
    expect(codes(answer)).toEqual(['quote_not_found']);
  });

  it('reads the quotes that delimit attribute values as syntax, not as a quotation', () => {
    expect(
      codes('Aspirin reduces <a href="https://example.org/leaflet" title="Leaflet">fever</a> in adults [2].'),
    ).toEqual(['accepted']);
  });

  it.each([
    ['a tag', 'The label reads \\<b title="aspirin cures all cancers forever"> [2].'],
    ['a comment', 'The label reads \\<!-- "aspirin cures all cancers forever" --> [2].'],
    [
      'an image',
      'The label reads \\![see "aspirin cures all cancers forever"](https://example.org/leaflet) [2].',
    ],
  ])('hides nothing behind an escaped %s', (_, answer) => {
    expect(codes(answer)).toEqual(['quote_not_found']);
  });

  it.each([
    [
      'a backtick in a comment',
      'Water boils at 100 degrees Celsius at sea level<!-- ` -->. Aspirin cures every cancer in children ` [1].',
    ],
    [
      'a backtick in an attribute',
      'Water boils at 100 degrees Celsius at sea level<i title="`">. Aspirin cures every cancer in children ` [1].',
    ],
  ])('opens no code span with %s, so the sentences after it stay apart', (_, answer) => {
    expect(codes(answer)).toEqual(['accepted', 'no_marker']);
  });

  it('reads no tag that starts inside a code span, so the quotation between two spans is checked', () => {
    expect(codes('The code `<b title="` says “aspirin cures all cancers forever” `">` [2].')).toEqual([
      'quote_not_found',
    ]);
  });

  it('opens no code span at an escaped backtick', () => {
    expect(
      codes('Aspirin cures every cancer \\`. Water boils at 100 degrees Celsius at sea level` [1].'),
    ).toEqual(['accepted', 'no_marker']);
  });
});

describe('the support check and markup', () => {
  it.each([
    [
      'an alt text',
      'Water boils at 100 degrees Celsius at sea level <img src="https://example.org/boiling" alt="and aspirin cures every cancer within two weeks"> [1].',
    ],
    [
      'an input value',
      'Water boils at 100 degrees Celsius at sea level [1] <input value="Aspirin cures every cancer within two weeks">.',
    ],
    [
      'a markdown alt text',
      'Water boils at 100 degrees Celsius at sea level ![and aspirin cures every cancer within two weeks](https://example.org/boiling) [1].',
    ],
    [
      'a tag of words',
      'Water boils at 100 degrees Celsius at sea level <aspirin cures every cancer within two weeks> [1].',
    ],
  ])('counts the words of %s against the claim', (_, answer) => {
    expect(codes(answer, SUPPORT)).toEqual(['unsupported']);
  });

  it('never counts words only markup holds as support', () => {
    expect(
      codes(
        'Aspirin cures every cancer <span data-x="water boils at 100 degrees celsius at sea level">quickly</span> [1].',
        SUPPORT,
      ),
    ).toEqual(['unsupported']);
  });

  it('still accepts a supported claim with a link, whose destination is no word of it', () => {
    expect(
      codes(
        'Water boils at 100 degrees Celsius at sea level, [says the source](https://example.org/boiling) [1].',
        SUPPORT,
      ),
    ).toEqual(['accepted']);
  });
});

describe('the streaming verifier and links', () => {
  it.each([1, 2, 5])(
    'never cuts inside a link text, %i characters at a time, so a title never becomes text',
    (size) => {
      const answer =
        'Aspirin reduces fever [2]. See [the leaflet. Aspirin cures all cancers in children](https://example.org/leaflet "[2]").\n';
      const verifier = createAnswerVerifier(PASSAGES);
      for (let i = 0; i < answer.length; i += size) verifier.push(answer.slice(i, i + size));
      const streamed = verifier.end();
      expect(streamed).toEqual(verifyAnswer(answer, PASSAGES));
      expect(streamed.claims.map((claim) => claim.text)).toEqual(['Aspirin reduces fever [2].']);
    },
  );
});

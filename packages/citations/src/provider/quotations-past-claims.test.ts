import { describe, expect, it } from 'vitest';
import type { ProviderCitation } from './index.js';
import { verifyProviderCitations } from './verify-provider-citations.js';
import { quotationsPastClaims } from './quotations-past-claims.js';

const text = 'The grass is green. The sky is blue on a clear day.';
const documents = [{ documentId: 'leaflet', chunkId: 'leaflet#0', start: 0, end: text.length, text }];

/** An answer written as blocks, as Anthropic returns it; `cites` marks a block cited at `[start, end)` of the leaflet. */
function blocks(...parts: Array<string | { text: string; cites: [number, number] }>) {
  let answer = '';
  const citations: ProviderCitation[] = [];
  for (const part of parts) {
    if (typeof part === 'string') answer += part;
    else {
      citations.push({
        type: 'char_location',
        document: { index: 0 },
        answer: { start: answer.length, end: answer.length + part.text.length },
        location: { type: 'offsets', start: part.cites[0], end: part.cites[1], unit: 'code-point' },
        citedText: text.slice(part.cites[0], part.cites[1]),
      });
      answer += part.text;
    }
  }
  return verifyProviderCitations(answer, citations, documents);
}

describe('quotations whose marks stand beside the cited span', () => {
  it.each([
    ['straight marks in the blocks around it', ['The leaflet says "', '".']],
    ['curly marks', ['The leaflet says \u201c', '\u201d.']],
    ['guillemets', ['Le d\u00e9pliant dit \u00ab ', ' \u00bb.']],
    ['an opening mark left open before it', ['The leaflet says: "', '']],
    ['marks written as character references', ['The leaflet says &ldquo;', '&rdquo;.']],
  ])('refuses a fabricated quotation with %s', (_, [before, after]) => {
    const verification = blocks(before!, { text: 'the grass is purple', cites: [0, 19] }, after!);
    expect(verification.claims).toEqual([]);
    expect(verification.rejected).toMatchObject([{ code: 'quote_not_found', text: 'the grass is purple' }]);
  });

  it('refuses a quotation that joins two cited spans into words neither holds', () => {
    const verification = blocks(
      'The leaflet says "',
      { text: 'the grass is green', cites: [0, 19] },
      ' and ',
      { text: 'the sky is blue', cites: [20, 51] },
      '".',
    );
    expect(verification.rejected.map((claim) => claim.code)).toEqual(['quote_not_found', 'quote_not_found']);
  });

  it.each(['\n', '\r', '\r\n', '\u2028', ' and\nthe sun is cold\n'])(
    'refuses made-up words a line break %j parts from the cited span inside one quotation',
    (lineBreak) => {
      const verification = blocks(
        `The leaflet says "the moon is red and${lineBreak}`,
        { text: 'the sky is blue', cites: [20, 51] },
        '".',
      );
      expect(verification.claims).toEqual([]);
      expect(verification.rejected).toMatchObject([{ code: 'quote_not_found' }]);
    },
  );

  it('accepts a quoted passage cited sentence by sentence, and refuses words added to it', () => {
    const quoted = (before: string, between: string) =>
      blocks(
        before,
        { text: 'The grass is green.', cites: [0, 19] },
        between,
        { text: 'The sky is blue on a clear day.', cites: [20, 51] },
        '"',
      );
    expect(quoted('The leaflet says "', ' ').claims).toHaveLength(2);
    expect(quoted('> \u201c', ' ').rejected).toEqual([]);
    expect(quoted('The leaflet says "Indeed, ', ' ').rejected.map((claim) => claim.code)).toEqual([
      'quote_not_found',
      'quote_not_found',
    ]);
    expect(quoted('The leaflet says "', ' And ').rejected).toHaveLength(2);
  });

  it('finds no quotation in document text between cited spans that none of them holds', () => {
    // Sentences 1 and 2 of the leaflet cited, a quotation of both with the space between them uncited: tiled.
    // The words between the first span and a later one, uncited, are held by no citation's offsets.
    const gapped = blocks(
      'The memo says "',
      { text: 'The grass is', cites: [0, 4] },
      ' ',
      {
        text: 'green.',
        cites: [13, 19],
      },
      '"',
    );
    expect(gapped.rejected.map((claim) => claim.code)).toEqual(['quote_not_found', 'quote_not_found']);
  });

  it('pairs no marks across list items, and single marks across no line break', () => {
    for (const [before, between, after] of [
      ["- In the '90s:\n- ", "\n- The users' view: ", ''],
      ["In the '90s:\n", "\nThe users' view: ", ''],
      ['- Rated "excellent by critics\n- ', '\n- Called "the best" of the year\n- ', ''],
    ])
      expect(
        blocks(
          before!,
          { text: 'The grass is green.', cites: [0, 19] },
          between!,
          {
            text: 'The sky is blue on a clear day.',
            cites: [20, 51],
          },
          after!,
        ).rejected,
        before,
      ).toEqual([]);
  });

  it('accepts the honest quotation, and marks around an unquoted claim elsewhere on the line', () => {
    expect(
      blocks('The leaflet says "', { text: 'The grass is green.', cites: [0, 19] }, '"').claims,
    ).toMatchObject([{ text: 'The grass is green.', citations: [{ text: 'The grass is green.' }] }]);
    const elsewhere = blocks('Readers called it "a lovely little leaflet". ', {
      text: 'The grass is green.',
      cites: [0, 19],
    });
    expect(elsewhere.rejected).toEqual([]);
    expect(elsewhere.claims).toHaveLength(1);
  });

  it('leaves the quotation check off with quotes: false, and uses its minLength', () => {
    const answer = 'The leaflet says "the grass is purple".';
    const citation: ProviderCitation = {
      type: 'char_location',
      document: { index: 0 },
      answer: { start: 18, end: 37 },
      location: { type: 'offsets', start: 0, end: 19, unit: 'code-point' },
      citedText: 'The grass is green.',
    };
    expect(verifyProviderCitations(answer, [citation], documents, { quotes: false }).claims).toHaveLength(1);
    expect(
      verifyProviderCitations(answer, [citation], documents, { quotes: { minLength: 40 } }).claims,
    ).toHaveLength(1);
  });
});

describe('quotationsPastClaims', () => {
  /** The quoted texts each claim answers for. */
  const texts = (answer: string, spans: Array<{ start: number; end: number }>) =>
    quotationsPastClaims(answer, spans, 12).map((found) => found?.map((quotation) => quotation.text) ?? null);

  it('gives each claim the quotations that hold its text and reach past it', () => {
    const answer = 'He said "one two three four five" and "six seven eight nine ten" too.';
    const first = { start: 9, end: 22 }; // one two three
    const whole = { start: 0, end: answer.length };
    expect(quotationsPastClaims(answer, [first], 12)).toEqual([
      [{ text: 'one two three four five', claims: [0] }],
    ]);
    // Both quotations are inside the claim, marks and all: its own check reads them.
    expect(texts(answer, [whole])).toEqual([[]]);
  });

  it('reads a closing mark after the last claim of a line back into it, and counts the quoted text it hands out', () => {
    // The mark that a line break parts from the quotation's start closes with nothing open: it quotes back.
    expect(texts('A note: "\nthe grass is purple".', [{ start: 10, end: 29 }])).toEqual([
      ['the grass is purple'],
    ]);
    // A mark left open runs on through the line break of its paragraph, not past a blank line.
    expect(texts('A note: "\nthe grass is purple.', [{ start: 10, end: 29 }])).toEqual([
      ['the grass is purple.'],
    ]);
    expect(texts('A note: "\n\nthe grass is purple.', [{ start: 11, end: 30 }])).toEqual([[]]);
    expect(texts('A note: "\r\n\r\nthe grass is purple.', [{ start: 13, end: 32 }])).toEqual([[]]);
    // A claim of one character in each of many words of one long quotation: the quotation once per claim.
    const words = Array.from({ length: 3000 }, () => 'word').join(' ');
    const answer = `"${words}"`;
    const spans = Array.from({ length: 3000 }, (_, i) => ({ start: 1 + i * 5, end: 2 + i * 5 }));
    const past = texts(answer, spans);
    expect(past[0]).toEqual([words]);
    expect(past.at(-1)).toBeNull();
    expect(past.filter((texts) => texts === null).length).toBeGreaterThan(2000);
  });
});

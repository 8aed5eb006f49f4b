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
    // Not `purple&rdquo;`: tag-edges reads `purple&rdquo` as one word (as `AT&T`), which the claim's end would cut.
    ['marks written as character references', ['The leaflet says &ldquo;', '&#8221;.']],
    ['marks written as hexadecimal references', ['The leaflet says &#x201C;', '&#x201D;.']],
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

  it('accepts a quoted passage cited sentence by sentence with its marks inside the first and last claims', () => {
    // Each claim is read on a line of its own: no synthetic line joins a quotation across claims (rt9 #4).
    const marked = (first: string, last: string) =>
      blocks(
        'The leaflet says: ',
        { text: first, cites: [0, 19] },
        ' ',
        { text: last, cites: [20, 51] },
        '.',
      );
    for (const [first, last] of [
      ['"The grass is green.', 'The sky is blue on a clear day."'],
      ['\u201cThe grass is green.', 'The sky is blue on a clear day.\u201d'],
      ['\u00abThe grass is green.', 'The sky is blue on a clear day.\u00bb'],
    ]) {
      const verification = marked(first!, last!);
      expect(verification.rejected, first).toEqual([]);
      expect(verification.claims).toHaveLength(2);
    }
    expect(marked('"The grass is green.', 'The sky is red on a clear day."').claims).toEqual([]);
    // A lead-in inside the first claim; and pieces glued without a space (`12` · `%`).
    expect(
      blocks('', { text: 'The leaflet says: "The grass is green.', cites: [0, 19] }, ' ', {
        text: 'The sky is blue on a clear day."',
        cites: [20, 51],
      }).rejected,
    ).toEqual([]);
    const glued = blocks(
      'The leaflet says "the sky is ',
      { text: 'blue', cites: [20, 51] },
      { text: ' on a clear', cites: [20, 51] },
      ' day".',
    );
    expect(glued.rejected).toEqual([]);
  });

  it('checks a long quotation cited sentence by sentence once, however many claims it spans', () => {
    // Each claim is charged for it once between them, not once each: all accepted (rt9 #6).
    const sentences = Array.from(
      { length: 160 },
      (_, i) => `Sentence ${i} says the value is ${i * 7} units.`,
    );
    const long = sentences.join(' ');
    const document = [{ documentId: 'report', chunkId: 'report#0', start: 0, end: long.length, text: long }];
    const quoted = (words: string[]) => {
      const answer = `The report says "${words.join(' ')}" in full.`;
      let from = 0;
      let at = 0;
      const citations: ProviderCitation[] = words.map((claim, i) => {
        const start = answer.indexOf(claim, from);
        from = start + claim.length;
        const cited = sentences[i]!;
        at = long.indexOf(cited, at);
        return {
          document: { index: 0 },
          answer: { start, end: start + claim.length },
          location: { type: 'offsets', start: at, end: at + cited.length, unit: 'utf16' },
          citedText: cited,
        };
      });
      return verifyProviderCitations(answer, citations, document);
    };
    const honest = quoted(sentences);
    expect(honest.rejected).toEqual([]);
    expect(honest.claims).toHaveLength(160);
    // One word changed: the quotation is not the report's, and every claim it spans answers for it.
    const changed = quoted(sentences.map((s, i) => (i === 80 ? s.replace('units', 'euros') : s)));
    expect(changed.claims).toEqual([]);
    expect(new Set(changed.rejected.map((claim) => claim.code))).toEqual(new Set(['quote_not_found']));
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

  it('reads a closing mark after the last claim of a line back into it, and hands each quotation out once', () => {
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
    // A claim of one character in each of many words of one long quotation: one quotation, shared by every claim and
    // counted once (checking it once per passage is checkProviderClaims's, within its own budget).
    const words = Array.from({ length: 3000 }, () => 'word').join(' ');
    const answer = `"${words}"`;
    const spans = Array.from({ length: 3000 }, (_, i) => ({ start: 1 + i * 5, end: 2 + i * 5 }));
    const past = quotationsPastClaims(answer, spans, 12);
    expect(past[0]).toEqual([{ text: words, claims: spans.map((_, c) => c) }]);
    expect(past.every((found) => found?.length === 1 && found[0] === past[0]![0])).toBe(true);
  });

  // rt10 #3: the stretch a quotation is read in is built from the spans of the claims it cuts, accepted ones only.
  /** `cited` (an answer substring) citing the leaflet's `[start, end)`. */
  const cite = (answer: string, cited: string, [start, end]: [number, number]): ProviderCitation => ({
    type: 'char_location',
    document: { index: 0 },
    answer: { start: answer.indexOf(cited), end: answer.indexOf(cited) + cited.length },
    location: { type: 'offsets', start, end, unit: 'code-point' },
    citedText: text.slice(start, end),
  });

  it.each([
    ['an accepted claim around it citing the whole leaflet', ' yesterday.'],
    ['a refused claim around it citing the whole leaflet', ' yesterday, see https://evil.example/x.'],
  ])('reads a quotation in the spans its own claim cites, with %s', (_, tail) => {
    const answer = `He wrote "the sky is blue on a clear day"${tail}`;
    const small = cite(answer, 'the sky is blue on a clear day', [0, 19]);
    const whole: ProviderCitation = {
      ...cite(answer, answer, [0, 51]),
      answer: { start: 0, end: answer.length },
    };
    const verification = verifyProviderCitations(answer, [small, whole], documents);
    expect(verification.rejected).toContainEqual(
      expect.objectContaining({ code: 'quote_not_found', text: 'the sky is blue on a clear day' }),
    );
    expect(verification.claims.map((claim) => claim.text)).not.toContain('the sky is blue on a clear day');
  });

  it('reads a quotation cited sentence by sentence without the spans of a claim already refused', () => {
    const quoted = (lead: string) => {
      const first = `${lead}"The grass is green.`;
      const answer = `${first} The sky is blue on a clear day."`;
      return verifyProviderCitations(
        answer,
        [cite(answer, first, [0, 19]), cite(answer, 'The sky is blue on a clear day."', [20, 51])],
        documents,
      );
    };
    expect(quoted('Per the leaflet: ').rejected).toEqual([]);
    expect(quoted('Per https://evil.example/x: ').rejected.map((claim) => claim.code)).toEqual([
      'unknown_identifier',
      'quote_not_found',
    ]);
  });
});

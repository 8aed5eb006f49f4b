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

/**
 * Ways to write a quotation that a line break cuts, each given the words that close it on a later line: a passage's
 * real continuation ("recommended for children") or a real stretch from elsewhere ("recommended for adults").
 */
const BREAKS: Record<string, (rest: string) => string> = {
  LF: (rest) => `According to [1], "Aspirin is not\n${rest}" [1].`,
  'CR LF': (rest) => `According to [1], "Aspirin is not\r\n${rest}" [1].`,
  'U+2028, curly marks': (rest) => `According to [1], “Aspirin is not\u2028${rest}” [1].`,
  guillemets: (rest) => `He wrote [1] «Aspirin is not\n${rest}» [1].`,
  'list item continued': (rest) => `- According to [1], "Aspirin is not\n  ${rest}" [1].`,
  'block quote': (rest) => `> According to [1], "Aspirin is not\n> ${rest}" [1].`,
  'block quote, lazy continuation': (rest) => `> According to [1], "Aspirin is not\n${rest}" [1].`,
  'a line it runs on through': (rest) => `According to [1], "Aspirin\nis not [1]\n${rest}" [1].`,
  'a blank line': (rest) => `According to [1], "Aspirin is not\n\n${rest}" [1].`,
  'two blank lines': (rest) => `According to [1], "Aspirin is not\n\n\n${rest}" [1].`,
  'CR LF blank line': (rest) => `According to [1], "Aspirin is not\r\n\r\n${rest}" [1].`,
  'a blank line of spaces': (rest) => `According to [1], "Aspirin is not\n  \n${rest}" [1].`,
  'a line that starts with a marker': (rest) => `[1] says that "Aspirin is not\n${rest}" [1].`,
  'a list item that starts with a marker': (rest) => `- [1] says that "Aspirin is not\n  ${rest}" [1].`,
  // A line of invisible characters only is no blank line for CommonMark: the paragraph, and the quotation, go on
  // (a review found the quotation cut there and its closing line accepted unread).
  'a line of a zero-width space': (rest) => `According to [1], "Aspirin is not\n\u200b\n${rest}" [1].`,
  'a CR, a zero-width space, a U+2028': (rest) =>
    `According to [1], "Aspirin is not\r\u200b\u2028 ${rest}" [1].`,
  'a quoted line of a zero-width space': (rest) =>
    `> According to [1], "Aspirin is not\n> \u200b\n> ${rest}" [1].`,
  'lines of a word joiner and a tag character': (rest) =>
    `According to [1], "Aspirin is not\r\n\u2060\r\n\u{E0041}\n${rest}" [1].`,
};

describe('verifyAnswer: a quotation a line break cuts', () => {
  it.each(Object.keys(BREAKS))(
    'is checked whole (%s): a fabricated whole is rejected, the real one cited',
    (name) => {
      const fabricated = BREAKS[name]!('recommended for adults');
      const rejected = verifyAnswer(fabricated, PASSAGES);
      expect(rejected.claims).toEqual([]);
      expect(rejected.rejected.map((r) => r.code)).toContain('quote_not_found');
      expect(rejected.rejected.map((r) => r.message).join('\n')).toContain(
        'quotes "Aspirin is not recommended for adults"',
      );
      expect(streamed(fabricated)).toEqual(rejected);

      const real = BREAKS[name]!('recommended for children');
      const accepted = verifyAnswer(real, PASSAGES);
      expect(accepted.rejected).toEqual([]);
      // Every claim's citation is narrowed to the whole quotation in the passage.
      for (const claim of accepted.claims)
        expect(claim.citations.map((c) => text.slice(c.start, c.end))).toEqual([
          'Aspirin is not recommended for children',
        ]);
      expect(streamed(real)).toEqual(accepted);
    },
  );

  it('joins a block-quote line that streaming cut after a sentence, as the whole line joins', () => {
    for (const depth of ['> ', '> > ']) {
      const fabricated = `${depth}It says so [1]. According to [1], "Aspirin is not\n${depth}recommended for adults" [1].`;
      const whole = verifyAnswer(fabricated, PASSAGES);
      expect(whole.rejected.map((r) => r.code)).toEqual(['quote_not_found', 'quote_not_found']);
      expect(streamed(fabricated)).toEqual(whole);
    }
  });

  it('checks stretches too short to be checked alone as the quotation they make', () => {
    expect(codes('It says [1] "is not\nfor adults" [1].')).toEqual(['quote_not_found', 'quote_not_found']);
    expect(codes('It says [1] "is not\nrecommended for children" [1].')).toEqual([]);
  });

  it('reads a line of Unicode spaces, a form feed or a vertical tab as no blank line: the quotation runs on through it', () => {
    // CommonMark's blank line holds only spaces and tabs; `marked` keeps one paragraph over such a line (a review found
    // each line's stretch accepted alone, and the whole quotation never checked).
    const passages: Passage[] = [
      { ...PASSAGES[0]!, text: 'Aspirin is not recommended for adults under any circumstances.', end: 62 },
    ];
    for (const space of ['\u00a0', '\u3000', '\u2003', '\u202f', '\f', '\v', '\u00a0\u200b']) {
      const answer = `It says [1] "Aspirin is not\n${space}\nrecommended for children [1]\nat all" [1].`;
      const verification = verifyAnswer(answer, passages);
      expect(verification.claims, JSON.stringify(space)).toEqual([]);
      expect(verification.rejected.map((r) => r.code)).toEqual([
        'quote_not_found',
        'quote_not_found',
        'quote_not_found',
      ]);
      const verifier = createAnswerVerifier(passages);
      for (const char of answer) verifier.push(char);
      verifier.finish();
      expect(verifier.end()).toEqual(verification);
    }
    // A line of spaces and tabs is blank: a new paragraph, read on its own when it does not close the quotation.
    expect(
      verifyAnswer('It says [1] "Aspirin is not\n \t\nrecommended for children [1]\nat all" [1].', passages)
        .rejected,
    ).toEqual([]);
  });

  it('reads a paragraph after a blank line on its own when it does not close the quotation', () => {
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

/** Single marks around a quotation a line break cuts, each given the words that close it on a later line. */
const SINGLE_BREAKS: Record<string, (rest: string) => string> = {
  "' LF": (rest) => `According to [1], 'Aspirin is not\n${rest}' [1].`,
  "' CR LF": (rest) => `According to [1], 'Aspirin is not\r\n${rest}' [1].`,
  '‘ ’ U+2028': (rest) => `According to [1], \u2018Aspirin is not\u2028${rest}\u2019 [1].`,
  '‚ ‘': (rest) => `Laut [1] heißt es \u201aAspirin is not\n${rest}\u2018 [1].`,
  '❛ ❜': (rest) => `According to [1], \u275bAspirin is not\n${rest}\u275c [1].`,
  '&lsquo; &rsquo;': (rest) => `According to [1], &lsquo;Aspirin is not\n${rest}&rsquo; [1].`,
  '&apos;': (rest) => `According to [1], &apos;Aspirin is not\n${rest}&apos; [1].`,
  '&sbquo; &OpenCurlyQuote;': (rest) =>
    `Laut [1] heißt es &sbquo;Aspirin is not\n${rest}&OpenCurlyQuote; [1].`,
  'list item continued': (rest) => `- According to [1], 'Aspirin is not\n  ${rest}' [1].`,
  'block quote': (rest) => `> According to [1], 'Aspirin is not\n> ${rest}' [1].`,
  'a line it runs on through': (rest) => `The leaflet's authors [1]: 'Aspirin\nis not [1]\n${rest}' [1].`,
  'a blank line': (rest) => `According to [1], 'Aspirin is not\n\n${rest}' [1].`,
};

describe('verifyAnswer: a quotation in single marks a line break cuts', () => {
  it.each(Object.keys(SINGLE_BREAKS))(
    'is checked whole (%s): a fabricated whole is rejected, the real one cited',
    (name) => {
      const fabricated = SINGLE_BREAKS[name]!('recommended for adults');
      const rejected = verifyAnswer(fabricated, PASSAGES);
      expect(rejected.claims).toEqual([]);
      expect(rejected.rejected.map((r) => r.message).join('\n')).toContain(
        'quotes "Aspirin is not recommended for adults"',
      );
      expect(streamed(fabricated)).toEqual(rejected);

      const real = SINGLE_BREAKS[name]!('recommended for children');
      const accepted = verifyAnswer(real, PASSAGES);
      expect(accepted.rejected).toEqual([]);
      for (const claim of accepted.claims)
        expect(claim.citations.map((c) => text.slice(c.start, c.end))).toEqual([
          'Aspirin is not recommended for children',
        ]);
      expect(streamed(real)).toEqual(accepted);
    },
  );

  it('runs on through a line whose apostrophes are no marks', () => {
    const contracted = 'Aspirin isn\u2019t recommended for children. It\u2019s recommended for adults.';
    const passages: Passage[] = [{ ...PASSAGES[0]!, text: contracted, end: contracted.length }];
    const answer = (rest: string) => `According to [1], \u2018Aspirin\nisn\u2019t [1]\n${rest}\u2019 [1].`;
    expect(verifyAnswer(answer('recommended for adults'), passages).claims).toEqual([]);
    expect(verifyAnswer(answer('recommended for children'), passages).rejected).toEqual([]);
  });

  it('opens no quotation at an apostrophe: lines with contractions, elisions and possessives stay apart', () => {
    for (const answer of [
      "Aspirin isn't recommended for children, the leaflet's authors say [1].\nIt's recommended for adults' use [1].",
      "In the '90s aspirin was not recommended for children [1].\nThe users' view: it is recommended for adults [1].",
      "Here's what [1] says: 'tis not recommended for children\nand it's recommended for adults' use [1].",
      "The leaflet's advice [1]: aspirin is not recommended for children, 'cause\nit's recommended for adults' hearts [1].",
    ]) {
      const verification = verifyAnswer(answer, PASSAGES);
      expect(verification.rejected, answer).toEqual([]);
      expect(streamed(answer)).toEqual(verification);
    }
  });
});

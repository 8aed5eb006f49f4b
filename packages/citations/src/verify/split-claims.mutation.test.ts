// Behaviour pinned by mutation testing (npm run mutation -- citations): which characters are spaces at a unit's
// edges and before a marker, every line break, the ranges and locale options, abbreviations and initials (and
// what is not one), list prefixes, and http URLs.
import { describe, expect, it } from 'vitest';
import { type SplitClaimsOptions, splitClaims } from './split-claims.js';

/** A unit as [text, span start, span end, textWithoutMarkers]. */
type Shape = [string, number, number, string];
const shapes = (answer: string, options: SplitClaimsOptions = {}): Shape[] =>
  splitClaims(answer, options).map((u) => [u.text, u.span.start, u.span.end, u.textWithoutMarkers]);

describe('splitClaims spaces and line breaks (mutation-pinned)', () => {
  it('trims tabs, vertical tabs, form feeds and no-break, narrow and ideographic spaces, but not NUL', () => {
    const answer =
      'Water boils [1]\t\nIce melts [2]\u00a0\nSteam rises [3]\u202f\n\u3000Fog forms [4]\u3000\n\vRain falls [5]\f\nSnow [6]\u0000';
    expect(shapes(answer, { unit: 'line' })).toEqual([
      ['Water boils [1]', 0, 15, 'Water boils'],
      ['Ice melts [2]', 17, 30, 'Ice melts'],
      ['Steam rises [3]', 32, 47, 'Steam rises'],
      ['Fog forms [4]', 50, 63, 'Fog forms'],
      ['Rain falls [5]', 66, 80, 'Rain falls'],
      ['Snow [6]\u0000', 82, 91, 'Snow\u0000'],
    ]);
  });

  it('trims the spaces between sentences, and an ideographic space that opens the answer', () => {
    expect(shapes('\u3000Water boils.\u00a0Ice melts.\u3000Steam rises [1].\u202f')).toEqual([
      ['Water boils.', 1, 13, 'Water boils.'],
      ['Ice melts.', 14, 24, 'Ice melts.'],
      ['Steam rises [1].', 25, 41, 'Steam rises.'],
    ]);
  });

  it('removes every kind of space before a marker in the middle of a claim', () => {
    const answer = 'Water\t[1] boils\u00a0[2] and\u202f[3] rises\u3000[4] again\v[5] and\f[6] again [7].';
    const [unit, ...rest] = splitClaims(answer);
    expect(rest).toEqual([]);
    expect(unit!.textWithoutMarkers).toBe('Water boils and rises again and again.');
    expect(unit!.markers.map((m) => [m.numbers[0], m.start, m.end])).toEqual([
      [1, 6, 9],
      [2, 16, 19],
      [3, 24, 27],
      [4, 34, 37],
      [5, 44, 47],
      [6, 52, 55],
      [7, 62, 65],
    ]);
    expect(splitClaims('Paris [1] is big [2] and old [3].')[0]!.textWithoutMarkers).toBe(
      'Paris is big and old.',
    );
  });

  it('ends a line at CR, CRLF, LF, the line separator and the paragraph separator', () => {
    const answer = 'Water boils [1]\rIce melts [2]\u2028Steam rises [3]\u2029Fog forms [4]\r\nRain [5]';
    const expected: Shape[] = [
      ['Water boils [1]', 0, 15, 'Water boils'],
      ['Ice melts [2]', 16, 29, 'Ice melts'],
      ['Steam rises [3]', 30, 45, 'Steam rises'],
      ['Fog forms [4]', 46, 59, 'Fog forms'],
      ['Rain [5]', 61, 69, 'Rain'],
    ];
    expect(shapes(answer)).toEqual(expected);
    expect(shapes(answer, { unit: 'line' })).toEqual(expected);
  });
});

describe('splitClaims options (mutation-pinned)', () => {
  it('reads [1-2] as a marker only when ranges are asked for', () => {
    const answer = 'Water boils at 100 degrees [1-2].';
    expect(splitClaims(answer, { ranges: true })).toEqual([
      {
        text: answer,
        span: { start: 0, end: 33 },
        markers: [{ numbers: [1, 2], start: 27, end: 32 }],
        textWithoutMarkers: 'Water boils at 100 degrees.',
        hasContent: true,
      },
    ]);
    const plain = { text: answer, span: { start: 0, end: 33 }, markers: [], textWithoutMarkers: answer };
    expect(splitClaims(answer)).toEqual([{ ...plain, hasContent: true }]);
    expect(splitClaims(answer, { ranges: false })).toEqual([{ ...plain, hasContent: true }]);
  });

  it('segments with the locale given: Greek ends a question with ";"', () => {
    const answer = 'Τι είναι; Είναι νερό. και άλλα [1].';
    expect(shapes(answer, { locale: 'el' })).toEqual([
      ['Τι είναι;', 0, 9, 'Τι είναι;'],
      ['Είναι νερό. και άλλα [1].', 10, 35, 'Είναι νερό. και άλλα.'],
    ]);
    expect(shapes(answer)).toEqual([[answer, 0, 35, 'Τι είναι; Είναι νερό. και άλλα.']]);
  });
});

describe('splitClaims abbreviations (mutation-pinned)', () => {
  it('keeps titles and initials with the name after them, on any line and after any list prefix', () => {
    expect(shapes('- Dr. Smith agrees [1].\n2. Prof. Jones disagrees [2].')).toEqual([
      ['Dr. Smith agrees [1].', 2, 23, 'Dr. Smith agrees.'],
      ['Prof. Jones disagrees [2].', 27, 53, 'Prof. Jones disagrees.'],
    ]);
    expect(shapes('I met Dr. Smith [1]. John A. Smith wrote it [2]. Jay Z. Carter sang it [3].')).toEqual([
      ['I met Dr. Smith [1].', 0, 20, 'I met Dr. Smith.'],
      ['John A. Smith wrote it [2].', 21, 48, 'John A. Smith wrote it.'],
      ['Jay Z. Carter sang it [3].', 49, 75, 'Jay Z. Carter sang it.'],
    ]);
    expect(shapes('He works for the U.S.A. Army [1]. He wrote “Dr. Who” [2].')).toEqual([
      ['He works for the U.S.A. Army [1].', 0, 33, 'He works for the U.S.A. Army.'],
      ['He wrote “Dr. Who” [2].', 34, 57, 'He wrote “Dr. Who”.'],
    ]);
  });

  it('splits after "!" and after dotted words that are no abbreviation', () => {
    expect(shapes('We chose plan B! It worked [1]. Use version 2.x. Then upgrade [2].')).toEqual([
      ['We chose plan B!', 0, 16, 'We chose plan B!'],
      ['It worked [1].', 17, 31, 'It worked.'],
      ['Use version 2.x.', 32, 48, 'Use version 2.x.'],
      ['Then upgrade [2].', 49, 66, 'Then upgrade.'],
    ]);
  });

  it('reads an abbreviation that follows a full stop with no space as a word of its own', () => {
    expect(shapes('Item 3.Dr. Smith agrees [1]. It stops..Dr. Who agrees [2].')).toEqual([
      ['Item 3.', 0, 7, 'Item 3.'],
      ['Dr. Smith agrees [1].', 7, 28, 'Dr. Smith agrees.'],
      ['It stops..', 29, 39, 'It stops..'],
      ['Dr. Who agrees [2].', 39, 58, 'Dr. Who agrees.'],
    ]);
  });
});

describe('splitClaims list prefixes and URLs (mutation-pinned)', () => {
  it('strips numbers up to three digits and single letters as list prefixes', () => {
    expect(shapes('10. Tenth finding [1].\na) Water boils [2].\nB. Ice melts [3].\n100) Last [4].')).toEqual([
      ['Tenth finding [1].', 4, 22, 'Tenth finding.'],
      ['Water boils [2].', 26, 42, 'Water boils.'],
      ['Ice melts [3].', 46, 60, 'Ice melts.'],
      ['Last [4].', 66, 75, 'Last.'],
    ]);
  });

  it('never ends a sentence inside an http URL', () => {
    expect(shapes('See http://x.org/a?b=1 for data [1]. Done [2].')).toEqual([
      ['See http://x.org/a?b=1 for data [1].', 0, 36, 'See http://x.org/a?b=1 for data.'],
      ['Done [2].', 37, 46, 'Done.'],
    ]);
  });
});

describe('splitClaims outer spaces', () => {
  it('trims every Unicode space and the BOM around a unit, with or without markers', () => {
    const answer = 'Water boils\u2003\n\ufeffIce melts [1]\u2003\n\u1680Fire burns\u205f\u2000[2]\u200a';
    const units = splitClaims(answer);
    expect(units.map((unit) => unit.text)).toEqual([
      'Water boils',
      'Ice melts [1]',
      'Fire burns\u205f\u2000[2]',
    ]);
    expect(units.map((unit) => unit.textWithoutMarkers)).toEqual(['Water boils', 'Ice melts', 'Fire burns']);
    for (const unit of units) expect(answer.slice(unit.span.start, unit.span.end)).toBe(unit.text);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../__fixtures__/property-runs.js';
import { type SplitClaimsOptions, splitAnswer, splitClaims } from './split-claims.js';

const texts = (answer: string, options = {}): string[] =>
  splitClaims(answer, options).map((unit) => unit.text);
/** A unit as [text, span start, span end, textWithoutMarkers]. */
type Shape = [string, number, number, string];
const shapes = (answer: string, options: SplitClaimsOptions = {}): Shape[] =>
  splitClaims(answer, options).map((u) => [u.text, u.span.start, u.span.end, u.textWithoutMarkers]);

describe('splitClaims', () => {
  it('splits sentences and keeps markers after the full stop with the sentence before', () => {
    expect(texts('It harms children. [3] It lasts.[4] Later [5].')).toEqual([
      'It harms children. [3]',
      'It lasts.[4]',
      'Later [5].',
    ]);
    expect(texts('Many [1][2]. Few [ 3 ; 4 ].')).toEqual(['Many [1][2].', 'Few [ 3 ; 4 ].']);
  });

  it('gives a marker group that opens a line to the sentence it opens', () => {
    const [unit] = splitClaims('[1] Water boils at 100 degrees.');
    expect(unit!.markers.map((m) => m.numbers)).toEqual([[1]]);
    expect(unit!.textWithoutMarkers).toBe('Water boils at 100 degrees.');
  });

  it('handles bullets, numbered lists, headings, quotes and blank lines', () => {
    const answer =
      '## Findings\n\n- First finding [1].\n* Second finding [2]\n\n1. Third finding [3].\n2) Fourth [4].\n> Quoted [5].\n---\n```';
    expect(texts(answer)).toEqual([
      'Findings',
      'First finding [1].',
      'Second finding [2]',
      'Third finding [3].',
      'Fourth [4].',
      'Quoted [5].',
    ]);
  });

  it('follows UAX #29 where the pre-pass decides alone: decimals, lowercase and commas after a full stop', () => {
    expect(
      texts('Tools (e.g., VHDL) help [1]. Pi is 3.14 here [2]. Use it. then go [3]. Really? yes [4]'),
    ).toEqual([
      'Tools (e.g., VHDL) help [1].',
      'Pi is 3.14 here [2].',
      'Use it. then go [3].',
      'Really?',
      'yes [4]',
    ]);
  });

  it('splits by line when asked, whatever the punctuation', () => {
    expect(texts('One. Two [1]\r\nThree? Four [2]\n\n- Five [3]', { unit: 'line' })).toEqual([
      'One. Two [1]',
      'Three? Four [2]',
      'Five [3]',
    ]);
  });

  it('segments other scripts with the locale option', () => {
    expect(texts('東京は日本の首都です。[1]大阪は大きい。[2]', { locale: 'ja' })).toEqual([
      '東京は日本の首都です。[1]',
      '大阪は大きい。[2]',
    ]);
    expect(texts('Это правда [1]. Это тоже [2]!', { locale: 'ru' })).toEqual([
      'Это правда [1].',
      'Это тоже [2]!',
    ]);
  });

  it('marks units that hold only markers and drops bare punctuation', () => {
    const units = splitClaims('Fine [1].\n[2][3]\n***\n. [4]');
    expect(units.map((u) => [u.text, u.hasContent])).toEqual([
      ['Fine [1].', true],
      ['[2][3]', false],
      ['. [4]', false],
    ]);
  });

  it('covers every marker exactly once with spans that slice the answer (property)', () => {
    const word = fc.constantFrom(
      'Water',
      'boils',
      'e.g.',
      'Dr.',
      'U.S.',
      '3.5',
      'ok?',
      'yes!',
      '東京。',
      '',
      '\u200b',
    );
    const marker = fc.integer({ min: 0, max: 99 }).map((n) => `[${n}]`);
    const glue = fc.constantFrom(' ', '. ', '.', '\n', '\n\n', '\n- ', '\n1. ', '  ', '. [');
    const answer = fc.array(fc.oneof(word, marker, glue), { maxLength: 40 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(
        answer,
        fc.constantFrom('sentence', 'line') as fc.Arbitrary<'sentence' | 'line'>,
        (text, unit) => {
          const units = splitClaims(text, { unit });
          let previousEnd = 0;
          let markerCount = 0;
          for (const u of units) {
            expect(u.span.start).toBeGreaterThanOrEqual(previousEnd);
            expect(text.slice(u.span.start, u.span.end)).toBe(u.text);
            expect(u.text).toBe(u.text.trim());
            for (const m of u.markers) {
              expect(m.start).toBeGreaterThanOrEqual(u.span.start);
              expect(m.end).toBeLessThanOrEqual(u.span.end);
            }
            markerCount += u.markers.length;
            previousEnd = u.span.end;
          }
          const total = (text.match(/\[\d+\]/g) ?? []).length;
          expect(markerCount).toBe(total);
        },
      ),
      { numRuns: propertyRuns(300) },
    );
  });
});

describe('splitClaims spaces and line breaks', () => {
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

describe('splitClaims options', () => {
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

describe('splitClaims abbreviations', () => {
  it('does not split at common abbreviations, initials or inside URLs', () => {
    expect(texts('Dr. Smith and the U.S. Army agree [1]. See https://x.org/a?b=1. Done [2].')).toEqual([
      'Dr. Smith and the U.S. Army agree [1].',
      'See https://x.org/a?b=1.',
      'Done [2].',
    ]);
  });

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

  it('ends a sentence at ft., St. or Mt. before a word that opens one, so an uncited sentence is not merged', () => {
    expect(texts('The summit is 9000 ft. The Empire State Building is 1454 ft tall [1].')).toEqual([
      'The summit is 9000 ft.',
      'The Empire State Building is 1454 ft tall [1].',
    ]);
    expect(texts('He lives on Main St. The house was sold in 2020 [1].')).toEqual([
      'He lives on Main St.',
      'The house was sold in 2020 [1].',
    ]);
    expect(
      texts('We climbed Mt. Everest [1]. Visit St. Louis [2]. It is 9,000 ft. above the sea [1].'),
    ).toEqual(['We climbed Mt. Everest [1].', 'Visit St. Louis [2].', 'It is 9,000 ft. above the sea [1].']);
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

  it('ends the sentence at any other abbreviation: when in doubt, split', () => {
    // A merged claim would hide the uncited sentence behind the cited one; a split one shows it.
    expect(texts('The tower belongs to Acme Inc. [2] The moon is cheese. It stands [2].')).toEqual([
      'The tower belongs to Acme Inc. [2]',
      'The moon is cheese.',
      'It stands [2].',
    ]);
    expect(texts('Water boils, freezes, etc. The moon is cheese [1].')).toEqual([
      'Water boils, freezes, etc.',
      'The moon is cheese [1].',
    ]);
    expect(
      texts('It was found by Smith et al. Researchers agree [1]. It opened in Dec. Nobody came [2].'),
    ).toEqual([
      'It was found by Smith et al.',
      'Researchers agree [1].',
      'It opened in Dec.',
      'Nobody came [2].',
    ]);
    expect(texts('Martin Luther King Jr. Gave a speech [1]. Acme Ltd. Sold it [2].')).toEqual([
      'Martin Luther King Jr.',
      'Gave a speech [1].',
      'Acme Ltd.',
      'Sold it [2].',
    ]);
  });

  it('ends the sentence at an initial after a lower-case word, or at any initial before a sentence opener', () => {
    expect(texts('Take vitamin C. Researchers agree [1].')).toEqual([
      'Take vitamin C.',
      'Researchers agree [1].',
    ]);
    expect(texts('It is made in the U.S. The tower is not [1].')).toEqual([
      'It is made in the U.S.',
      'The tower is not [1].',
    ]);
    expect(texts('We chose Plan B. In 2020 it worked [1].')).toEqual([
      'We chose Plan B.',
      'In 2020 it worked [1].',
    ]);
    // A sentence opener behind an opening quotation mark or bracket counts too.
    expect(texts('It is made in the U.S. "The tower" is not [1].')).toEqual([
      'It is made in the U.S.',
      '"The tower" is not [1].',
    ]);
    expect(texts('It is made in the U.S. (The tower is not) [1].')).toEqual([
      'It is made in the U.S.',
      '(The tower is not) [1].',
    ]);
    // Names stay whole: a capitalised word or an initial before, no sentence opener after.
    expect(texts('John F. Kennedy and J. K. Rowling met the U.S. Army [1].')).toEqual([
      'John F. Kennedy and J. K. Rowling met the U.S. Army [1].',
    ]);
    // Titles and Latin abbreviations never end a sentence, whatever follows.
    expect(texts('Dr. Who arrived [1]. Cities, e.g. The Hague, agree [2]. Cf. The Times [3].')).toEqual([
      'Dr. Who arrived [1].',
      'Cities, e.g. The Hague, agree [2].',
      'Cf. The Times [3].',
    ]);
  });
});

describe('splitClaims names and initials at a sentence boundary', () => {
  it('keeps an initial with a capitalised name written in any script before it', () => {
    for (const name of ['Jürgen', 'Émile', 'Łukasz', 'Ὀδυσσεύς', 'Ñusta', 'Øyvind']) {
      expect(texts(`${name} K. Smith wrote it [1].`)).toEqual([`${name} K. Smith wrote it [1].`]);
    }
    // A lower-case word in any script before an initial still ends the sentence there.
    expect(texts('Sie nahm Vitamin größe C. Then she slept [1].')).toEqual([
      'Sie nahm Vitamin größe C.',
      'Then she slept [1].',
    ]);
  });

  it('ends the sentence after a title followed by "!" or "?", not only after a full stop', () => {
    expect(texts('Ask the Dr! He knows [1].')).toEqual(['Ask the Dr!', 'He knows [1].']);
    expect(texts('Is it Prof? Nobody knows [1].')).toEqual(['Is it Prof?', 'Nobody knows [1].']);
  });

  it('keeps an initial that opens a sentence with the name after it, whatever ended the sentence before', () => {
    expect(texts('Who wrote it? F. Scott Fitzgerald did [1].')).toEqual([
      'Who wrote it?',
      'F. Scott Fitzgerald did [1].',
    ]);
    expect(texts('Who wrote it!  F. Scott Fitzgerald did [1].')).toEqual([
      'Who wrote it!',
      'F. Scott Fitzgerald did [1].',
    ]);
  });

  it('keeps an initial after any capitalised word, from A to Z', () => {
    for (const name of ['Anna K. Smith', 'Zoe K. Smith', 'Liz K. Smith', 'Buzz A. Aldrin', 'Mary Z. Jones'])
      expect(texts(`${name} wrote it [1].`), name).toEqual([`${name} wrote it [1].`]);
  });

  it('ends the sentence at a capital glued to a number: a unit, not an initial', () => {
    expect(texts('Water boils at 100C. Researchers agree [1].')).toEqual([
      'Water boils at 100C.',
      'Researchers agree [1].',
    ]);
  });

  it('ends the sentence at an initialism before any sentence opener, from "A" on', () => {
    for (const opener of ['Also', 'As', 'An', 'All', 'You', 'Yet'])
      expect(texts(`It is made in the U.S. ${opener} the tower is [1].`), opener).toEqual([
        'It is made in the U.S.',
        `${opener} the tower is [1].`,
      ]);
  });
});

describe('splitClaims list prefixes and URLs', () => {
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

describe('splitClaims lead-ins', () => {
  it('leaves out a unit ending with a colon before a list whose every item carries a marker', () => {
    const answer =
      'Water has three states [1]. They are:\n- ice [1]\n- water [1]\n\n1. steam [2]\n   - hot [2]\n**Steps:**\n* boil [1]';
    expect(texts(answer)).toEqual([
      'Water has three states [1].',
      'ice [1]',
      'water [1]',
      'steam [2]',
      'hot [2]',
      'boil [1]',
    ]);
    expect(texts('The steps\uff1a\n- boil [1]')).toEqual(['boil [1]']);
    expect(texts('The steps:\n- boil [1]', { unit: 'line' })).toEqual(['boil [1]']);
  });

  it('keeps it as a claim when an item has no marker, a marker is its own, or text follows it on its line', () => {
    expect(texts('The facts are:\n- ice [1]\n- water')).toEqual(['The facts are:', 'ice [1]', 'water']);
    expect(texts('The facts are [1]:\n- ice [1]')).toEqual(['The facts are [1]:', 'ice [1]']);
    expect(texts('The facts are: ice [1].\n- water [1]')).toEqual(['The facts are: ice [1].', 'water [1]']);
    expect(texts('The facts are:\nIce [1].')).toEqual(['The facts are:', 'Ice [1].']);
    expect(texts('The facts are:')).toEqual(['The facts are:']);
    expect(texts('The facts are:\n# Heading [1]')).toEqual(['The facts are:', 'Heading [1]']);
  });

  it('reads only a colon at the end of the unit as a lead-in, with spaces after it on its line', () => {
    expect(texts('Opening hours are 9:00 to 17:30\n- weekdays [1]\n- weekends [2]')).toEqual([
      'Opening hours are 9:00 to 17:30',
      'weekdays [1]',
      'weekends [2]',
    ]);
    expect(texts('Ratio: three to one\n- ice [1]')).toEqual(['Ratio: three to one', 'ice [1]']);
    expect(texts('The steps:x\n- boil [1]')).toEqual(['The steps:x', 'boil [1]']);
    expect(texts('The steps: \t\r\n- boil [1]\r\n- cool [2]')).toEqual(['boil [1]', 'cool [2]']);
    expect(texts('**The steps:** \n- boil [1]')).toEqual(['boil [1]']);
  });

  it('keeps it as a claim when it holds a quotation mark or an identifier, which must be checked', () => {
    expect(texts('The report says "all of these":\n- ice [1]')).toEqual([
      'The report says "all of these":',
      'ice [1]',
    ]);
    expect(texts('Under ECLI:NL:HR:2021:1 the facts are:\n- ice [1]')).toEqual([
      'Under ECLI:NL:HR:2021:1 the facts are:',
      'ice [1]',
    ]);
    expect(texts('As https://example.org/x lists:\n- ice [1]')).toEqual([
      'As https://example.org/x lists:',
      'ice [1]',
    ]);
    // splitAnswer takes the rule: here, nothing is ever kept.
    const answer = 'Under ECLI:NL:HR:2021:1 the facts are:\n- ice [1]';
    const { units } = splitAnswer(answer, {}, () => false);
    expect(units.map((u) => u.text)).not.toContain('Under ECLI:NL:HR:2021:1 the facts are:');
  });
});

describe('splitClaims tables', () => {
  it("leaves out a table's header row and its delimiter row, with or without outer pipes and alignment colons", () => {
    const rows = '| Parks | rose by 4 percent [1] |\n| Budget | approved [1] |';
    expect(texts(`| Item | Change |\n|---|---|\n${rows}`)).toEqual([
      '| Parks | rose by 4 percent [1] |',
      '| Budget | approved [1] |',
    ]);
    expect(texts(`| Item | Change |\n| :--- | ---: |\n${rows}`)).toHaveLength(2);
    expect(texts(`|Item|Change|\n|:-:|-|\n${rows}`)).toHaveLength(2);
    expect(texts('Item | Change\n--- | ---\nParks | rose [1]')).toEqual(['Parks | rose [1]']);
    expect(texts('Item | Change\n-|-\nParks | rose [1]')).toEqual(['Parks | rose [1]']);
    expect(texts('| Item |\n|---|\n| Parks rose [1] |')).toEqual(['| Parks rose [1] |']);
    expect(texts('> | Item | Change |\n> |---|---|\n> | Parks | rose [1] |')).toEqual([
      '| Parks | rose [1] |',
    ]);
    expect(texts(`| Item | Change |\r\n|---|---|\r\n${rows}`, { unit: 'line' })).toHaveLength(2);
    // A table after prose and a blank line, and two tables one after the other.
    expect(
      texts(`Prices rose [1].\n\n| A | B |\n|---|---|\n| x [1] | y |\n\n| C | D |\n|---|---|\n| z [2] | w |`),
    ).toEqual(['Prices rose [1].', '| x [1] | y |', '| z [2] | w |']);
  });

  it('keeps the row a claim when no delimiter row of as many cells follows it, or no row follows that', () => {
    expect(texts('| Item | Change |\n| Parks | rose [1] |')).toEqual([
      '| Item | Change |',
      '| Parks | rose [1] |',
    ]);
    expect(texts('| Item | Change |\n|---|---|---|\n| a | b | c [1] |')).toEqual([
      '| Item | Change |',
      '| a | b | c [1] |',
    ]);
    expect(texts('| Item | Change |\n\n|---|---|\n| a | b [1] |')).toEqual([
      '| Item | Change |',
      '| a | b [1] |',
    ]);
    // A table of no rows: its header stays a claim, so a unit always follows a header left out.
    expect(texts('| Item | Change |\n|---|---|')).toEqual(['| Item | Change |']);
    expect(texts('| Item | Change |\n|---|---|\n\nPrices rose [1].')).toEqual([
      '| Item | Change |',
      'Prices rose [1].',
    ]);
    // `---` without a pipe is a rule or a heading's underline; a line without a pipe heads no table here.
    expect(texts('Item | Change\n---\nParks rose [1].')).toEqual(['Item | Change', 'Parks rose [1].']);
    expect(texts('Item\n|---|\nParks rose [1].')).toEqual(['Item', 'Parks rose [1].']);
    // Escaped pipes are no cell borders.
    expect(texts('| a \\| b |\n|---|---|\n| x | y [1] |')).toEqual(['| a \\| b |', '| x | y [1] |']);
    // Inside a table, a row like a header is a row.
    expect(texts('| A | B |\n|---|---|\n| x [1] | y |\n| C | D |\n|---|---|\n| z [2] | w |')).toEqual([
      '| x [1] | y |',
      '| C | D |',
      '| z [2] | w |',
    ]);
  });

  it('leaves out only the units from the first pipe on, and keeps a header row that must be checked', () => {
    expect(texts('Prices rose. Item | Change\n--- | ---\nParks | rose [1]')).toEqual([
      'Prices rose.',
      'Parks | rose [1]',
    ]);
    expect(texts('| Item | "all of these" |\n|---|---|\n| Parks | rose [1] |')).toEqual([
      '| Item | "all of these" |',
      '| Parks | rose [1] |',
    ]);
    expect(texts('| ECLI:NL:HR:2021:1 | Change |\n|---|---|\n| Parks | rose [1] |')).toHaveLength(2);
    expect(texts('| https://example.org/x | Change |\n|---|---|\n| Parks | rose [1] |')).toHaveLength(2);
  });
});

describe('splitAnswer source lists', () => {
  const parts = (answer: string) => {
    const { units, sourceEntries } = splitAnswer(answer);
    return {
      claims: units.map((u) => u.text),
      entries: sourceEntries.map((u) => [u.text, u.markers.map((m) => m.numbers)]),
    };
  };

  it('reads the lines under a source heading that start with a marker as entries, never as claims', () => {
    expect(
      parts(
        'Water boils [1].\n\nSources:\n[1] Physics, Smith, 2020\n\n- [2] https://example.org/b\nAfter [2].',
      ),
    ).toEqual({
      claims: ['Water boils [1].', 'After [2].'],
      entries: [
        ['[1] Physics, Smith, 2020', [[1]]],
        ['[2] https://example.org/b', [[2]]],
      ],
    });
  });

  it('knows the usual headings, with markdown around them and with or without a colon', () => {
    for (const heading of [
      'Sources:',
      'Source:',
      'References',
      '## References',
      '**References:**',
      '__Bibliography__',
      'Works cited:',
      'Citations:',
      'Sources used:',
      'Reference list',
      'Further reading:',
      'Quellen:',
      'R\u00e9f\u00e9rences :',
      'Fuentes:',
      '\u53c2\u8003\u6587\u732e\uff1a',
    ]) {
      expect(parts(`${heading}\n[1] Physics`), heading).toEqual({
        claims: [],
        entries: [['[1] Physics', [[1]]]],
      });
    }
  });

  it('reads markers on the heading line as an entry, and a heading with no entry as an ordinary unit', () => {
    expect(parts('Water boils [1].\nSources: [1], [2]')).toEqual({
      claims: ['Water boils [1].'],
      entries: [['[1], [2]', [[1], [2]]]],
    });
    expect(parts('Sources:\nWater boils [1].')).toEqual({
      claims: ['Sources:', 'Water boils [1].'],
      entries: [],
    });
    expect(parts('Our sources say water boils:\n[1] Physics')).toEqual({
      claims: ['Our sources say water boils:', '[1] Physics'],
      entries: [],
    });
  });
});

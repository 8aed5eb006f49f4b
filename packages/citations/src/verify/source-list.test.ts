import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/passage.js';
import { compileIdentifierRules, DEFAULT_IDENTIFIER_RULES } from './identifier-rules.js';
import { PassageIndex } from './passage-index.js';
import { isSourceHeading, mayBeSourceHeading, namesPassage } from './source-list.js';
import { verifyAnswer } from './verify-answer.js';

describe('isSourceHeading', () => {
  it('knows the headings of a source list, with emphasis and an optional colon', () => {
    for (const heading of [
      'Sources',
      'sources:',
      'Source:',
      '**References**',
      '__Bibliography:__',
      'Works Cited',
      ' Citations : ',
      'Quellen:',
      '参考文献：',
    ]) {
      expect(isSourceHeading(heading), heading).toBe(true);
    }
  });

  it('refuses prose, empty text and long lines', () => {
    for (const text of [
      '',
      '  ',
      'Our sources say so:',
      'Sources of error are many.',
      'References to water',
      `Sources${' '.repeat(60)}:`,
    ]) {
      expect(isSourceHeading(text), text).toBe(false);
    }
  });
});

describe('isSourceHeading in every language and form it knows', () => {
  const HEADINGS = [
    'Source',
    'Reference',
    'Reference:',
    'References list',
    'Reference list',
    'Citation',
    'Citation:',
    'Source used',
    'Sources used:',
    'Source cited',
    'Sources cited',
    'Source list',
    'Further reading',
    'Literature',
    'Literatur:',
    'Références',
    'Fuentes:',
    'Referencias',
    'Bibliografia',
    'Bibliografía:',
    'Fonti',
    'Bronnen:',
    '出典',
    '来源：',
    '參考資料',
  ];

  it('accepts each heading word, singular or plural, with or without a colon', () => {
    for (const heading of HEADINGS) expect(isSourceHeading(heading), heading).toBe(true);
  });

  it('holds for every start of each of those headings while it is being written', () => {
    for (const heading of HEADINGS)
      for (let end = 0; end <= heading.length; end++)
        expect(mayBeSourceHeading(heading.slice(0, end)), heading.slice(0, end)).toBe(true);
  });

  it('holds for every start of a heading spelled with any letter the heading pattern’s case folding matches', () => {
    // `ſources` (U+017F, long s) and `Wor\u212As cited` (the Kelvin sign) are headings under /iu, while lower-casing
    // them keeps `ſ` (regressions): every character /iu matches to a heading's letter, in place of that letter.
    const headings = [
      ...HEADINGS,
      'Sources',
      'References:',
      'Bibliography',
      'Works cited',
      'Citations',
      'Quellen',
    ];
    const letters = new Set([...headings.join('')].filter((c) => /\p{L}/u.test(c)));
    const variants = new Map<string, string[]>();
    for (const letter of letters) {
      const same = RegExp(`^${letter}$`, 'iu');
      const found: string[] = [];
      for (let code = 0; code <= 0xffff; code++) {
        const c = String.fromCharCode(code);
        if (c !== letter && (code < 0xd800 || code > 0xdfff) && same.test(c)) found.push(c);
      }
      variants.set(letter, found);
    }
    expect(variants.get('s')).toContain('\u017f');
    expect(variants.get('k')).toContain('\u212a');
    for (const heading of headings)
      for (let at = 0; at < heading.length; at++)
        for (const variant of variants.get(heading[at]!) ?? []) {
          const spelled = heading.slice(0, at) + variant + heading.slice(at + 1);
          expect(isSourceHeading(spelled), spelled).toBe(true);
          for (let end = 0; end <= spelled.length; end++)
            expect(mayBeSourceHeading(spelled.slice(0, end)), spelled.slice(0, end)).toBe(true);
        }
  });

  it('refuses a heading word with other text between it and the end of the line', () => {
    for (const text of ['Sources etc', 'Sources etc:', 'Sources:none', 'References: see below', 'Sources2'])
      expect(isSourceHeading(text), text).toBe(false);
    expect(isSourceHeading('**Sources: **')).toBe(true);
  });

  it('measures the 60-character limit on the heading without the spaces around it', () => {
    expect(isSourceHeading(`${' '.repeat(60)}Sources:${' '.repeat(60)}`)).toBe(true);
    expect(isSourceHeading(`**Sources${' '.repeat(50)}:`)).toBe(true); // 60 characters
    expect(isSourceHeading(`**Sources${' '.repeat(51)}:`)).toBe(false); // 61
  });
});

describe('mayBeSourceHeading', () => {
  it('holds for every start of a heading, and for a heading with only emphasis, spaces and a colon after it', () => {
    for (const heading of [
      'Sources:',
      '**References**',
      '## Bibliography',
      'Works cited',
      'Références :',
      '参考文献',
    ]) {
      const content = heading.replace(/^## /, '');
      expect(isSourceHeading(content)).toBe(true);
      for (let end = 0; end <= content.length; end++)
        expect(mayBeSourceHeading(content.slice(0, end))).toBe(true);
    }
  });

  it('reads at most 240 characters of a line being written', () => {
    expect(mayBeSourceHeading(`Sources${' '.repeat(233)}`)).toBe(true); // 240 characters
    expect(mayBeSourceHeading(`Sources${' '.repeat(234)}`)).toBe(false); // 241
    expect(mayBeSourceHeading(`Sources${' '.repeat(300)}`)).toBe(false);
  });

  it('is false once the line can no longer become one', () => {
    for (const content of ['The GPL', 'Sources say', 'Source code must', 'References to it', 'x'.repeat(300)])
      expect(mayBeSourceHeading(content)).toBe(false);
  });

  it('is never false for a start of a line that does become a heading (property)', () => {
    const words = [
      'Sources',
      'Source',
      'References',
      'Reference list',
      'Bibliography',
      'Citations',
      'Quellen',
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...words),
        fc.constantFrom('', '**', '_', '*'),
        fc.constantFrom('', ':', ' :', '：', '**:', ':**'),
        fc.boolean(),
        (word, emphasis, tail, upper) => {
          const heading = `${emphasis}${upper ? word.toUpperCase() : word}${tail}`;
          fc.pre(isSourceHeading(heading));
          for (let end = 0; end <= heading.length; end++)
            expect(mayBeSourceHeading(heading.slice(0, end))).toBe(true);
        },
      ),
    );
  });
});

describe('namesPassage', () => {
  const rules = compileIdentifierRules(DEFAULT_IDENTIFIER_RULES);
  const cited = new PassageIndex(
    passage('Text that mentions 10.1000/other.2 and https://example.org/other.', {
      documentId: 'water-report.pdf',
      title: 'Boiling Points',
      uri: 'https://example.org/boiling?v=2',
    }),
  );

  it('accepts an entry naming the title, uri or document id as whole words, whatever else it says', () => {
    for (const entry of [
      ' Boiling points, Smith, 2020',
      ': "BOILING POINTS" (2020)',
      'https://example.org/boiling?v=2',
      '- water-report.pdf',
      '',
      ' , ',
    ]) {
      expect(namesPassage(entry, cited, rules), entry).toBe(true);
    }
  });

  it('refuses an entry naming none of them, part of one, or an identifier that is not the passage own', () => {
    for (const entry of [
      'Smith, Nature 2020',
      'Boiling, Smith',
      'Points of boiling',
      'water-report',
      'Boiling Points, doi:10.1000/other.2',
      'Boiling Points, https://example.org/other',
      'Boiling Points, https://example.org/boiling',
    ]) {
      expect(namesPassage(entry, cited, rules), entry).toBe(false);
    }
    // With no identifier rules, only the name counts.
    expect(namesPassage('Boiling Points, doi:10.1000/other.2', cited, [])).toBe(true);
  });
});

describe('namesPassage: prose built from the title’s own words', () => {
  const rules = compileIdentifierRules(DEFAULT_IDENTIFIER_RULES);
  const cohort = new PassageIndex(
    passage('A cohort of 600,000 children found no link between the vaccine and autism.', {
      documentId: 'cohort-study',
      title: 'Vaccines do not cause autism: a cohort study',
    }),
  );

  // The title is read once, where the entry names the passage; its words written again elsewhere are prose, so an
  // entry cannot say the opposite of its title with the title's own words.
  it('counts the title’s words as prose when the entry writes them again', () => {
    for (const entry of [
      '[1] Vaccines do not cause autism: a cohort study, vaccines cause autism.',
      '[1] Vaccines do not cause autism: a cohort study; vaccines do cause autism',
      '[1] Vaccines do not cause autism: a cohort study (autism is caused by vaccines)',
      '[1] cohort-study, Vaccines do not cause autism: a cohort study, a study: vaccines cause autism',
      '[1] vaccines cause autism, Vaccines do not cause autism: a cohort study',
    ]) {
      expect(namesPassage(entry, cohort, rules), entry).toBe(false);
    }
  });

  it('still reads the names themselves, in any case and in any order, as no prose', () => {
    for (const entry of [
      '[1] Vaccines do not cause autism: a cohort study',
      '[1] VACCINES DO NOT CAUSE AUTISM: A COHORT STUDY, cohort-study',
      '[1] cohort-study: Vaccines do not cause autism: a cohort study (2019)',
      '[1] Smith, J. (2019). Vaccines do not cause autism: a cohort study. Journal of Pediatrics, pp. 1-9.',
      '[1] Vaccines do not cause autism: a cohort study, retrieved on 3 March 2021',
      '[1] Vaccines do not cause autism: a cohort study (cohort study)',
    ]) {
      expect(namesPassage(entry, cohort, rules), entry).toBe(true);
    }
  });

  it('rejects such an entry in an answer with source_list_mismatch', () => {
    const { rejected } = verifyAnswer(
      'The vaccine was studied [1].\n\nSources:\n[1] Vaccines do not cause autism: a cohort study, vaccines cause autism.',
      [
        passage('A cohort of 600,000 children found no link between the vaccine and autism.', {
          title: 'Vaccines do not cause autism: a cohort study',
        }),
      ],
    );
    expect(rejected.map((rejection) => rejection.code)).toEqual(['source_list_mismatch']);
  });
});

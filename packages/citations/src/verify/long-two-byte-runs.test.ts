import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/passage.js';
import { propertyRuns } from '../__fixtures__/property-runs.js';
import { compileIdentifierRules, DOI, ECLI, EMAIL, matchIdentifiers } from './identifier-rules.js';
import { verifyAnswer } from './verify-answer.js';

// A regex that repeats a group, with or without the `u` flag, keeps a backtrack entry per repetition and overflows
// V8's regexp stack ("Maximum call stack size exceeded") on a long enough run: a group of one character at about
// 16 million. Each input here is the smallest that overflowed; each must give a result.
const passages = [passage('Water boils at 100 degrees Celsius at sea level.')];
const ASCII = 'a'.repeat(16_800_000);

describe('verifyAnswer on long runs in links', () => {
  it('reads a bare link, a link target, a reference label and an image label of 16 million characters', {
    timeout: 120_000,
  }, () => {
    for (const answer of [
      `Water boils at 100 degrees https://a.org/${ASCII} [1].`,
      `Water boils at 100 degrees [see](${ASCII}) [1].`,
      `Water boils at 100 degrees [1].\n[${ASCII}]: https://a.org`,
      `Water boils at 100 degrees ![a][${ASCII}] [1].`,
    ]) {
      const result = verifyAnswer(answer, passages);
      expect(result.claims.length + result.rejected.length).toBeGreaterThan(0);
    }
  });
});

// With the `u` flag, a run of one class keeps a backtrack entry per character in a text outside Latin-1: about 4.2
// million characters of a class holding astral code points overflow, 8.5 million of one of the BMP only.
const HAN = '\u6771'.repeat(4_200_000);

describe('verifyAnswer on long e-mail addresses, ECLIs and DOIs in a text outside Latin-1', () => {
  it('reads an address whose domain runs to millions of characters as unknown', { timeout: 120_000 }, () => {
    const result = verifyAnswer(`Water boils at 100 degrees, says a@${HAN} [1].`, passages);
    expect(result.rejected.map((claim) => claim.code)).toEqual(['unknown_identifier']);
  });

  // Each of these threw in verifyAnswer too; read here by the rule alone, as a claim of 8.5 million characters takes
  // seconds to verify.
  it('reads a local part, an ECLI or a DOI that runs to millions of characters as one identifier', {
    timeout: 120_000,
  }, () => {
    const rules = compileIdentifierRules(['email', 'ecli', 'doi']);
    const ascii = (letter: string): string => letter.repeat(8_500_000);
    for (const [text, rule] of [
      [`${HAN}@b.org`, 0],
      [`\u6771 ${ascii('a')}@b.org`, 0],
      [`\u6771 ECLI:NL:HR:2020:${ascii('A')}`, 1],
      [`\u6771 10.1000/${ascii('a')}`, 2],
    ] as const) {
      expect(matchIdentifiers(text, rules[rule]!)).toHaveLength(1);
    }
  });

  // Each finder against the pattern it stands for, match by match as written (before any canonical form).
  it.each([
    [
      'ecli',
      ECLI,
      [
        'ECLI:NL:HR:2020:',
        'ecli:nl:hr:2020:',
        'A',
        '1',
        '.',
        '_',
        '-',
        '\u2013',
        '\u00e9',
        '\u0301',
        '\u6771',
        '\u{1D400}',
        ' ',
        '\u017f',
        '\u212a',
        '\ud800',
      ],
    ],
    [
      'doi',
      DOI,
      [
        '10.1000/',
        '110.1000/',
        '10.123/',
        'a',
        '!',
        '"',
        '<',
        '-',
        '\u2010',
        '\u2212',
        '\u6771',
        '\u{1D400}',
        ' ',
        '~',
        '\u0301',
        '\ud800',
        '1',
      ],
    ],
    [
      'email',
      EMAIL,
      [
        'a',
        'b',
        'Z',
        '1',
        '.',
        '_',
        '%',
        '+',
        '-',
        '@',
        ' ',
        '\u00e9',
        '\u0301',
        '\u6771',
        '\u{1D400}',
        '\ud800',
        '\udc00',
        '!',
        '\u{1F600}',
      ],
    ],
  ] as const)('finds what the %s pattern finds, on random text', (name, pattern, pieces) => {
    const [rule] = compileIdentifierRules([name]);
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 16 }), (parts) => {
        const text = parts.join('');
        expect(rule!.find!(text)).toEqual([...text.matchAll(pattern)].map((match) => match[0]));
      }),
      { numRuns: propertyRuns(20_000) },
    );
  });
});

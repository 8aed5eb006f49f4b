// Behaviour pinned by mutation testing (npm run mutation -- citations): where a word ends (ASCII letters and
// digits, Unicode letters, digits and marks, never CJK or punctuation), whole-token matching, the raw fast path
// before normalisation, empty and stop-word-only claims, and the exact default stop-word list.
import { describe, expect, it } from 'vitest';
import {
  checkSupport,
  DEFAULT_STOP_WORDS,
  preparePassage,
  type SupportResult,
  tokenize,
} from './check-support.js';

const stop = new Set(DEFAULT_STOP_WORDS);
const check = (claim: string, texts: readonly string[], minCoverage = 0.66): SupportResult =>
  checkSupport(claim, texts.map(preparePassage), minCoverage, stop);

const CONTAINED: SupportResult = { supported: true, contained: true, coverage: 1 };
const ABSENT: SupportResult = { supported: false, contained: false, coverage: 0 };
const NO_CONTENT: SupportResult = { supported: false, contained: false, coverage: null };

describe('checkSupport word boundaries (mutation-pinned)', () => {
  // Each neighbour glued to "cat" on the left, then on the right: a word character makes "cat" a fragment of a
  // longer word (not contained, and not a whole token either); anything else leaves "cat" a whole word.
  const WORD_NEIGHBOURS = ['a', 'A', 'z', 'Z', '0', '9', 'é', 'ß', 'ж', '\u0301', '٣', '²'];
  const NON_WORD_NEIGHBOURS = [
    '-',
    '_',
    '[',
    ']',
    '{',
    '}',
    '~',
    '/',
    ':',
    '?',
    '@',
    '`',
    '«',
    '»',
    '—',
    '東',
  ];

  it('treats ASCII letters and digits, and Unicode letters, digits and marks, as part of a word', () => {
    for (const neighbour of WORD_NEIGHBOURS) {
      expect([neighbour, check('cat', [`${neighbour}cat`])]).toEqual([neighbour, ABSENT]);
      expect([neighbour, check('cat', [`cat${neighbour}`])]).toEqual([neighbour, ABSENT]);
    }
  });

  it('treats ASCII punctuation, Unicode punctuation and CJK characters as the end of a word', () => {
    for (const neighbour of NON_WORD_NEIGHBOURS) {
      expect([neighbour, check('cat', [`${neighbour}cat`])]).toEqual([neighbour, CONTAINED]);
      expect([neighbour, check('cat', [`cat${neighbour}`])]).toEqual([neighbour, CONTAINED]);
    }
    expect(check('the cat sat', ['Pets: [the cat sat], twice.'])).toEqual(CONTAINED);
  });

  it('never counts a prefix of a longer word, neither as contained nor as a covered token', () => {
    expect(check('cat', ['cats and concatenation'])).toEqual(ABSENT);
    expect(check('The cat', ['The cats purr'])).toEqual(ABSENT);
    expect(check('ox', ['A box of boxes'])).toEqual(ABSENT);
    expect(check('cat', ['cats, then a cat.'])).toEqual(CONTAINED);
  });

  it('finds a CJK character glued to digits: it is a token of its own, even as a surrogate pair', () => {
    // 年 follows the digit 0 and 𠮷 (an astral Han character, two code units) follows the digit 0 too.
    expect(check('京都 2020年', ['京都で2020年に'])).toEqual({
      supported: true,
      contained: false,
      coverage: 1,
    });
    expect(check('𠮷 2020', ['2020𠮷'])).toEqual({ supported: true, contained: false, coverage: 1 });
    expect(tokenize('2020𠮷年ab')).toEqual(['2020', '𠮷', '年', 'ab']);
  });
});

describe('checkSupport containment paths (mutation-pinned)', () => {
  it('accepts a claim found verbatim in the raw passage even where normalisation would merge words', () => {
    // NFKC turns ™ into the letters "TM", so only the raw text still shows "Cloud" as a whole word.
    const passage = 'Acme™Cloud runs on Linux and BSD.';
    expect(check('Cloud runs on Linux', [passage])).toEqual(CONTAINED);
    expect(check('  Cloud runs on Linux. ', [passage])).toEqual(CONTAINED);
    expect(check('Cloud runs on Linux !?', ['Hello.', passage])).toEqual(CONTAINED);
    // Without the raw match, the normalised text misses the merged token: 2 of 3 content words.
    expect(check('Cloud runs on Linux', ['Acme™Cloud runs on Linux'.replace('™', 'TM')])).toEqual({
      supported: true,
      contained: false,
      coverage: 2 / 3,
    });
  });

  it('lets no invisible character the prompt never showed make a raw match whole', () => {
    // formatSources strips these from the prompt and the normalised comparison drops them: the model saw
    // "InflationRates fell.", where "Rates fell" is no whole phrase.
    for (const hidden of ['\u0002', '\u200b', '\u00ad', '\u202e', '\ufeff']) {
      expect(check('Rates fell', [`Inflation${hidden}Rates fell.`])).toEqual(
        check('Rates fell', ['InflationRates fell.']),
      );
      expect(check('Inflation', [`Inflation${hidden}Rates fell.`])).toEqual(
        check('Inflation', ['InflationRates fell.']),
      );
    }
    expect(check('Rates fell', ['InflationRates fell.']).contained).toBe(false);
    // A visible separator still counts.
    expect(check('Rates fell', ['Inflation: Rates fell.'])).toEqual(CONTAINED);
  });

  it('trims trailing punctuation and spaces from the normalised claim before looking for it', () => {
    expect(check('Water BOILS at 100 degrees !', ['At sea level, water boils at 100 degrees.'])).toEqual(
      CONTAINED,
    );
    expect(check('The RATE rose . ,', ['Last year the rate rose.'])).toEqual(CONTAINED);
  });

  it('contains nothing when no passage is cited', () => {
    expect(check('Water boils', [])).toEqual(ABSENT);
    expect(check('it was', [])).toEqual(NO_CONTENT);
  });

  it('gives a claim of bare punctuation or invisible characters no content, whatever the passage holds', () => {
    for (const claim of ['', '...', ' ?! ', '\u200b', ' , ; :']) {
      expect([claim, check(claim, ['Water boils. ...', 'x'])]).toEqual([claim, NO_CONTENT]);
    }
    expect(tokenize('')).toEqual([]);
    expect(tokenize('... — !')).toEqual([]);
  });
});

describe('DEFAULT_STOP_WORDS (mutation-pinned)', () => {
  it('holds 136 distinct non-empty English function words, from "a" to "yourselves"', () => {
    expect(DEFAULT_STOP_WORDS).toHaveLength(143);
    expect(new Set(DEFAULT_STOP_WORDS).size).toBe(143);
    expect(DEFAULT_STOP_WORDS.includes('')).toBe(false);
    expect(DEFAULT_STOP_WORDS[0]).toBe('a');
    expect(DEFAULT_STOP_WORDS.at(-1)).toBe('yourselves');
    for (const word of ['most', 'neither', 'own', 'why', 'with', 'would', 'yourself']) {
      expect([word, DEFAULT_STOP_WORDS.includes(word)]).toEqual([word, true]);
    }
  });

  it('leaves stop words out of coverage, so only content words count', () => {
    expect(check('Most cats with hats own their hats', ['cats and hats'])).toEqual({
      supported: true,
      contained: false,
      coverage: 1,
    });
    expect(check('Why would you wear hats', ['hats everywhere'])).toEqual({
      supported: false,
      contained: false,
      coverage: 0.5,
    });
  });
});

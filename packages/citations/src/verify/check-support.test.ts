import { describe, expect, it, vi } from 'vitest';
import { passage } from '../__fixtures__/passage.js';
import {
  checkSupport,
  DEFAULT_STOP_WORDS,
  normalizeStopWords,
  type StopWords,
  type SupportResult,
} from './check-support.js';
import { PassageIndex } from './passage-index.js';

const stop = normalizeStopWords(DEFAULT_STOP_WORDS);
const check = (
  claim: string,
  texts: readonly string[],
  minCoverage = 0.66,
  stopWords: StopWords = stop,
): SupportResult =>
  checkSupport(
    claim,
    texts.map((text) => new PassageIndex(passage(text))),
    minCoverage,
    stopWords,
  );

// The words are looked for only where the coverage falls short: with a threshold no coverage meets, they always are.
const searched = (claim: string, texts: readonly string[]): SupportResult =>
  check(claim, texts, Number.POSITIVE_INFINITY);

const CONTAINED: SupportResult = { supported: true, contained: true, coverage: 1 };
const ABSENT: SupportResult = { supported: false, contained: false, coverage: 0 };
const NO_CONTENT: SupportResult = { supported: false, contained: false, coverage: null };

describe('checkSupport containment', () => {
  it('accepts a claim contained verbatim after normalisation', () => {
    expect(
      searched('The “Rate”  ROSE – sharply.', ['Last year the "rate" rose - sharply, then fell.']),
    ).toEqual({ supported: true, contained: true, coverage: 1 });
  });

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

  it('leaves the punctuation around the claim out when looking for it', () => {
    expect(searched('Water BOILS at 100 degrees !', ['At sea level, water boils at 100 degrees.'])).toEqual(
      CONTAINED,
    );
    expect(searched('The RATE rose . ,', ['Last year the rate rose.'])).toEqual(CONTAINED);
  });

  it('contains nothing when no passage is cited', () => {
    expect(check('Water boils', [])).toEqual(ABSENT);
    expect(check('it was', [])).toEqual(NO_CONTENT);
  });
});

describe('checkSupport word boundaries', () => {
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
      expect([neighbour, searched('cat', [`${neighbour}cat`])]).toEqual([neighbour, CONTAINED]);
      expect([neighbour, searched('cat', [`cat${neighbour}`])]).toEqual([neighbour, CONTAINED]);
    }
    expect(searched('the cat sat', ['Pets: [the cat sat], twice.'])).toEqual(CONTAINED);
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
  });
  it('matches whole tokens only, never fragments of longer words', () => {
    expect(check('cat', ['concatenate']).supported).toBe(false);
    expect(check('the cat sat', ['a cat sat']).supported).toBe(true);
  });
});

describe('checkSupport coverage', () => {
  it('looks for the claim as words only where its coverage falls short', () => {
    const locate = vi.spyOn(PassageIndex.prototype, 'locate');
    try {
      expect(check('Water boils quickly', ['Water boils, and quickly so.'])).toMatchObject({
        supported: true,
      });
      expect(locate).not.toHaveBeenCalled();
      // Short of the threshold (and not written so in the passage), the words are looked for, and found.
      expect(searched('The “Rate”  ROSE – sharply.', ['Last year the "rate" rose - sharply.'])).toEqual(
        CONTAINED,
      );
      expect(locate).toHaveBeenCalledTimes(1);
    } finally {
      locate.mockRestore();
    }
  });

  it('measures token coverage over the cited passages together', () => {
    expect(
      check('Inflation and unemployment both fell', ['Inflation fell.', 'Unemployment fell too.']),
    ).toEqual({ supported: true, contained: false, coverage: 1 });
    const partial = check('Inflation fell while wages soared', ['Inflation fell.']);
    expect(partial.supported).toBe(false);
    expect(partial.coverage).toBeCloseTo(2 / 4);
    expect(check('Inflation fell while wages soared', ['Inflation fell.'], 0.5).supported).toBe(true);
  });

  it('counts Unicode letters, digits and marks as words, and CJK one character at a time', () => {
    expect(check('東京は首都', ['日本の首都は東京です']).coverage).toBe(1);
    expect(searched('首都は東京', ['日本の首都は東京です']).contained).toBe(true);
    // Covered whole, it is supported before the words are looked for.
    expect(check('首都は東京', ['日本の首都は東京です'])).toEqual({
      supported: true,
      contained: false,
      coverage: 1,
    });
    expect(check('Ça coûte très cher', ['ça coûte cher, très cher']).supported).toBe(true);
  });

  it('counts pairs of neighbouring letters in Thai, Lao, Khmer and Myanmar, where one letter is no word', () => {
    const weather = 'วันนี้อากาศร้อนมาก และมีฝนตกในช่วงบ่าย กรมอุตุนิยมวิทยาเตือนประชาชนให้ระวังพายุฝนฟ้าคะนอง';
    // "The president resigned yesterday" against a weather report, and the passage's letters reversed: each
    // letter occurs in the passage (69% and 100% as single letters), few of their pairs do.
    expect(check('ประธานาธิบดีลาออกเมื่อวานนี้', [weather], 0.55).supported).toBe(false);
    expect(check('ยาบ่งวช่นใกตนฝมีะลแกามนอร้ศากาอนี้นวั', [weather], 0.55).supported).toBe(false);
    // The passage's own words in another order and spacing are still covered.
    expect(check('วันนี้ฝนตกและอากาศร้อนมาก', [weather], 0.55).supported).toBe(true);
    expect(check('ฝน ตก', [weather], 1)).toEqual({ supported: true, contained: false, coverage: 1 });
    // Lao, Khmer and Myanmar read the same way: reversed letters are not covered.
    for (const text of ['ພາສາລາວເປັນພາສາທາງການ', 'ភាសាខ្មែរជាភាសាផ្លូវការ', 'မြန်မာဘာသာစကားသည်ရုံးသုံးဘာသာဖြစ်သည်']) {
      const reversed = [...text].reverse().join('');
      expect(check(reversed, [text], 0.55).supported, text).toBe(false);
      expect(check(text, [`x ${text} y`], 1).supported, text).toBe(true);
    }
    // Han and kana characters stay one token each.
    expect(check('東京は首都', ['日本の首都は東京です'], 1).coverage).toBe(1);
  });

  it('falls back to containment when a claim has only stop words, and accepts replaced stop words', () => {
    expect(check('it was the', ['nothing here'])).toEqual({
      supported: false,
      contained: false,
      coverage: null,
    });
    expect(check('it was the', ['and it was the end']).supported).toBe(true);
    expect(check('the moon', ['a sun'], 0.66, new Set()).coverage).toBe(0);
  });

  it('gives a claim of bare punctuation or invisible characters no content, whatever the passage holds', () => {
    for (const claim of ['', '...', ' ?! ', '\u200b', ' , ; :']) {
      expect([claim, check(claim, ['Water boils. ...', 'x'])]).toEqual([claim, NO_CONTENT]);
    }
  });

  it('over-refuses paraphrase (the documented bias)', () => {
    expect(check('Prices climbed quickly', ['Inflation rose sharply.']).supported).toBe(false);
  });

  it('normalises stop words the way tokens are, so upper case and accents still match', () => {
    expect(check('Über die Brücke', ['die Brücke'], 0.66, normalizeStopWords(['ÜBER', 'die'])).coverage).toBe(
      1,
    );
    expect(check('Über die Brücke', ['die Brücke'], 0.66, normalizeStopWords(['die'])).coverage).toBe(0.5);
  });
});

describe('DEFAULT_STOP_WORDS', () => {
  it('holds 143 distinct non-empty English function words, from "a" to "yourselves"', () => {
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

  const fragments = ['d', 'll', 'm', 're', 's', 't', 've'];
  const withoutFragments = new Set(DEFAULT_STOP_WORDS.filter((word) => !fragments.includes(word)));
  const claim = "It's the company's policy that staff don't travel.";
  const passage = "The company's handbook says staff can't expense it.";

  it('holds what an apostrophe leaves behind, so possessives and contractions in a passage do not count as support', () => {
    // Without the fragments, `s` and `t` match any passage with a possessive or a contraction: 4 of 7 tokens.
    expect(check(claim, [passage], 0.55, withoutFragments)).toEqual({
      supported: true,
      contained: false,
      coverage: 4 / 7,
    });
    // With them, only company and staff of company, policy, staff, don, travel are found.
    expect(check(claim, [passage], 0.55)).toEqual({ supported: false, contained: false, coverage: 2 / 5 });
    for (const fragment of fragments) expect(DEFAULT_STOP_WORDS).toContain(fragment);
  });

  it('counts a claim with contractions as it counts the same claim written out', () => {
    const written = check('It is the company policy that staff do not travel.', [passage], 0.55);
    expect(written.coverage).toBe(2 / 4);
    expect(check("It's the company's policy that staff do not travel.", [passage], 0.55)).toEqual(written);
  });

  it('keeps the stems of negated contractions as content words', () => {
    expect(DEFAULT_STOP_WORDS).not.toContain('don');
    expect(DEFAULT_STOP_WORDS).not.toContain('won');
    expect(check("Staff won't travel.", ['Staff travel.'], 0.55).coverage).toBe(2 / 3);
  });
});

describe('checkSupport edges of the claim', () => {
  const CONTAINED_BY_COVERAGE: SupportResult = { supported: true, contained: false, coverage: 1 };
  const HALF: SupportResult = { supported: false, contained: false, coverage: 0.5 };

  it('keeps a leading or trailing digit, so a shorter number in the passage contains nothing', () => {
    expect(check('0 apples', ['Of 10 apples, none fell.'])).toEqual(HALF);
    expect(check('9 lives', ['Some say 19 lives were saved.'])).toEqual(HALF);
    expect(check('Paris 2024', ['Held in 2024, in France.'])).toEqual(HALF);
    expect(check('Flight 404', ['Flight 4040 landed.'])).toEqual(HALF);
  });

  it('keeps a leading or trailing letter from a to z, in either case', () => {
    // "a" is a stop word: covered, but not contained as a whole.
    expect(check('A cat sat', ['Then the cat sat down.'])).toEqual(CONTAINED_BY_COVERAGE);
    expect(check('The jazz', ['The ja, they called it.'], 0.55)).toEqual({
      supported: false,
      contained: false,
      coverage: 0,
    });
    expect(check('Water boils', ['Water - cold, clear.'])).toEqual(HALF);
    expect(check('A dog.', ['The cat sat. dog food was out.'])).toEqual(CONTAINED_BY_COVERAGE);
    expect(check('ZZ Top', ['ZZ Top played.'])).toEqual(CONTAINED);
  });

  it('never drops an accented letter at either edge of the claim', () => {
    expect(check('éfoo bar', ['The foo bar was closed.'])).toEqual(HALF);
    expect(check('foo baré', ['The foo bar was closed.'])).toEqual(HALF);
    expect(check('Ünited states', ['The nited states agreed.'])).toEqual(HALF);
  });

  it('finds a claim with punctuation, spaces and controls around it, and only there', () => {
    expect(searched(' \t"Water boils at 100 C."\r\n', ['At sea level, water boils at 100 C.'])).toEqual(
      CONTAINED,
    );
    expect(searched('«water boils»', ['At sea level, water boils.'])).toEqual(CONTAINED);
    expect(searched('(water boils)', ['At sea level, waterboils.'])).toEqual({ ...ABSENT, coverage: 0 });
  });
});

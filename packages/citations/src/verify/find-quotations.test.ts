import { describe, expect, it } from 'vitest';
import {
  closeQuotationScan,
  DEFAULT_MIN_QUOTE_LENGTH,
  findQuotations,
  isQuotationOpen,
  scanQuotations,
  startQuotationScan,
} from './find-quotations.js';
import { splitClaims } from './split-claims.js';

const quotes = (text: string, minLength?: number): string[] =>
  findQuotations(text, splitClaims(text), minLength).map((q) => q.text);
const inner = 'the tower is made of gold';

describe('findQuotations', () => {
  it('finds straight and curly quotations of at least the minimum length', () => {
    expect(quotes('He said "the rate rose sharply" and “prices fell again” but "no".')).toEqual([
      'the rate rose sharply',
      'prices fell again',
    ]);
    expect(quotes('"no"', 2)).toEqual(['no']);
    expect(DEFAULT_MIN_QUOTE_LENGTH).toBe(12);
  });

  it('pairs any two marks of one family after folding, mixed straight, curly, full-width or prime', () => {
    const pairs = [
      // double quotation marks, primes and ornaments
      ['"', '"'],
      ['"', '\u201d'],
      ['\u201c', '"'],
      ['\u201c', '\u201d'],
      ['\u201e', '\u201c'],
      ['\u201e', '\u201d'],
      ['\u201e', '"'],
      ['\u201d', '\u201d'],
      ['\u201c', '\u201c'],
      ['\u201f', '\u201d'],
      ['\uff02', '\uff02'],
      ['\uff02', '"'],
      ['\u2033', '\u2033'],
      ['\u2036', '\u2033'],
      ['"', '\u2033'],
      ['\u301d', '\u301e'],
      ['\u301d', '\u301f'],
      ['\u275d', '\u275e'],
      ['\u2e42', '\u201c'],
      ['\u{1f676}', '\u{1f677}'],
      // guillemets, either way round
      ['\u00ab', '\u00bb'],
      ['\u00bb', '\u00ab'],
      ['\u00ab', '\u00ab'],
      ['\u2039', '\u203a'],
      ['\u203a', '\u2039'],
      // corner brackets in every width, and white corner brackets
      ['\u300c', '\u300d'],
      ['\uff62', '\uff63'],
      ['\ufe41', '\ufe42'],
      ['\u300c', '\uff63'],
      ['\uff62', '\ufe42'],
      ['\u300e', '\u300f'],
      ['\ufe43', '\ufe44'],
      ['\u300e', '\ufe44'],
      // single quotation marks and primes, as a pair
      ["'", "'"],
      ['\u2018', '\u2019'],
      ["'", '\u2019'],
      ['\u2018', "'"],
      ['\u201a', '\u2018'],
      ['\u2032', '\u2032'],
      ['\uff07', '\uff07'],
      ['\u275b', '\u275c'],
      ['\u2035', '\u2032'],
    ];
    for (const [open, close] of pairs) {
      expect(quotes(`It says ${open}${inner}${close} [2].`), `${open}…${close}`).toEqual([inner]);
    }
  });

  it('never pairs marks of two families, and keeps a quotation of another family inside as text', () => {
    for (const [open, close] of [
      ['"', '\u00bb'],
      ['\u00ab', '"'],
      ['\u300c', '\u300f'],
      ['\u2039', '\u00bb'],
    ]) {
      expect(quotes(`It says ${open}${inner}${close} [2].`), `${open}…${close}`).not.toContain(inner);
    }
    expect(
      quotes('\u201eEr sagte \u00bbdie Br\u00fccke ist gesperrt\u00ab gestern\u201c, so the report [2].'),
    ).toEqual(['die Br\u00fccke ist gesperrt', 'Er sagte \u00bbdie Br\u00fccke ist gesperrt\u00ab gestern']);
    expect(quotes('\u201cHe said \u00abthe tower is tall\u00bb twice\u201d [1].')).toEqual([
      'the tower is tall',
      'He said \u00abthe tower is tall\u00bb twice',
    ]);
  });

  it('finds a quotation nested in one of its own family, and reads deeper nesting as text of the outer two', () => {
    expect(quotes('He wrote "they call it "the old tower" in town" [1].')).toEqual([
      'the old tower',
      'they call it "the old tower" in town',
    ]);
    expect(
      quotes(
        '\u300c\u5f7c\u306f\u300c\u3053\u3093\u306b\u3061\u306f\u4e16\u754c\u300d\u3068\u8a00\u3063\u305f\u3088\u300d',
        3,
      ),
    ).toEqual([
      '\u3053\u3093\u306b\u3061\u306f\u4e16\u754c',
      '\u5f7c\u306f\u300c\u3053\u3093\u306b\u3061\u306f\u4e16\u754c\u300d\u3068\u8a00\u3063\u305f\u3088',
    ]);
    // Three deep: the innermost opening mark is text, so its closing mark closes the second level, and the last
    // mark, with nothing open, quotes back to the mark before it. Every quoted word is checked in some quotation.
    expect(quotes('"one "two "three deep words" back" out" [1].', 1)).toEqual([
      'two "three deep words',
      'one "two "three deep words" back',
      'out',
    ]);
  });

  it('reads apostrophes as apostrophes: inside words, before elided words and digits, after plurals', () => {
    for (const text of [
      "The children's rights don't change and it's l'homme [1].",
      "The students' union and the teachers' union agreed on it today [1].",
      "In the '90s, rock 'n' roll and 'tis the season, 'em all [1].",
      "O'Brien and D'Angelo met at St John's college in the morning [1].",
    ]) {
      expect(quotes(text), text).toEqual([]);
    }
    expect(quotes("The report called it 'a decade of excess' [1].")).toEqual(['a decade of excess']);
    expect(quotes("In the '90s critics called it 'a decade of excess' [1].")).toEqual(['a decade of excess']);
    expect(quotes("It said \u2018don't touch the old tower\u2019 [1].")).toEqual([
      "don't touch the old tower",
    ]);
  });

  it('knows the elided words a single mark opens, and reads any other word after it as a quotation', () => {
    // An elision alone opens nothing; with a closing mark after it on its line (no possessive), it opens what that
    // closes: the text between is checked like any quotation.
    for (const word of ['tis', 'Twas', 'em', 'round']) {
      expect(quotes(`They sang '${word} of it all today [1].`, 1), word).toEqual([]);
      expect(quotes(`They sang the rounds' ${word} of it all today [1].`, 1), word).toEqual([]);
    }
    for (const word of [
      'tis',
      'Twas',
      'twere',
      'em',
      'n',
      'cause',
      'til',
      'bout',
      'round',
      'neath',
      'gainst',
    ]) {
      expect(quotes(`They sang '${word} of it all and more' today [1].`, 1), word).toEqual([
        `${word} of it all and more`,
      ]);
    }
    expect(quotes("They sang 'roundabout ways of it all' today [1].")).toEqual(['roundabout ways of it all']);
    expect(quotes("They sang 'nother song of it all' today [1].")).toEqual(['nother song of it all']);
  });

  it('reads the neighbours of a mark as whole characters, astral ones included', () => {
    expect(quotes('\u{1D400}"the tower is made of gold"\u{1D401} [1].')).toEqual([
      'the tower is made of gold',
    ]);
    expect(quotes("\u{1D400}'the tower is made of gold' [1].")).toEqual([]); // after a letter: an apostrophe
    expect(quotes("\u{1F600} 'the tower is made of gold' [1].")).toEqual(['the tower is made of gold']);
  });

  it('reads a mark right after a digit as a unit unless it closes an open quotation', () => {
    expect(quotes('The 12" pizza and the 14" pizza cost the same [1].')).toEqual([]);
    expect(quotes('He is 5\u2032 3\u2033 tall and she is 6\u2032 1\u2033 tall [1].')).toEqual([]);
    expect(quotes('He is 6\'2" tall and she is 5\'9" tall [1].')).toEqual([]);
    expect(quotes('The record says "the tower opened in 1889" [1].')).toEqual(['the tower opened in 1889']);
  });

  it('keeps a quotation that a sentence boundary cuts in two whole, with every claim it spans', () => {
    const text = 'He said "the tower is tall. It was built in 1889" [1]. Other claim [2].';
    const [quotation, ...rest] = findQuotations(text, splitClaims(text));
    expect(rest).toEqual([]);
    expect(quotation).toEqual({
      span: { start: 9, end: 48 },
      text: 'the tower is tall. It was built in 1889',
      units: [0, 1],
    });
    expect(splitClaims(text).map((unit) => unit.text)).toEqual([
      'He said "the tower is tall.',
      'It was built in 1889" [1].',
      'Other claim [2].',
    ]);
  });

  it('lists only the claims that hold quoted text, not one that holds only a mark', () => {
    const text = 'He said "the tower is tall [1]. " It was built in 1889 [2].';
    expect(splitClaims(text).map((unit) => unit.text)).toEqual([
      'He said "the tower is tall [1].',
      '" It was built in 1889 [2].',
    ]);
    expect(findQuotations(text, splitClaims(text)).map((q) => [q.text, q.units])).toEqual([
      ['the tower is tall.', [0]],
    ]);
  });

  it('removes markers from the quoted text, and measures the length trimmed', () => {
    expect(quotes('She said "the old tower [1] is tall, yes" [2].')).toEqual(['the old tower is tall, yes']);
    expect(quotes('The report says " water boils at 100 degrees\u00a0" [1].')).toEqual([
      'water boils at 100 degrees',
    ]);
    expect('  boils water '.length).toBeGreaterThan(DEFAULT_MIN_QUOTE_LENGTH);
    expect(quotes('It "  boils water " [1].')).toEqual([]);
    expect(quotes('\u201c   \u201d and "\t"', 0)).toEqual(['', '']);
  });

  it('quotes to the end of its claim from a double, guillemet or corner mark left open at the end of its line', () => {
    const text = 'He said "the tower is made of gold [1]. The next claim [2].\nAnother "line [3].';
    const found = findQuotations(text, splitClaims(text), 1);
    expect(found.map((q) => [q.text, q.units])).toEqual([
      ['the tower is made of gold.', [0]],
      ['line.', [2]],
    ]);
    expect(quotes('Er sagte \u00bbdie Br\u00fccke ist gesperrt [1].')).toEqual([
      'die Br\u00fccke ist gesperrt.',
    ]);
    expect(
      quotes('\u300c\u5854\u306f\u91d1\u3067\u3067\u304d\u3066\u3044\u308b\u3068\u8a00\u3063\u305f [1].', 5),
    ).toEqual(['\u5854\u306f\u91d1\u3067\u3067\u304d\u3066\u3044\u308b\u3068\u8a00\u3063\u305f.']);
    // A single quotation mark left open is an apostrophe.
    expect(quotes("He said 'the tower is made of gold [1].")).toEqual([]);
  });

  it('quotes back to the previous mark of its family, or to the start of its claim, from a closing mark with nothing open', () => {
    expect(quotes('The tower is made of solid gold\u201d [1].')).toEqual(['The tower is made of solid gold']);
    expect(quotes('"The real words."fabricated words here" [1].')).toEqual([
      'The real words.',
      'fabricated words here',
    ]);
    expect(quotes('They said it was made of gold\u00ab [1].')).toEqual(['They said it was made of gold']);
  });

  it('quotes nothing from a closing mark outside every claim (in a stretch of bare punctuation)', () => {
    // `' !” ` is a sentence of its own, with nothing to check: its mark does not turn the claim before it into a
    // quotation (which would then have to be found verbatim, and answer for a citation narrowed to it).
    const text = "The tower is made of solid gold [1]. ' !\u201d The next claim [1].";
    expect(splitClaims(text).map((unit) => unit.text)).toEqual([
      'The tower is made of solid gold [1].',
      'The next claim [1].',
    ]);
    expect(findQuotations(text, splitClaims(text), 1)).toEqual([]);
  });

  it('finds the same quotations when a line is scanned in stretches, carrying the scan between them', () => {
    const text = 'One "quoted part." Two [1]. Three "again here" and more [2]. Four.';
    const units = splitClaims(text);
    const whole = findQuotations(text, units, 1);
    const pieces: ReturnType<typeof findQuotations> = [];
    const scan = startQuotationScan(units[0]!.span.start);
    // As an answer streams: each stretch ends with the units known so far.
    for (const known of [2, 3, 4])
      scanQuotations(text, units.slice(0, known), scan, units[known - 1]!.span.end, 1, pieces);
    closeQuotationScan(text, units, scan, 1, pieces);
    expect(pieces).toEqual(whole);
    expect(isQuotationOpen(scan)).toBe(false);
  });

  it('pairs an opening mark before another opening mark with the end of its claim, and the second with its close', () => {
    expect(quotes('A "real text. Then "fabricated words here" [1].')).toEqual(['fabricated words here']);
    expect(quotes('A "real text here. Then "fabricated words here" [1].', 1)).toEqual([
      'fabricated words here',
      'real text here.',
    ]);
  });

  it('never pairs marks across a line break', () => {
    const text = 'He said "the first line\nand the second line" [1].';
    expect(findQuotations(text, splitClaims(text), 1).map((q) => [q.text, q.units])).toEqual([
      ['the first line', [0]],
      ['and the second line', [1]],
    ]);
  });

  it('finds nothing in text without quotation marks, or without units', () => {
    expect(quotes('Plain text with no quotation at all [1].')).toEqual([]);
    expect(findQuotations('"quoted words here"', [])).toEqual([]);
  });
});

describe('findQuotations: single marks left waiting', () => {
  it('closes what an elision or a possessive left waiting with a single mark only, never an inch mark', () => {
    expect(quotes(`They sang 'tis a 12" pizza of it all [1].`, 1)).toEqual([]);
    expect(quotes(`The kids' 12" pizza is the one in the report [1].`, 1)).toEqual([]);
  });
});

describe('findQuotations: look-alike marks (ASCII spellings, angle brackets, ornaments)', () => {
  it('pairs look-alike marks with each other and with the family they resemble', () => {
    for (const [open, close] of [
      // ASCII doubled angle brackets and much-less/greater-than signs read as guillemets, mixed either way
      ['<<', '>>'],
      ['\u226a', '\u226b'], // ≪ ≫
      ['\u00ab', '>>'],
      ['<<', '\u00bb'],
      ['<<', '\u226b'],
      // ornament angle quotation marks and heavy angle brackets read as single guillemets
      ['\u276e', '\u276f'], // ❮ ❯
      ['\u2770', '\u2771'], // ❰ ❱
      ['\u2039', '\u276f'],
      ['\u276e', '\u203a'],
      // mathematical, ornament, curved and deprecated angle brackets read as CJK angle brackets
      ['\u27e8', '\u27e9'], // ⟨ ⟩
      ['\u27ea', '\u27eb'], // ⟪ ⟫
      ['\u276c', '\u276d'], // ❬ ❭
      ['\u2329', '\u232a'], // 〈 〉
      ['\u3008', '\u27e9'],
      ['\u27e8', '\u3009'],
      ['\u300a', '\u27eb'],
      // low-high ASCII (,,…'') and low comma ornaments
      [',,', "''"],
      [',,', '\u201c'],
      [',,', '"'],
      ['\u2760', '\u275e'], // ❠ ❞
      ['\u275f', '\u275c'], // ❟ ❜
    ]) {
      expect(quotes(`It says ${open}${inner}${close} [2].`), `${open}…${close}`).toEqual([inner]);
    }
  });

  it('reads shift operators, comparisons, tags, kets and unmatched look-alikes as no quotation', () => {
    for (const text of [
      'The loop computes x << 2 and then y >> 3 for every value [1].',
      'Write cout << "a" << endl to print it and then cin >> value [1].',
      'The shift a >> b divides by a power of two, as does a>>b here [1].',
      'Use `1<<20` bytes of memory and `n>>1` to halve the count [1].',
      'Use `x<<n` to shift and `(value)>> 2` to shift it back again [1].',
      'The type vector<vector<int>> holds the rows of the big matrix [1].',
      'Write x <<= 2 and then the value y >>= 3 in the same loop [1].',
      'Tags like <b>bold text here</b> and <i>more italic text</i> stay [1].',
      'A < B and the other value C > D in the comparison here [1].',
      '<<<<<<< HEAD and the other side >>>>>>> theirs in the merge [1].',
      '>> quoted reply text from the earlier message in the thread [1].',
      'The kets |0\u27e9 and |1\u27e9 form a basis of the whole state space [1].',
      'The bra \u27e8\u03c8| is the dual vector of the ket in this space [1].',
      '\u276e Previous chapter of the book and the next chapter \u276f [1].',
      'It opens \u27e8the inner product of the two vectors here [1].',
      'It opens <<the inner product of the two vectors here [1].',
      'A list of a,,b and ,, and some more items in the table\u201d [1].',
    ]) {
      expect(quotes(text), text).toEqual(text.endsWith('\u201d [1].') ? [text.slice(0, -6)] : []);
    }
  });

  it('reads an ASCII look-alike only as exactly two marks, tight on the inside', () => {
    expect(quotes(`It says <<< ${inner} >>> [2].`)).toEqual([]);
    expect(quotes(`It says << ${inner} >> [2].`)).toEqual([]);
    expect(quotes(`It says \u27e8 ${inner} \u27e9 [2].`)).toEqual([]);
    // A guillemet left open still quotes to the end of its claim, whatever look-alike follows.
    expect(quotes(`It says \u00ab${inner} >> [2].`)).toEqual([`${inner} >>.`]);
  });
  it('reads `<<`, `>>` and `,,` split by invisible characters, and in full-width and small forms, as the ASCII ones', () => {
    for (const [open, close] of [
      ['<\u200b<', '>\u200b>'],
      ['<\u2060<', '>\u2060>'],
      ['<\u00ad<', '>\u00ad>'],
      ['<\u200b\ufeff<', '>>'],
      ['\ufe64\ufe64', '\ufe65\ufe65'], // ﹤﹤ ﹥﹥
      ['\uff1c\uff1c', '\uff1e\uff1e'], // ＜＜ ＞＞
      ['<\uff1c', '\ufe65>'],
      [',\u200b,', "''"],
    ]) {
      expect(quotes(`It says ${open}${inner}${close} [2].`), `${open}…${close}`).toEqual([inner]);
    }
    // Backticks around an invisible character are a code span, no opening mark: the closing mark quotes back.
    expect(quotes(`It says \`\u200b\`${inner}'' [2].`)).toEqual([`It says \`\u200b\`${inner}`]);
    // Still exactly two, tight on the inside, and never left open or stray.
    for (const text of [
      `It says <\u200b<<${inner}>>> [2].`,
      `It says \uff1c\uff1c\uff1c${inner}\uff1e\uff1e\uff1e [2].`,
      `It says \uff1c\uff1c ${inner} \uff1e\uff1e [2].`,
      `It opens \ufe64\ufe64${inner} [2].`,
      `It opens <\u200b<${inner} and more text here [2].`,
      `It closes ${inner}\uff1e\uff1e [2].`,
      'The loop computes x \uff1c\uff1c 2 and y \ufe65\ufe65 3 for every value [1].',
    ]) {
      expect(quotes(text), text).toEqual([]);
    }
  });

  it('reads two look-alikes around `|` or `::` as links, bra-kets or code, and `,,` after a quote mark as a CSV field', () => {
    for (const text of [
      'The page shows <<Previous | Next>> links at the bottom of the list [1].',
      'The page shows \u276eFirst page | Last page\u276f links at the bottom [1].',
      'The type is <<T as Iterator>::Item as Into<u8>>::Output in Rust [1].',
      'The state \u27e80|\u27e81| acts on |0\u27e9|1\u27e9 by definition [1].',
      'The expectation value \u27e8\u03c8|H + V + W|\u03c8\u27e9 in the state [1].',
      'The row "name",,value of the second column,"x" has an empty field [1].',
    ]) {
      expect(quotes(text), text).toEqual([]);
    }
    // A look-alike pair without them, or with a mark of the family on either side, is still a quotation.
    expect(quotes(`It says <<${inner} | and more>> [2].`)).toEqual([]);
    expect(quotes(`It says \u00ab${inner} | and more>> [2].`)).toEqual([`${inner} | and more>>.`]);
    expect(quotes(`It says <<${inner} | and more\u00bb [2].`)).toEqual([`${inner} | and more`]);
    expect(quotes(`It says <<${inner}: more>> [2].`)).toEqual([`${inner}: more`]);
    expect(quotes(`The row "a",,${inner}'' [2].`)).toEqual([`,,${inner}`]);
  });
});

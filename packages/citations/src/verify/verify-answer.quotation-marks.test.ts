import { verifyAnswer } from './verify-answer.js';
import { describe, expect, it } from 'vitest';
import { FABRICATED, MINUTES, REAL, streamedCodes } from '../__fixtures__/streamed-codes.js';
import type { Passage } from '../types.js';

const source = (text: string, title?: string): Passage => ({
  ...MINUTES[0]!,
  end: text.length,
  text,
  ...(title === undefined ? {} : { title }),
});

/** The rejection codes of `answer`, from verifyAnswer and from the streaming verifier fed one character at a time. */
const codes = (answer: string, passages: Passage[] = MINUTES, options = {}): string[] =>
  streamedCodes(answer, passages, options, [1]);

/** Between each pair of marks the fabricated quotation is `quote_not_found` and the real one passes. */
function expectChecked(pairs: ReadonlyArray<readonly [string, string]>, before = 'The minutes say '): void {
  for (const [open, close] of pairs) {
    expect(codes(`${before}${open}${FABRICATED}${close} [1].`), `${open}…${close}`).toEqual([
      'quote_not_found',
    ]);
    expect(codes(`${before}${open}${REAL}${close} [1].`), `${open}…${close}`).toEqual([]);
  }
}

describe('verifyAnswer quotation marks written as HTML', () => {
  it('reads marks written as named, decimal or hex character references as the marks they show', () => {
    expectChecked([
      ['&ldquo;', '&rdquo;'],
      ['&quot;', '&quot;'],
      ['&QUOT;', '&QUOT;'],
      ['&#34;', '&#34;'],
      ['&#8220;', '&#8221;'],
      ['&#x201C;', '&#X201d;'],
      ['&#x0201c;', '&#x201D;'],
      ['&bdquo;', '&ldquo;'],
      ['&laquo;', '&raquo;'],
      ['&lsaquo;', '&rsaquo;'],
      ['&lsquo;', '&rsquo;'],
      ['&#39;', '&apos;'],
      ['&#171;', '&#187;'],
      ['\u201c', '&rdquo;'],
    ]);
  });

  it("reads every HTML5 name of a quotation mark or a look-alike the verifier reads, and two look-alikes' names", () => {
    expectChecked([
      ['&OpenCurlyDoubleQuote;', '&CloseCurlyDoubleQuote;'],
      ['&ldquor;', '&rdquor;'],
      ['&bdquo;', '&CloseCurlyDoubleQuote;'],
      ['&OpenCurlyQuote;', '&CloseCurlyQuote;'],
      ['&lsquor;', '&rsquor;'],
      ['&sbquo;', '&lsquo;'],
      ['&lang;', '&rang;'],
      ['&langle;', '&rangle;'],
      ['&LeftAngleBracket;', '&RightAngleBracket;'],
      ['&Lang;', '&Rang;'],
      ['&Lt;', '&Gt;'],
      ['&ll;', '&gg;'],
      ['&NestedLessLess;', '&NestedGreaterGreater;'],
      ['&bprime;', '&prime;'],
      ['&backprime;', '&prime;'],
      ['&Prime;', '&Prime;'],
      ['&dblac;', '&DiacriticalDoubleAcute;'],
      ['&acute;', '&DiacriticalAcute;'],
      ['&LT;&LT;', '&GT;&GT;'],
      ['&comma;&comma;', '&rdquo;'],
      ['&grave;&grave;', '&apos;&apos;'],
      ['&DiacriticalGrave;&DiacriticalGrave;', '&rsquo;&rsquo;'],
    ]);
  });

  it('reads a name in the wrong case as the text a browser shows, which pairs with no visible mark', () => {
    for (const [open, close] of [
      ['&Quot;', '&Quot;'],
      ['&LDQUO;', '&RDQUO;'],
      ['&Lsquo;', '&Rsquo;'],
      ['&LANG;', '&RANG;'],
    ]) {
      // Read as marks, they would close the visible quotation at once and open another.
      expect(codes(`The minutes say "${open}${FABRICATED}${close}" [1].`), open).toEqual(['quote_not_found']);
      expect(codes(`The minutes say ${open}${FABRICATED}${close} [1].`), open).toEqual([]);
    }
  });

  it('reads a <q> element as a quotation, with or without attributes', () => {
    expectChecked([
      ['<q>', '</q>'],
      ['<Q>', '</Q>'],
      ['<q lang="en">', '</q>'],
    ]);
  });

  it('checks a quotation written with references when the support check is on, and a lead-in holding one', () => {
    const padded = `The council approved the budget on Monday; spending on parks &ldquo;rose by 40 percent on Monday&rdquo; [1].`;
    expect(codes(padded, MINUTES, { support: {} })).toEqual(['quote_not_found']);
    for (const [open, close] of [
      ['&ldquo;', '&rdquo;'],
      ['<q>', '</q>'],
      ['&#x201c;', '&#x201d;'],
    ]) {
      const leadIn = `The council said ${open}${FABRICATED}${close}:\n- The council approved the budget on Monday [1].\n- Spending on parks rose by 4 percent [1].`;
      expect(codes(leadIn), open).toEqual(['no_marker']);
    }
  });

  it('leaves other references and tags alone: no quotation, and a lead-in holding them is not checked', () => {
    for (const answer of [
      'AT&amp;T &lt;b&gt; and &#38; said the council approved the budget on Monday &copy; [1].',
      'The <quote>council</quote> and <qa> approved the budget on Monday [1].',
      'The council said &amp;ldquo;the budget&amp;rdquo; was approved on Monday [1].',
    ]) {
      expect(codes(answer), answer).toEqual([]);
    }
    const leadIn =
      'AT&amp;T &#38; the council:\n- The council approved the budget on Monday [1].\n- Spending on parks rose by 4 percent [1].';
    expect(codes(leadIn)).toEqual([]);
  });
});

describe('verifyAnswer single quotation marks beside invisible characters, footnotes and CJK', () => {
  it('reads a single mark beside invisible characters as it shows, a Hangul filler as a space', () => {
    expectChecked([
      ["\u034f'", "'"],
      ["'", "'\ufe0f"],
      ["\u200b'", "'\u200d"],
      ["'", "'\u00ad"],
    ]);
    expectChecked([["\u3164'", "'"]], 'The minutes say');
    const padded =
      "The council approved the budget on Monday, saying \u034f'spending on parks rose by 40 percent' [1].";
    expect(codes(padded, MINUTES, { support: {} })).toEqual(['quote_not_found']);
  });

  it('reads a Hangul filler inside a quotation as the space it shows, never as nothing', () => {
    const passages = [source('The clinic hired a therapist for every ward in 2023.')];
    for (const filler of ['\u3164', '\u115f', '\u1160', '\uffa0']) {
      // Shown as `a the rapist for every ward`: the passage says `a therapist`.
      const answer = `The clinic hired "a the${filler}rapist for every ward" [1].`;
      expect(codes(answer, passages), JSON.stringify(filler)).toEqual(['quote_not_found']);
      expect(codes(answer, passages, { support: {} }), JSON.stringify(filler)).toEqual(['quote_not_found']);
    }
    expect(codes('The clinic hired "a therapist for every ward" [1].', passages)).toEqual([]);
    expect(codes('The clinic hired "a therapist\u3164for every ward" [1].', passages)).toEqual([]);
  });

  it('closes a single quotation before a footnote number', () => {
    expectChecked([
      ["'", "'\u00b9"],
      ["'", "'\u00b2\u00b3"],
      ['\u2018', '\u2019\u2074'],
    ]);
  });

  it('reads ‘…’ beside Chinese, Japanese and Korean as quotation marks', () => {
    const han = [source('市议会周一批准了预算。')];
    expect(codes('市议会说‘预算被全部取消了’[1]。', han)).toEqual(['quote_not_found']);
    expect(codes('市议会说‘市议会周一批准了预算’[1]。', han)).toEqual([]);
    const kana = [source('議会は月曜日に予算を承認した。')];
    expect(codes('議会は‘予算は全て削減された’と述べた[1]。', kana)).toEqual(['quote_not_found']);
    expect(codes('議会は‘議会は月曜日に予算を承認した’と述べた[1]。', kana)).toEqual([]);
    const hangul = [source('시의회는 월요일에 예산을 승인했다.')];
    expect(codes('시의회는 ‘예산이 모두 삭감되었다고 밝혔다’고 말했다[1].', hangul)).toEqual([
      'quote_not_found',
    ]);
    expect(codes('시의회는 ‘시의회는 월요일에 예산을 승인했다’고 말했다[1].', hangul)).toEqual([]);
  });

  it('still reads apostrophes, possessives and elisions beside invisible characters and footnotes as no quotation', () => {
    for (const answer of [
      "The council didn\u200b't cut the parks' budget on Monday [1].",
      "The council's\u00b9 budget and the parks'\u00b2 spending were approved on Monday [1].",
      "The council approved the budget on Monday in the '90s\u034f style [1].",
      'The council approved Xi\u2019an\u2019s budget on Monday [1].',
    ]) {
      expect(codes(answer), answer).toEqual([]);
    }
  });
});

describe('verifyAnswer quotation look-alikes in no family before', () => {
  it('checks quotations between ditto marks, double acutes, modifier letters, accents, geresh and double yod', () => {
    expectChecked([
      ['\u3003', '\u3003'],
      ['\u02dd', '\u02dd'],
      ['\u02f6', '\u02f6'],
      ['\u05f2', '\u05f2'],
      ['\u02bb\u02bb', '\u02bc\u02bc'],
      ['\u02bb', '\u02bc'],
      ['\u00b4', '\u00b4'],
      ['\u05f3', '\u05f3'],
      ['\u02b9', '\u02b9'],
    ]);
  });

  it('reads these letters and accents in honest text as no quotation', () => {
    for (const answer of [
      // Hawaiian ʻokina, with an English possessive later on the line; Uzbek oʻ, gʻ and ʼ; Ukrainian ʼ
      'The council of \u02bbOahu approved the budget of the islands\u2019 parks on Monday [1].',
      'O\u02bbzbekiston ma\u02bcno va ta\u02bclim: the council approved the budget on Monday [1].',
      'The word \u043c\u02bc\u044f\u0441\u043e and the council approved the budget on Monday [1].',
      // Yiddish double yod and Hebrew geresh beside Hebrew letters
      'The council approved the budget on Monday (\u05f2\u05b4\u05d3\u05d9\u05e9 \u05e0\u05f2\u05b7) [1].',
      'The council of \u05d2\u05f3\u05d5\u05e8\u05d2\u05f3 approved the budget on Monday [1].',
      // an acute accent or a prime as an apostrophe; transliterated soft signs
      'The council didn\u00b4t cut the parks\u00b4 budget on Monday, it approved the budget [1].',
      'The councils of Tver\u02b9 and Rus\u02b9 approved the budget on Monday [1].',
      // ditto marks in a table, spaced
      'The council approved the budget on Monday: \u6771\u4eac \u3003 and \u3003 parks [1].',
    ]) {
      expect(codes(answer), answer).toEqual([]);
    }
  });
});

describe('verifyAnswer quotations after a digit', () => {
  it('opens a quotation at “ right after a digit, and still reads a double mark after a digit as a unit', () => {
    expect(codes('In 2023\u201cthe budget was cut to 40\u201d [1].')).toEqual(['quote_not_found']);
    expect(codes('On Monday 2023\u201cthe council approved the budget\u201d [1].')).toEqual([]);
    expect(
      codes('The council approved the budget on Monday for a 12" screen and a 5\u2032 3\u2033 bench [1].'),
    ).toEqual([]);
  });
});

describe('verifyAnswer quotations of a title', () => {
  const titled = [
    source(
      'The council approved the budget on Monday. Spending on parks rose by 4 percent.',
      'Annual Budget Report 2020',
    ),
  ];

  it('accepts a quotation of the cited passage title, citing the whole passage', () => {
    const answer = 'According to "Annual Budget Report 2020" [1], the council approved the budget on Monday.';
    expect(codes(answer, titled)).toEqual([]);
    const { citations } = verifyAnswer(answer, titled);
    expect(citations.map(({ start, end }) => [start, end])).toEqual([[0, titled[0]!.text.length]]);
    // With a quotation of the text too, the claim cites where that one is.
    const both = verifyAnswer(`The "Annual Budget Report 2020" says "${REAL}" [1].`, titled);
    expect(both.rejected).toEqual([]);
    expect(both.citations.map((c) => c.text)).toEqual(['The council approved the budget on Monday']);
  });

  it('still rejects a quotation in no cited title or text, and a title of a source the claim does not cite', () => {
    expect(codes('According to "Annual Budget Report 2021" [1], the council approved it.', titled)).toEqual([
      'quote_not_found',
    ]);
    const two = [...MINUTES, ...titled];
    expect(codes('According to "Annual Budget Report 2020" [1], the council approved it.', two)).toEqual([
      'quote_not_found',
    ]);
  });
});

// HTML maps a numeric reference in 0x80–0x9F through Windows-1252: `&#147;` and `&#x93;` show “, and so on. A
// quotation written with them is one a reader sees.
describe('verifyAnswer: C1 numeric references a browser shows as quotation marks', () => {
  it('reads them as the marks they show, decimal and hex, with leading zeros', () => {
    expectChecked([
      ['&#147;', '&#148;'],
      ['&#x93;', '&#x94;'],
      ['&#X93;', '&#0148;'],
      ['&#145;', '&#146;'],
      ['&#x91;', '&#x92;'],
      ['&#132;', '&#147;'],
      ['&#x84;', '&#x93;'],
      ['&#139;', '&#155;'],
      ['&#x8b;', '&#x9B;'],
      ['&#130;', '&#145;'],
    ]);
  });

  it('leaves other C1 references alone', () => {
    expect(codes(`The minutes say &#150;${FABRICATED}&#151; [1].`)).toEqual([]);
  });
});

// HTML ignores the slash of `<q/>`: it opens a q element, and the browser draws its marks.
describe('verifyAnswer: a self-closing <q/>', () => {
  it('reads <q/> and <q /> as opening a quotation', () => {
    expectChecked([
      ['<q/>', '</q>'],
      ['<q />', '</q>'],
      ['<Q/>', '</Q>'],
      ['<q/ lang="en">', '</q>'],
    ]);
  });
});

// English style guides (and current models) swap double and single marks for a quotation inside a quotation, so an
// honest quotation of `… for "The Roof Is on Fire" while …` writes `‘The Roof Is on Fire’` inside its own `“…”`.
describe('verifyAnswer: a quotation that swaps the family of the marks nested in it', () => {
  const club =
    'Everyone remembers the club goers shouting the chorus for "The Roof Is on Fire" while there\'s a fire actually burning in the club.';
  const quoting = 'the club goers shouting the chorus for "The Roof Is on Fire" while there\'s a fire';
  const CLUB = [source(club)];

  it.each([
    'The source says \u201cthe club goers shouting the chorus for \u2018The Roof Is on Fire\u2019 while there\u2019s a fire\u201d [1].',
    "The source says \"the club goers shouting the chorus for 'The Roof Is on Fire' while there's a fire\" [1].",
    'The source says \u201cthe club goers shouting the chorus for \u201cThe Roof Is on Fire\u201d while there\u2019s a fire\u201d [1].',
    'The source says \u201cthe club goers shouting the chorus for \u00abThe Roof Is on Fire\u00bb while there\u2019s a fire\u201d [1].',
    'La source dit \u00ab the club goers shouting the chorus for \u2039The Roof Is on Fire\u203a while there\u2019s a fire \u00bb [1].',
  ])('%j: found, at the passage own text', (answer) => {
    expect(codes(answer, CLUB)).toEqual([]);
    const { citations } = verifyAnswer(answer, CLUB);
    expect(citations.map((citation) => citation.text)).toContain(quoting);
    for (const { start, end, text } of citations) expect(club.slice(start, end)).toBe(text);
  });

  it('still finds each quotation within its own marks, and refuses words the passage does not hold', () => {
    expect(
      codes(
        'It says \u201cshouting the chorus for \u2018The Roof Is on Fire\u2019 while\u201d and \u201cthe club was empty that night\u201d [1].',
        CLUB,
      ),
    ).toEqual(['quote_not_found']);
    expect(
      codes(
        'It says \u201cshouting the chorus for \u2018The Roof Is on Ice\u2019 while there\u2019s a fire\u201d [1].',
        CLUB,
      ),
    ).toEqual(['quote_not_found']);
  });

  it('keeps a prime or an inch mark after a digit apart from the other family (feet are not inches)', () => {
    const shelf = [source('The shelf is 5\' wide and 3" deep, said the carpenter who built it.')];
    expect(codes('They wrote \u201cthe shelf is 5\u2032 wide and 3\u2033 deep\u201d [1].', shelf)).toEqual(
      [],
    );
    expect(codes('They wrote \u201cthe shelf is 5\u2033 wide and 3\u2032 deep\u201d [1].', shelf)).toEqual([
      'quote_not_found',
    ]);
  });
});

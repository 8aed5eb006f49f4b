import { describe, expect, it } from 'vitest';
import { DOCUMENT, PASSAGES } from '../__fixtures__/corpus.js';
import { source } from '../__fixtures__/passage.js';
import type { Passage } from '../types.js';
import { createAnswerVerifier } from './create-answer-verifier.js';
import { verifyAnswer } from './verify-answer.js';

const codes = (answer: string, options = {}, passages: Passage[] = PASSAGES) =>
  verifyAnswer(answer, passages, options).rejected.map((r) => r.code);
const quoteCodes = (answer: string, options = {}) =>
  verifyAnswer(answer, WATER_TOWER, options).rejected.map((r) => r.code);
const WATER_TOWER = [
  source('Water boils at 100 degrees Celsius at sea level. See https://example.org/water for data.', 'water'),
  source('The Eiffel Tower stands in Paris. The ruling ECLI:NL:HR:2020:1234 concerned a tower.', 'tower'),
];

/**
 * Between each pair of marks (opening, closing) a quotation is read and checked: the fabricated text is
 * `quote_not_found`, the real one passes.
 */
function expectQuotationsChecked(
  pairs: ReadonlyArray<readonly [string, string]>,
  { real, fabricated }: { real: string; fabricated: string },
): void {
  for (const [open, close] of pairs) {
    expect(codes(`It says ${open}${fabricated}${close} [1].`), `${open}…${close}`).toEqual([
      'quote_not_found',
    ]);
    expect(codes(`It says ${open}${real}${close} [1].`), `${open}…${close}`).toEqual([]);
  }
}

describe('verifyAnswer quotations', () => {
  it('checks a quotation between any two marks of one family, mixed or look-alike, and rejects a fabricated one', () => {
    const real = 'higher rates of anxiety and depression';
    const fabricated = 'much lower rates of anxiety';
    expectQuotationsChecked(
      [
        ['"', '"'],
        ['"', '\u201d'],
        ['\u201c', '"'],
        ['\u201c', '\u201c'],
        ['\u201d', '\u201d'],
        ['\u201e', '\u201c'],
        ['\u201e', '"'],
        ['\uff02', '\uff02'],
        ['\uff02', '\u201d'],
        ['\u2033', '\u2033'],
        ['\u2036', '\u2033'],
        ['\u301d', '\u301f'],
        ['\u00ab', '\u00bb'],
        ['\u00bb', '\u00ab'],
        ['\u00ab', '\u00ab'],
        ['\u2039', '\u203a'],
        ['\u300c', '\u300d'],
        ['\uff62', '\uff63'],
        ['\ufe41', '\u300d'],
        ['\u300e', '\ufe44'],
        ["'", "'"],
        ['\u2018', '\u2019'],
        ["'", '\u2019'],
        ['\u2032', '\u2032'],
      ],
      { real, fabricated },
    );
  });

  it('checks a quotation cut by a sentence boundary whole, against the sources of each claim it spans', () => {
    const fabricated = 'Reviews said "children feel safe. They show no anxiety" [1].';
    const v = verifyAnswer(fabricated, PASSAGES);
    expect(v.rejected.map((r) => [r.text, r.code])).toEqual([
      ['Reviews said "children feel safe.', 'no_marker'],
      ['They show no anxiety" [1].', 'quote_not_found'],
    ]);
    expect(v.rejected[1]!.message).toBe(
      'Claim "They show no anxiety" [1]." quotes "children feel safe. They show no anxiety", a quotation that spans 2 claims, which was not found in its cited sources [1]; expected its words verbatim (up to case, whitespace, quote and dash variants).',
    );
    // Without required markers the unmarked half is accepted uncited, the cited half still checked.
    expect(codes(fabricated, { requireCitations: false })).toEqual(['quote_not_found']);
    // A real quotation cut in two is found in the passage each claim cites, and narrows each claim's citation.
    const passages = [
      source('Children exposed to violence feel unsafe. They show anxiety.', 'a'),
      source('Other text.', 'b'),
    ];
    const real = verifyAnswer(
      'It says "Children exposed to violence feel unsafe [1]. They show anxiety" [1].',
      passages,
    );
    expect(real.rejected).toEqual([]);
    const whole = [1, 'Children exposed to violence feel unsafe. They show anxiety'];
    expect(real.claims.map((c) => c.citations.map((x) => [x.source, x.text]))).toEqual([[whole], [whole]]);
    // A claim that cites a source without the quotation is rejected, though the other claim's source holds it: each
    // claim is checked against the passages it cites.
    const misattributed = verifyAnswer(
      'It says "Children exposed to violence feel unsafe [2]. They show anxiety" [1].',
      passages,
    );
    expect(misattributed.rejected.map((r) => [r.text, r.code])).toEqual([
      ['It says "Children exposed to violence feel unsafe [2].', 'quote_not_found'],
    ]);
    expect(misattributed.claims.map((c) => c.citations.map((x) => [x.source, x.text]))).toEqual([[whole]]);
    // Cited by both, the first source that holds it is the citation.
    const both = verifyAnswer(
      'It says "Children exposed to violence feel unsafe [2][1]. They show anxiety" [1].',
      passages,
    );
    expect(both.rejected).toEqual([]);
  });

  it('checks an unterminated quotation to the end of its claim: a fabricated one never passes', () => {
    expect(codes('It says "much lower rates of anxiety [1]. Other claims follow [2].')).toEqual([
      'quote_not_found',
    ]);
    const v = verifyAnswer(
      'It says "higher rates of anxiety and depression [1]. Other claims follow [2].',
      PASSAGES,
    );
    expect(v.rejected).toEqual([]);
    expect(v.claims[0]!.citations.map((c) => c.text)).toEqual(['higher rates of anxiety and depression']);
    // Quoting more than the passage holds, to the end of the claim, is not found either.
    expect(codes('It says "higher rates of anxiety and depression in all children [1].')).toEqual([
      'quote_not_found',
    ]);
  });

  it('checks a closing mark with nothing open from the previous mark of its family or the start of its claim', () => {
    expect(codes('Much lower rates of anxiety\u201d [1].')).toEqual(['quote_not_found']);
    expect(codes('Higher rates of anxiety and depression\u201d [1].')).toEqual([]);
    expect(codes('It says "higher rates of anxiety."much lower rates of anxiety" [1].')).toEqual([
      'quote_not_found',
    ]);
  });

  it('reads apostrophes, elisions, possessives and inch marks as no quotation', () => {
    for (const answer of [
      "Children's anxiety rates don't fall, and the '90s didn't help [1].",
      "The researchers' reports and the children's records agree on it [1].",
      'A 12" pizza costs more than a 10" pizza in the study [1].',
    ]) {
      expect(codes(answer), answer).toEqual([]);
    }
  });

  it('narrows a citation to a located quotation, and rejects one that is not there', () => {
    const v = verifyAnswer(
      'Reviews say children show "higher rates of anxiety and depression" [1].',
      PASSAGES,
    );
    const [citation] = v.citations;
    expect(citation!.text).toBe('higher rates of anxiety and depression');
    expect(DOCUMENT.slice(citation!.start, citation!.end)).toBe(citation!.text);
    const curly = verifyAnswer('It says “Le café coûte \u201ctrois euros\u201d - à Paris” [6].', PASSAGES);
    expect(curly.rejected).toEqual([]);
    const missing = verifyAnswer('Reviews say children show "much lower rates of anxiety" [1].', PASSAGES);
    expect(missing.rejected.map((r) => r.code)).toEqual(['quote_not_found']);
    expect(codes('Reviews say children show "much lower rates of anxiety" [1].', { quotes: false })).toEqual(
      [],
    );
    expect(codes('They call it "lower" [1].')).toEqual([]);
  });

  it('checks quotations from minLength on, and not at all with quotes: false', () => {
    expect(quoteCodes('It says "boils hot" [1].')).toEqual([]);
    expect(quoteCodes('It says "boils hot" [1].', { quotes: { minLength: 5 } })).toHaveLength(1);
    // One that holds a digit is checked whatever its length.
    expect(quoteCodes('It says "boils at 9" [1].')).toHaveLength(1);
    expect(quoteCodes('It says "boils at 90 degrees Celsius" [1].', { quotes: false })).toEqual([]);
    expect(quoteCodes('It says "boils at 90 degrees Celsius" [1].', { quotes: true })).toHaveLength(1);
  });

  it('narrows a citation to the located quotation and keeps the whole passage for other sources', () => {
    const v = verifyAnswer('It says "Eiffel Tower stands in Paris" [1][2].', WATER_TOWER);
    expect(v.claims[0]!.citations).toEqual([
      {
        source: 1,
        documentId: 'water',
        chunkId: 'water#0',
        start: 0,
        end: WATER_TOWER[0]!.end,
        text: WATER_TOWER[0]!.text,
      },
      {
        source: 2,
        documentId: 'tower',
        chunkId: 'tower#0',
        start: 4,
        end: 32,
        text: 'Eiffel Tower stands in Paris',
      },
    ]);
  });
});

describe('verifyAnswer citations from quotations', () => {
  const water = WATER_TOWER[0]!;
  const cite = (start: number, end: number) => ({
    source: 1,
    documentId: 'water',
    chunkId: 'water#0',
    start,
    end,
    text: water.text.slice(start, end),
  });
  const citationsOf = (answer: string) => {
    const v = verifyAnswer(answer, WATER_TOWER);
    expect(v.rejected).toEqual([]);
    expect(v.claims).toHaveLength(1);
    expect(v.citations).toEqual(v.claims[0]!.citations);
    return v.claims[0]!.citations;
  };

  it('keeps one citation per located quotation of the same source, in claim order', () => {
    expect(citationsOf('It says "Water boils at 100" and "at sea level" [1].')).toEqual([
      cite(0, 18),
      cite(35, 47),
    ]);
    // Quotations sharing an end, or a start, are different spans.
    expect(citationsOf('It says "boils at 100 degrees" and "at 100 degrees" [1].')).toEqual([
      cite(6, 26),
      cite(12, 26),
    ]);
    expect(citationsOf('It says "Water boils at 100" and "Water boils at 100 degrees" [1].')).toEqual([
      cite(0, 18),
      cite(0, 26),
    ]);
  });

  it('cites a quotation repeated within a claim once', () => {
    expect(citationsOf('It says "boils at 100 degrees", yes: "boils at 100 degrees" [1].')).toEqual([
      cite(6, 26),
    ]);
  });

  it('locates a quotation regardless of letter case and cites the passage as written', () => {
    expect(citationsOf('It says "WATER BOILS AT 100 DEGREES" [1].')).toEqual([cite(0, 26)]);
  });
});

describe('verifyAnswer quotations: marks written twice, possessives, more mark shapes', () => {
  const real = 'higher rates of anxiety and depression';
  const fabricated = 'much lower rates of anxiety in every child';

  it('reads a mark written twice (`""`, `“”`, `««`, `‹‹`, `"""`, `\'\'`) as one mark: the quotation between is checked', () => {
    expectQuotationsChecked(
      [
        ['""', '""'],
        ['\u201c\u201c', '\u201d\u201d'],
        ['\u201c\u201d', '\u201c\u201d'],
        ['\u00ab\u00ab', '\u00bb\u00bb'],
        ['\u00ab\u00bb', '\u00ab\u00bb'],
        ['\u2039\u2039', '\u203a\u203a'],
        ['"""', '"""'],
        ["''", "''"],
        ['\u2018\u2018', '\u2019\u2019'],
        ['\u300c\u300c', '\u300d\u300d'],
      ],
      { real, fabricated },
    );
    // With spaces inside the marks, too.
    expect(codes(`It says \u00ab\u00ab ${fabricated} \u00bb\u00bb [1].`)).toEqual(['quote_not_found']);
  });

  it('checks a single-quoted quotation that a plural possessive inside seems to close', () => {
    for (const [open, close] of [
      ["'", "'"],
      ['\u2018', '\u2019'],
    ]) {
      const answer = `It says ${open}the kids${close} lunches will be cut by half and the director resigned${close} [1].`;
      expect(codes(answer), answer).toEqual(['quote_not_found']);
    }
    // A second possessive-like mark closes the longer reading too: `'the tenants' dogs may stay for years' ...`.
    expect(
      codes("It says 'the tenants' dogs may stay for years' according to the rates of anxiety [1]."),
    ).toEqual(['quote_not_found']);
    // The price of that reading: a short single-quoted word and a later plural possessive on its line are checked
    // as one quotation. A closing mark after another letter than `s` is no possessive: it leaves nothing waiting.
    expect(codes("The 'yes' vote and the students' anxiety rates matter [1].")).toEqual(['quote_not_found']);
    expect(codes("The 'higher rates of anxiety' and the students' records agree on it [1].")).toEqual([]);
    expect(codes("The researchers' reports and the children's records agree on it [1].")).toEqual([]);
  });

  it('checks the longer reading after a possessive-looking mark even when the shorter one is long enough', () => {
    const memo = [
      source(
        'The board reviewed the programs for veterans and said that benefits were kept in full.',
        'memo',
      ),
    ];
    for (const [open, close] of [
      ["'", "'"],
      ['\u2018', '\u2019'],
    ]) {
      // The mark after `veterans` may end the quotation or be a possessive: a reader may take all of it as quoted.
      const answer = `The memo says ${open}the board reviewed the programs for veterans${close} benefits were cut by half${close} [1].`;
      expect(codes(answer, {}, memo), answer).toEqual(['quote_not_found']);
      expect(codes(answer, { support: {} }, memo), answer).toEqual(['quote_not_found']);
    }
    // An honest possessive inside a quotation the passage holds: both readings are in it.
    const benefits = [source("In 2023 the veterans' benefits were cut by half in every state.", 'benefits')];
    for (const [open, close] of [
      ["'", "'"],
      ['\u2018', '\u2019'],
    ]) {
      const answer = `The report says ${open}the veterans${close} benefits were cut by half${close} in 2023 [1].`;
      expect(codes(answer, {}, benefits), answer).toEqual([]);
    }
  });

  it('checks a quotation against the claims that hold its text, not one that holds only its closing mark', () => {
    const passages = [
      source('Water boils at 100 degrees Celsius at sea level.', 'physics'),
      source('The committee rejected the budget for 2024. Spending on schools will fall.', 'budget'),
    ];
    // The sentence end puts the closing mark in the next claim, which cites [2]: the quoted text is the [1] claim's.
    const answer =
      'The physics text says "the committee rejected the budget [1]. " Spending on schools will fall [2].';
    const { claims, rejected } = verifyAnswer(answer, passages);
    expect(rejected.map((r) => [r.code, r.markers])).toEqual([['quote_not_found', [1]]]);
    expect(claims.map((c) => c.text)).toEqual(['" Spending on schools will fall [2].']);
    // Cited where its text stands, it passes.
    const honest =
      'The report says "the committee rejected the budget [2]. " Spending on schools will fall [2].';
    expect(codes(honest, {}, passages)).toEqual([]);
  });

  it("reads the `'n'` of `rock 'n' roll` as an elision inside a quotation, not as its end", () => {
    for (const [open, close] of [
      ["'", "'"],
      ['\u2018', '\u2019'],
    ]) {
      const answer = `It says ${open}rock ${close}n${close} roll lowers rates of anxiety in every child${close} [1].`;
      expect(codes(answer), answer).toEqual(['quote_not_found']);
    }
    expect(codes("They like rock 'n' roll and higher rates of anxiety and depression [1].")).toEqual([]);
  });

  it('reads doubled marks with invisible characters between them as one, and a closing mark before punctuation', () => {
    for (const invisible of ['\u200b', '\u2060', '\u00ad', '\ufeff']) {
      const answer = `It says "${invisible}"${fabricated}"${invisible}" [1].`;
      expect(codes(answer), JSON.stringify(invisible)).toEqual(['quote_not_found']);
    }
    expect(codes(`It says (much lower rates of anxiety at all times\u201d) [1].`)).toEqual([
      'quote_not_found',
    ]);
    expect(codes(`Higher rates of anxiety and depression\u201d) [1].`)).toEqual([]);
  });

  it('checks a quotation opened by what reads as an elision when a closing mark follows', () => {
    expect(codes("It says 'tis much lower rates of anxiety in every child' [1].")).toEqual([
      'quote_not_found',
    ]);
    expect(codes("The '90s saw higher rates of anxiety and depression [1].")).toEqual([]);
  });

  it("reads typewriter quotes (``…''), double angle brackets, Hebrew gershayim and modifier-letter quotes", () => {
    expectQuotationsChecked(
      [
        ['``', "''"],
        ['\u300a', '\u300b'], // 《 》
        ['\u3008', '\u3009'], // 〈 〉
        ['\u05f4', '\u05f4'], // ״
        ['\u02ba', '\u02ba'], // ʺ
        ['\u02ee', '\u02ee'], // ˮ
      ],
      { real, fabricated },
    );
  });
});

describe('verifyAnswer quotations: look-alike marks', () => {
  const real = 'higher rates of anxiety and depression';
  const fabricated = 'much lower rates of anxiety in every child';

  it('checks quotations between ASCII, angle-bracket and ornament look-alikes, and mixed pairs of them', () => {
    expectQuotationsChecked(
      [
        ['<<', '>>'],
        ['\u00ab', '>>'],
        ['<<', '\u00bb'],
        ['\u226a', '\u226b'],
        ['\u27e8', '\u27e9'],
        ['\u27ea', '\u27eb'],
        ['\u276e', '\u276f'],
        ['\u276c', '\u276d'],
        ['\u2770', '\u2771'],
        ['\u2329', '\u232a'],
        ['\u2039', '\u276f'],
        ['\u3008', '\u27e9'],
        [',,', "''"],
        [',,', '\u201c'],
        ['\u2760', '\u275e'],
      ],
      { real, fabricated },
    );
  });

  it('narrows the citation to a real quotation written with look-alike marks', () => {
    for (const [open, close] of [
      ['<<', '>>'],
      ['\u27e8', '\u27e9'],
      ['\u276e', '\u276f'],
      [',,', "''"],
    ]) {
      const v = verifyAnswer(`Reviews say children show ${open}${real}${close} [1].`, PASSAGES);
      expect(v.rejected, `${open}…${close}`).toEqual([]);
      const [citation] = v.citations;
      expect(citation!.text).toBe(real);
      expect(DOCUMENT.slice(citation!.start, citation!.end)).toBe(real);
    }
  });

  it('accepts math in angle brackets that the passage holds, located like any quotation', () => {
    const math = source(
      'The inner product \u27e8u + v + w, x + y + z\u27e9 is linear in each argument.',
      'm',
    );
    const v = verifyAnswer('It writes \u27e8u + v + w, x + y + z\u27e9 for the product [1].', [math]);
    expect(v.rejected).toEqual([]);
    expect(v.claims[0]!.citations.map((c) => [c.start, c.end, c.text])).toEqual([
      [19, 39, 'u + v + w, x + y + z'],
    ]);
    expect(
      verifyAnswer('The product \u27e8x, y\u27e9 is zero for orthogonal vectors [1].', [math]).rejected,
    ).toEqual([]);
  });

  it('leaves shift operators, comparisons, tags, kets and unmatched look-alikes alone', () => {
    for (const answer of [
      'Higher rates of anxiety show up as x << 2 and then y >> 3 in the model [1].',
      'Write cout << "higher rates" << endl and then cin >> value [1].',
      'Use `1<<20` bytes of memory and `n>>1` to halve the count of children [1].',
      'The type vector<vector<int>> holds the rates of anxiety [1].',
      'Tags like <b>bold text here</b> and <i>more italic text</i> stay [1].',
      'A < B and the other value C > D in the comparison of rates [1].',
      'The kets |0\u27e9 and |1\u27e9 form a basis of the whole state space [1].',
      'The bra \u27e8\u03c8| is the dual vector of the ket in this space [1].',
      '\u276e Previous chapter of the book and the next chapter \u276f [1].',
      'It opens \u27e8much lower rates of anxiety in every child [1].',
    ]) {
      expect(codes(answer), answer).toEqual([]);
    }
  });

  it('checks `<<…>>` split by invisible characters or written in full-width or small forms', () => {
    expectQuotationsChecked(
      [
        ['<\u200b<', '>\u200b>'],
        ['<\u2060<', '>\u2060>'],
        ['<\u00ad<', '>\u00ad>'],
        ['\ufe64\ufe64', '\ufe65\ufe65'],
        ['\uff1c\uff1c', '\uff1e\uff1e'],
      ],
      { real, fabricated },
    );
    const list = '\n- Children show higher rates of anxiety [1].';
    expect(codes(`It says <\u200b<${fabricated}>\u200b>:${list}`)).toEqual(['no_marker']);
  });

  it('accepts look-alikes around `|` or `::` (links, bra-kets, code) and `,,` after a quote mark (CSV)', () => {
    for (const answer of [
      'The page shows <<Previous | Next>> links below the rates of anxiety [1].',
      'The type <<T as Iterator>::Item as Into<u8>>::Output holds rates of anxiety [1].',
      'The state \u27e80|\u27e81| acts on |0\u27e9|1\u27e9 for the rates of anxiety [1].',
      'The row "name",,value of the second column,"x" holds rates of anxiety [1].',
    ]) {
      expect(codes(answer), answer).toEqual([]);
    }
    expect(codes(`It says \u00ab${fabricated} | more>> [1].`)).toEqual(['quote_not_found']);
  });

  it('checks a lead-in holding a look-alike quotation as a claim, and one holding a shift operator not', () => {
    const list = '\n- Children show higher rates of anxiety [1].';
    expect(verifyAnswer(`It says <<${fabricated}>>:${list}`, PASSAGES).rejected.map((r) => r.code)).toEqual([
      'no_marker',
    ]);
    expect(verifyAnswer(`It says \u27e8${fabricated}\u27e9:${list}`, PASSAGES).rejected).toHaveLength(1);
    expect(verifyAnswer(`Shift with x << 2 as follows:${list}`, PASSAGES).rejected).toEqual([]);
    expect(verifyAnswer(`The kets |0\u27e9 and |1\u27e9 work as follows:${list}`, PASSAGES).rejected).toEqual(
      [],
    );
  });
  it('reads a full stop inside closing look-alike marks as inside a closing quotation mark: the marker after them belongs to the sentence', () => {
    const manual = [source('To finish the installation, click Next and then Finish.', 'manual')];
    for (const [open, close] of [
      ['<<', '>>'],
      ['\u226a', '\u226b'],
      ['\u00ab', '\u00bb'],
    ]) {
      const answer = `The manual says ${open}click Next and then Finish.${close} [1]`;
      expect(verifyAnswer(answer, manual).rejected, answer).toEqual([]);
      expect(verifyAnswer(answer, manual).claims[0]?.citations[0]?.text).toBe('click Next and then Finish');
    }
  });
  it('reads look-alike marks escaped for markdown or written as HTML entities, and emphasis around them, as the marks they show', () => {
    const manual = [source('To finish the installation, click Next and then Finish.', 'manual')];
    for (const [open, close] of [
      ['\\<\\<', '\\>\\>'],
      ['&lt;&lt;', '&gt;&gt;'],
      ['&#60;&#60;', '&#62;&#62;'],
      ['&#x3C;&#x3c;', '&#x3E;&#x3e;'],
      ['_<<', '>>_'],
      ['__<<', '>>__'],
    ]) {
      const fabricated = `The manual says ${open}the installer deletes all your data${close} [1].`;
      const real = `The manual says ${open}click Next and then Finish${close} [1].`;
      expect(
        verifyAnswer(fabricated, manual).rejected.map((r) => r.code),
        fabricated,
      ).toEqual(['quote_not_found']);
      expect(verifyAnswer(real, manual).claims[0]?.citations[0]?.text, real).toBe(
        'click Next and then Finish',
      );
      // Streamed one code unit at a time, the answer verifies as it does whole.
      for (const answer of [fabricated, real]) {
        const verifier = createAnswerVerifier(manual);
        for (const char of answer) verifier.push(char);
        verifier.finish();
        expect(verifier.end()).toEqual(verifyAnswer(answer, manual));
      }
    }
    // An identifier glued to a shift stays code.
    expect(
      verifyAnswer('Use x_<<2 and y>>_z, then click Next and then Finish [1].', manual).rejected,
    ).toEqual([]);
  });
});

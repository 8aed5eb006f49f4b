// A cited span is whole words of the document whatever locates it: offsets (Anthropic's `char_location`) that cut
// into a word or number, or drop a sign, are refused as a cited text without a location is (r17 #1), or the claim
// checks would read the fragment alone. A retrieval chunk (`chunk: true`: OpenAI file search results, Gemini File
// Search `retrievedContext.text`) is cut by tokens, and may start or end inside a word: it is located with those
// cut edge words dropped, a shorter span of whole words the document holds (r17 #2).
import { describe, expect, it } from 'vitest';
import { cpuNow } from '../__fixtures__/cpu-time.js';
import { documentOf } from '../__fixtures__/provider-document.js';
import type { ProviderCitation, VerifyProviderCitationsOptions } from './verify-provider-citations.js';
import { verifyProviderCitations } from './verify-provider-citations.js';

/** A char_location citation of `cited` at its first place in `text` (or `at`), in code points (ASCII here). */
const atOffsets = (
  answer: string,
  text: string,
  cited: string,
  at = text.indexOf(cited),
): ProviderCitation => ({
  type: 'char_location',
  document: { index: 0 },
  answer: { start: 0, end: answer.length },
  citedText: cited,
  location: { type: 'offsets', start: at, end: at + cited.length, unit: 'code-point' },
});
function check(
  answer: string,
  text: string,
  citation: ProviderCitation,
  options?: VerifyProviderCitationsOptions,
) {
  const result = verifyProviderCitations(answer, [citation], [documentOf(text)], options);
  return {
    status: result.status,
    codes: result.rejected.map((r) => r.code),
    cited: result.citations.map((c) => [c.start, c.end, c.text]),
  };
}

describe('verifyProviderCitations: offsets that cut a word', () => {
  it('refuses offsets cut out of a number, a word, an identifier or beside a sign (span_mismatch)', () => {
    const cases: Array<[answer: string, text: string, cited: string]> = [
      [
        'The bridge weighs "300 tonnes" in total.',
        'The bridge weighs about 7300 tonnes in total.',
        '300 tonnes',
      ],
      [
        'Doctors say the disease is "curable by any known means".',
        'Doctors agree the disease is incurable by any known means.',
        'curable by any known means',
      ],
      [
        'The study is doi:10.1000/abc12 in the registry.',
        'The study is doi:10.1000/abc123 in the registry.',
        'The study is doi:10.1000/abc12',
      ],
      [
        'The portal is https://bank.example.com for customers.',
        'The portal is https://bank.example.com.evil.io for customers.',
        'The portal is https://bank.example.com',
      ],
      [
        'Contact mayor@city.gov for details.',
        'Contact mayor@city.gov.ru for details.',
        'Contact mayor@city.gov',
      ],
      ['The reading was "40 degrees" overnight.', 'The reading was -40 degrees overnight.', '40 degrees'],
      ['Sales rose 20 last year.', 'Sales rose 20% last year.', 'Sales rose 20'],
      ['The paint is toxic.', 'The paint is non-toxic.', 'toxic.'],
    ];
    for (const [answer, text, cited] of cases) {
      expect(check(answer, text, atOffsets(answer, text, cited)), cited).toEqual({
        status: 'rejected',
        codes: ['span_mismatch'],
        cited: [],
      });
      // With support on too, and without the provider's copy of the text.
      const { citedText: _, ...bare } = atOffsets(answer, text, cited);
      expect(check(answer, text, bare, { support: {} }).codes, cited).toEqual(['span_mismatch']);
    }
  });

  it('says why: the offsets hold part of a word or number, or leave out a sign', () => {
    const answer = 'The bridge weighs "300 tonnes" in total.';
    const text = 'The bridge weighs about 7300 tonnes in total.';
    const [rejected] = verifyProviderCitations(
      answer,
      [atOffsets(answer, text, '300 tonnes')],
      [documentOf(text)],
    ).rejected;
    expect(rejected?.message).toContain('whole words');
  });

  it('accepts offsets of whole words, with the punctuation and spaces around them and the signs they hold', () => {
    const text =
      'The bridge weighs about 7300 tonnes in total. Sales rose 20% last year. (It is -40 degrees.)\n';
    for (const cited of [
      'The bridge weighs about 7300 tonnes in total.',
      'The bridge weighs about 7300 tonnes in total. ',
      ' Sales rose 20% last year.',
      'Sales rose 20%',
      '(It is -40 degrees.)\n',
      '-40 degrees',
      'It is -40',
    ]) {
      const answer = 'Claim.';
      const at = text.indexOf(cited);
      expect(check(answer, text, atOffsets(answer, text, cited)), cited).toEqual({
        status: 'answered',
        codes: [],
        cited: [[at, at + cited.length, cited]],
      });
    }
  });

  it('refuses offsets of punctuation alone without a cited text, as a cited text of punctuation is refused', () => {
    const text = 'Water boils at 100 °C... at sea level.';
    const { citedText: _, ...bare } = atOffsets('Claim.', text, '...');
    expect(check('Claim.', text, bare).codes).toEqual(['span_mismatch']);
  });

  it('reads each span once however many citations share it, and stays linear over many long spans', () => {
    const text = `${'word '.repeat(4_000)}end.`;
    const citations: ProviderCitation[] = [];
    for (let i = 0; i < 2_000; i++) {
      citations.push({
        document: { index: 0 },
        answer: { start: 0, end: 6 },
        location: { type: 'offsets', start: 5 * (i % 1000), end: text.length, unit: 'utf16' },
      });
    }
    const started = cpuNow();
    const result = verifyProviderCitations('Claim.', citations, [documentOf(text)], {
      policy: 'drop-citation',
    });
    // Read in full, 2,000 spans of up to 20,000 characters each would take minutes.
    expect(cpuNow() - started).toBeLessThan(5_000);
    expect(result.status).toBe('answered');
  });
});

describe('verifyProviderCitations: retrieval chunks cut by tokens', () => {
  const text =
    'Groundkit verifies citations against passages. The verifier rejects fabricated quotations. Retrieval is lexical and uses BM25 ranking over candidates.';
  const answer = 'The verifier rejects fabricated quotations.';
  const marker = answer.length;
  const chunk = (citedText: string, extra: Partial<ProviderCitation> = {}): ProviderCitation => ({
    type: 'file_citation',
    document: { ids: ['d'] },
    answer: { start: marker, end: marker, role: 'marker' },
    citedText,
    chunk: true,
    ...extra,
  });

  it('locates a chunk cut inside a word at either end as its whole words, and reports only those', () => {
    const cases: Array<[cut: string, whole: string]> = [
      [text.slice(6, 90), text.slice(10, 90)], // starts inside "Groundkit"
      [text.slice(47, text.length - 8), text.slice(47, text.length - 12)], // ends inside "candidates"
      [text.slice(3, text.length - 8), text.slice(10, text.length - 12)], // both
      [text.slice(47, 90), text.slice(47, 90)], // whole words: kept whole
    ];
    for (const [cut, whole] of cases) {
      const result = check(answer, text, chunk(cut));
      const at = text.indexOf(whole.trim());
      expect(result, cut).toEqual({
        status: 'answered',
        codes: [],
        cited: [[at, at + whole.trim().length, whole.trim()]],
      });
    }
  });

  it('still refuses a cut chunk the document does not hold, and an exact cited text cut inside a word', () => {
    expect(check(answer, text, chunk('kit verifies nothing at all. The verifier rejects')).codes).toEqual([
      'span_mismatch',
    ]);
    // No whitespace: no whole word is left once the cut ones are dropped.
    expect(check(answer, text, chunk('ifier')).codes).toEqual(['span_mismatch']);
    const { chunk: _, ...exact } = chunk(text.slice(6, 90));
    expect(check(answer, text, exact).codes).toEqual(['span_mismatch']);
    expect(
      check(answer, text, chunk(text.slice(6, 90), { chunk: 'yes' as unknown as boolean })).codes,
    ).toEqual(['invalid_citation']);
  });

  it('runs the claim checks on the whole words alone: a quotation of the cut-off part is not found', () => {
    const quoted = 'The verifier says "kit verifies citations against passages".';
    const at = quoted.length;
    const result = check(
      quoted,
      text,
      chunk(text.slice(6, 90), { answer: { start: at, end: at, role: 'marker' } }),
    );
    expect(result.codes).toEqual(['quote_not_found']);
  });

  it('finds a cut chunk among the chunks of one file', () => {
    const documents = [
      { ...documentOf('Nothing of note here.'), chunkId: 'd#0' },
      { ...documentOf(text), chunkId: 'd#1', start: 100, end: 100 + text.length },
    ];
    const result = verifyProviderCitations(answer, [chunk(text.slice(6, 90))], documents);
    expect(result.status).toBe('answered');
    expect(result.citations.map((c) => [c.chunkId, c.text])).toEqual([['d#1', text.slice(10, 90)]]);
  });

  it('drops the cut words of a chunk located by offsets too', () => {
    const cut = text.slice(6, 90);
    const result = check(answer, text, {
      ...atOffsets(answer, text, cut),
      ...chunk(cut),
      document: { index: 0 },
    });
    expect(result.cited).toEqual([[10, 90, text.slice(10, 90)]]);
  });
});

// A chunk's cut edge run is dropped only where it is the piece of the word the token cut: the document's text right
// before (or after) the whole words found ends (or starts) with exactly that run. Otherwise the chunk differs from
// the document there, by a made-up word or, in a script without spaces, a made-up sentence (r17b #1).
describe('verifyProviderCitations: a chunk drops only the piece of a word its cut left', () => {
  const chunkOf = (citedText: string, answer: string): ProviderCitation => ({
    type: 'grounding_support',
    document: { ids: ['d'] },
    answer: { start: 0, end: answer.length },
    citedText,
    chunk: true,
  });

  it('refuses a chunk whose first run is not the end of the text before the words found', () => {
    const ja = 'この薬は子供に使用できます。ABC 社の製品です。';
    const jaAnswer = 'この薬は子供に使用できません。';
    expect(
      check(jaAnswer, ja, chunkOf('この薬は子供に使用できません。ABC 社の製品です。', jaAnswer)),
    ).toEqual({
      status: 'rejected',
      codes: ['span_mismatch'],
      cited: [],
    });
    const en = 'Dosage is 5 mg daily. The drug is approved for adults.';
    const enAnswer = 'Dosage is 50 mg daily.';
    expect(
      check(enAnswer, en, chunkOf('Dosage-is-50-mg-daily.The drug is approved for adults.', enAnswer)).codes,
    ).toEqual(['span_mismatch']);
  });

  it('refuses a chunk whose last run is not the start of the text after the words found', () => {
    const text = 'The drug is approved for adults. Dosage is 5 mg daily.';
    const answer = 'Dosage is 5 mg daily, not-for-children.';
    expect(
      check(
        answer,
        text,
        chunkOf('The drug is approved for adults. Dosage is 5 mg daily.Not-for-children', answer),
      ).codes,
    ).toEqual(['span_mismatch']);
    // Cut at both ends, each run made up.
    expect(
      check('Claim.', text, chunkOf('xyz drug is approved for adults. Dosage is 5 mg abc', 'Claim.')).codes,
    ).toEqual(['span_mismatch']);
  });

  it('drops a cut piece the document holds right there, at either end, also among the chunks of one file', () => {
    const text = 'The drug was approved for children under five in 2021.';
    expect(check('Claim.', text, chunkOf('ug was approved for chil', 'Claim.')).cited).toEqual([
      [9, 25, 'was approved for'],
    ]);
    // Among the chunks of one file too.
    const documents = [
      { ...documentOf('Nothing about approval here.'), chunkId: 'd#0' },
      { ...documentOf(text), chunkId: 'd#1' },
    ];
    const result = verifyProviderCitations(
      'Claim.',
      [chunkOf('ug was approved for chil', 'Claim.')],
      documents,
    );
    expect(result.citations.map((c) => [c.chunkId, c.text])).toEqual([['d#1', 'was approved for']]);
  });

  it('drops no run longer than a piece of one word (64 UTF-16 units)', () => {
    const long = 'x'.repeat(70);
    const text = `See ${long} for details about the deposit rules.`;
    expect(
      check('Claim.', text, chunkOf(`${long.slice(1)} for details about the deposit`, 'Claim.')).codes,
    ).toEqual(['span_mismatch']);
    expect(
      check('Claim.', text, chunkOf(`${long.slice(10)} for details about the deposit`, 'Claim.')).cited,
    ).toEqual([[text.indexOf('for'), text.indexOf(' rules'), 'for details about the deposit']]);
  });
});

// Offsets without a cited text are checked at their two edges, not read in full within a budget: honest long spans
// are accepted however many there are (r17b #2).
describe('verifyProviderCitations: whole-word edges are checked at the edges', () => {
  const bare = (start: number, end: number): ProviderCitation => ({
    document: { index: 0 },
    answer: { start: 0, end: 6 },
    location: { type: 'offsets', start, end, unit: 'utf16' },
  });

  it('accepts long overlapping spans on whole-word edges, and refuses those past the budget unchecked, not as cut', () => {
    const text = 'Word is here. '.repeat(2000);
    const citations = Array.from({ length: 30 }, (_, i) => bare(i * 280, i * 280 + 14_000));
    const result = verifyProviderCitations('Claim.', citations, [documentOf(text)]);
    // The claim checks read each span whole, within 8 times the documents' text: past it, not checked.
    expect(new Set(result.rejected.map((r) => r.code))).toEqual(new Set(['unsupported']));
    expect(result.rejected.every((r) => r.message.endsWith('not checked.'))).toBe(true);
    const dropped = verifyProviderCitations('Claim.', citations, [documentOf(text)], {
      policy: 'drop-citation',
    });
    expect(dropped.status).toBe('answered');
    expect(dropped.citations.length).toBeGreaterThanOrEqual(20);
    // Within it, all of them.
    const fewer = verifyProviderCitations('Claim.', citations.slice(0, 20), [documentOf(text)]);
    expect(fewer.rejected).toEqual([]);
    expect(fewer.citations).toHaveLength(20);
  });

  it('still refuses a long span cut inside a word at either edge, or beside a sign', () => {
    const text = `The bridge weighs about 7300 tonnes. ${'Word is here. '.repeat(200)}Costs fell -40 percent.`;
    const long = (from: number, to: number) => check('Claim.', text, bare(from, to)).codes;
    const at300 = text.indexOf('300 tonnes');
    const end40 = text.indexOf(' percent');
    expect(long(at300, end40)).toEqual(['span_mismatch']); // starts inside 7300
    expect(long(text.indexOf('Word'), text.indexOf('ercent.'))).toEqual(['span_mismatch']); // ends inside a word
    expect(long(text.indexOf('tonnes'), text.indexOf('7300') + 3)).toEqual(['offsets_out_of_range']); // reversed
    expect(long(text.indexOf('bridge'), text.indexOf('7300') + 2)).toEqual(['span_mismatch']); // a long span cut at its end
    expect(long(text.indexOf('tonnes'), text.indexOf('ercent'))).toEqual(['span_mismatch']);
    expect(long(text.indexOf('40 percent'), text.length)).toEqual(['span_mismatch']); // leaves out the -
    expect(long(text.indexOf('The'), text.length)).toEqual([]);
    expect(long(text.indexOf('tonnes'), text.indexOf('-40'))).toEqual([]);
  });

  it('checks the edges of long spans in a script without spaces', () => {
    const text = '该药物可以用于五岁以下的儿童。'.repeat(100) + '价格为1500元。';
    const codes = (from: number, to: number) => check('Claim.', text, bare(from, to)).codes;
    expect(codes(3, text.length)).toEqual([]);
    expect(codes(3, text.length - 4)).toEqual(['span_mismatch']); // ends inside 1500
    expect(codes(3, text.indexOf('1500') + 1)).toEqual(['span_mismatch']);
  });
});

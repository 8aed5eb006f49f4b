import { describe, expect, it } from 'vitest';
import { DOCUMENT, PASSAGES } from '../__fixtures__/corpus.js';
import type { Passage } from '../types.js';
import { verifyAnswer } from './verify-answer.js';

const codes = (answer: string, options = {}, passages: Passage[] = PASSAGES) =>
  verifyAnswer(answer, passages, options).rejected.map((r) => r.code);
const source = (text: string, id: string): Passage => ({
  documentId: id,
  chunkId: `${id}#0`,
  start: 0,
  end: text.length,
  text,
});
const quoteCodes = (answer: string, options = {}) =>
  verifyAnswer(answer, WATER_TOWER, options).rejected.map((r) => r.code);
const WATER_TOWER = [
  source('Water boils at 100 degrees Celsius at sea level. See https://example.org/water for data.', 'water'),
  source('The Eiffel Tower stands in Paris. The ruling ECLI:NL:HR:2020:1234 concerned a tower.', 'tower'),
];

describe('verifyAnswer quotations', () => {
  it('rejects fabricated quotations between look-alike quotation marks', () => {
    for (const [open, close] of [
      ['\uff02', '\uff02'],
      ['\u2033', '\u2033'],
      ['\u00ab', '\u00bb'],
      ['\u201e', '\u201c'],
    ]) {
      expect(codes(`It says ${open}much lower rates of anxiety${close} [1].`)).toEqual(['quote_not_found']);
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
    expect(quoteCodes('It says "boils at 9" [1].')).toEqual([]);
    expect(quoteCodes('It says "boils at 9" [1].', { quotes: { minLength: 5 } })).toHaveLength(1);
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

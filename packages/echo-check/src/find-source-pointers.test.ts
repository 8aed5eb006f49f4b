import { describe, expect, it } from 'vitest';
import { findSourcePointers, pointsAtSource } from './find-source-pointers.js';

/** The pointers of a text, once each, in order (passes may read one pointer twice, which changes nothing). */
const numbers = (text: string): string[] =>
  [
    ...new Set(
      findSourcePointers(text).map(({ first, last }) => (first === last ? `${first}` : `${first}-${last}`)),
    ),
  ].sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10) || a.length - b.length);

describe('findSourcePointers', () => {
  it('reads lists and ranges in any bracket, as ranges (never expanded)', () => {
    expect(numbers('a [1-3] b (4, 5) c {6} d 【7–8】 e ［９］ f [10 to 12] g [1-1000000]')).toEqual([
      '1-3',
      '1-1000000',
      '4',
      '5',
      '6',
      '7-8',
      '9',
      '10-12',
    ]);
  });

  it('reads a number in any bracket Unicode names one (open and close punctuation, ceilings, floors)', () => {
    for (const [open, close] of [
      '⦅⦆',
      '⸨⸩',
      '❨❩',
      '❪❫',
      '❲❳',
      '⁅⁆',
      '⌈⌉',
      '⌊⌋',
      '⟮⟯',
      '⦃⦄',
      '⦗⦘',
      '⦇⦈',
      '⧼⧽',
      '⦑⦒',
      '〘〙',
      '‹›',
    ]) {
      expect([open, numbers(`It needs 45 days [1] ${open}2${close}.`)]).toEqual([open, ['1', '2']]);
      expect([open, numbers(`x ${open}1–2${close} and ${open}2 copies${close}`)]).toEqual([open, ['1-2']]);
    }
    // A German quotation opens with a low quotation mark, which is no bracket.
    expect(numbers('Er schrieb: „2) Punkte“ und ‚3)‘')).toEqual([]);
  });

  it('reads a number with a combining mark on its digit as the number (`[2\u0301]`)', () => {
    expect(numbers('It needs 45 days [1] [2\u0301].')).toEqual(['1', '2']);
    expect(numbers('(1\u0308\u0301, 2\u0323)')).toEqual(['1', '2']);
    // An enclosing mark makes another form (`2⃝`), which is not read.
    expect(numbers('[2\u20dd]')).toEqual([]);
  });

  it('reads superscripts as footnotes, except after a unit or an exponent sign', () => {
    expect(numbers('flour² and water¹˒³')).toEqual(['1', '2', '3']);
    expect(numbers('or ¹² (12, or 1 and 2)')).toEqual(['1', '2', '12']);
    expect(numbers('10 m², 2 cm³, 3 km², 10⁻³ and 4 s⁻¹')).toEqual([]);
  });

  it('reads labels inside groups and in prose, but skips a locator and its numbers', () => {
    expect(numbers('[S1] (Source #2) [ref. 3] Sources 4 and 5; passage no. 6, source: 7')).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
    ]);
    expect(numbers('[Source 2, p. 4] [1, pp. 5-6] 【3†L7-L9】')).toEqual(['1', '2', '3-4']);
  });

  it('reads a dagger citation by the number after the colon, zero- and one-based', () => {
    expect(numbers('【4:5†report.pdf】 【4:0†source】')).toEqual(['0-1', '5-6']);
  });

  it('reads words, anchors and a numbered source list', () => {
    expect(numbers('the second passage, the 3rd source, source four, #fn5, #cite_note-6')).toEqual([
      '2',
      '3',
      '4',
      '5',
      '6',
    ]);
    expect(numbers('Answer.\n\n**Sources:**\n1. Card\n- 2: Card\n[3] Card')).toEqual(['1', '2', '3']);
  });

  it('reads no pointer in prose: groups with other words, decimals, amounts, clauses, units, numbered steps', () => {
    const prose = [
      'version 2.0 (v2) in 2021 (clause 2) section 2.1 § 2 (2 copies) (2.0) (2%) $2',
      'open source 2.0, the source 2.5 notes, 1 to 2 hours (1-2 hours), 1/2 cup (1/2 cup), 2:1',
      'the 2nd edition, a second rise, Model X2, step 2 of 2, page 1, 2 loaves, 1887',
      'Steps:\n1. Mix\n2. Bake',
    ];
    for (const text of prose) expect([text, numbers(text)]).toEqual([text, []]);
  });

  it('strips invisible characters, markdown escapes and bracket and digit HTML entities before reading', () => {
    expect(
      numbers(
        '[1\u200b] [\u200b2] [\u202e3\u202c] \\[4\\] &#91;5&#93; &lsqb;6&rsqb; [&#55;] &amp;#91;8&amp;#93;',
      ),
    ).toEqual(['1', '2', '3', '4', '5', '6', '7']);
  });

  it('decodes a numeric reference written with leading zeros, as browsers do', () => {
    expect(numbers('[&#00000050;] &#0000091;3&#x00005D; (&#x0000000034;)')).toEqual(['2', '3', '4']);
  });

  it('reads joined labels, daggers on either side, hyphenated anchors and spaced <sup> tags', () => {
    // A number before a dagger is read zero- and one-based, as in `【2†L1-L5】`.
    expect(numbers('Source-1, Source2, Doc3, [†4] [5‡] < sup>7</ sup> ‹8› <9> 「10」 #cite-note-11')).toEqual(
      ['1', '2', '3', '4', '5-6', '7', '8', '9', '10', '11'],
    );
    expect(numbers('S2 oven, x < 2 > y, 1 < 2, a <b> tag, x<sup>2</sup>, <2 and y>')).toEqual([]);
  });

  it('reads a custom element whose name starts with sup as the inline element it is, no superscript', () => {
    expect(numbers('flour<sup>2</sup>, rye<sup class="n">3</sup>')).toEqual(['2', '3']);
    expect(numbers('flour<sup-x>2</sup-x>, rye<sup.y>3</sup>')).toEqual([]);
  });

  it('reads Roman numerals in square brackets only, and not a checkbox', () => {
    expect(numbers('[i] [II] [Ⅲ] [iv] (v) (vi) - [x] done [xi] [iiii]')).toEqual(['1', '2', '3', '4', '11']);
  });

  it('reads a superscript or caret after a digit, a unit or a formula as an exponent', () => {
    const text = '1.5 × 10² degrees, 10^2, E = mc², CO², x^2, πr², 2ab³, 10<sup>3</sup>, kg/m²';
    expect([text, numbers(text)]).toEqual([text, []]);
    expect(numbers('flour² and butter^3, the WHOLE⁴')).toEqual(['2', '3', '4']);
  });

  it('ends a source list at a line that is no entry, and reads no notes section', () => {
    expect(numbers('Sources:\n[1] Card\n\n2 samples were taken.\n')).toEqual(['1']);
    expect(numbers('Sources:\n1. Card\nThat is all.\n2. Bake')).toEqual(['1']);
    expect(numbers('Sources:\n\n1. Card\n   by the baker\n\n2. Card\n\n3 loaves')).toEqual(['1', '2']);
    expect(numbers('Notes:\n1. Standard pressure.\n2. Readings vary.\n\n**Notes**\n- 3 readings')).toEqual(
      [],
    );
  });

  it('marks numbers alone in round parentheses as bare, and a dagger citation as naming either number', () => {
    const flags = (text: string): string[] => [
      ...new Set(
        findSourcePointers(text).map(
          ({ first, last, bare, either }) =>
            `${first}-${last}${bare ? ' bare' : ''}${either ? ' either' : ''}`,
        ),
      ),
    ];
    expect(flags('(2024) (1, 2) (3-4) （５）')).toEqual([
      '2024-2024 bare',
      '1-1 bare',
      '2-2 bare',
      '3-4 bare',
      '5-5 bare',
    ]);
    expect(flags('(Source 7) (#7) (^7) [7] 【7】 ⁷ ⦅7⦆')).toEqual(['7-7']);
    expect(flags('【2†L1-L5】 【4:0†source】 [†3]')).toEqual(['2-3 either', '0-1 either', '3-3']);
  });

  it('ignores numbers past 2^53 and reads an empty text as nothing', () => {
    expect(numbers('[99999999999999999999] and []')).toEqual([]);
    expect(numbers('')).toEqual([]);
  });
});

describe('pointsAtSource', () => {
  it('asks whether any pointer covers a source number', () => {
    expect(pointsAtSource('cited [1–3]', 2)).toBe(true);
    expect(pointsAtSource('cited [1] and in 2021', 2)).toBe(false);
  });
});

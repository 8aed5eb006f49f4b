import { describe, expect, it } from 'vitest';
import { source } from '../__fixtures__/passage.js';
import { streamedCodes } from '../__fixtures__/streamed-codes.js';

const TEXT = 'Water boils at 100 degrees Celsius at sea level. Ice melts at zero degrees.';
const THREE = [1, 2, 3].map((n) => source(TEXT, `d${n}`));
const CLAIM = 'Water boils at 100 degrees Celsius at sea level [1]';
const codes = (answer: string, passages = THREE): string[] => streamedCodes(answer, passages);

// A citation a vendor writes in its own form (`【4:0†source】`, `[^4^]`, `[Source 4]`) beside a real marker: a reader
// sees a citation of source 4, which does not exist (a review found each accepted on the real marker alone).
const VENDOR = [
  '\u30104:0\u2020source\u3011',
  '\u30104\u2020source\u3011',
  '\u30104:0\u2020source.pdf\u3011',
  '\u30104\u2020L1-L10\u3011',
  '[4\u2020L1-L5]',
  '[^4^]',
  '[^4]',
  '[^1, ^4]',
  '[Source 4]',
  '[source 4]',
  '[Source4]',
  '[Ref 4]',
  '[ref: 4]',
  '[ref: #4]',
  '[Doc 4]',
  '[Source: doc 4]',
  '[citation:4]',
  '[cite: 4]',
  '[Source 1-4]',
  '[Sources 1, 4]',
  '[source 2, 4]',
  '[#4]',
  '[#1, #4]',
];

// The same shapes with every number past the passages.
const ALL_PAST = ['[source 4, 5]', '[^4, ^5]', '[Sources 4 and 5]', '[source 4]'];

// Shapes a text writes otherwise too (a year, a time, a verse, a supplementary figure, a step): read as text.
const AS_TEXT = [
  'Water boils at 100 degrees Celsius at sea level, as Smith [2019a] found [1].',
  'Water boils at 100 degrees Celsius at sea level [1] at 10:30 [4:30].',
  'Water boils at 100 degrees Celsius at sea level [1] at [10:30].',
  'Water boils at 100 degrees Celsius at sea level [1] by [4:00].',
  'Water boils at 100 degrees Celsius at sea level [1], as in Genesis [4:2].',
  'Water boils at 100 degrees Celsius at sea level (Figure [S4]) [1].',
  'Water boils at 100 degrees Celsius at sea level [1] [100.].',
  'Water boils at 100 degrees Celsius at sea level [1] [4x].',
  'Water boils at 100 degrees Celsius at sea level [1] [4A].',
  'Water boils at 100 degrees Celsius at sea level [1] [4\u00aa].',
  'Water boils at 100 degrees Celsius at sea level [1], as step [4.] of the guide says.',
  'Water boils at 100 degrees Celsius at sea level [1] [4a] [ 4,] [D4] [R4] [4;] [4:2].',
  'Water boils at 100 degrees Celsius at sea level [1] \u301010:00\u3011.',
];

describe('verifyAnswer: a vendor-form citation of a source not shown, beside a real marker', () => {
  it.each(VENDOR)('rejects %s with marker_out_of_range', (form) => {
    expect(codes(`${CLAIM}${form}.`)).toEqual(['marker_out_of_range']);
    expect(codes(`${CLAIM} ${form}. Ice melts at zero degrees [1].`)).toEqual(['marker_out_of_range']);
  });

  it('accepts the same forms naming a source shown, and a passage’s own copied form', () => {
    for (const form of VENDOR) expect(codes(`${CLAIM}${form.replace('4', '3')}.`), form).toEqual([]);
    const passages = [
      source(`${TEXT} See [Source 4] and \u30104\u2020L1-L10\u3011.`, 'd1'),
      ...THREE.slice(1),
    ];
    expect(codes(`${CLAIM} [Source 4].`, passages)).toEqual([]);
    expect(codes(`${CLAIM} \u30104\u2020L1-L10\u3011.`, passages)).toEqual([]);
  });

  it.each(ALL_PAST)('rejects %s, every number of it past the passages', (form) => {
    expect(codes(`${CLAIM}${form}.`)).toEqual(['marker_out_of_range']);
  });

  it.each(AS_TEXT)('reads the ambiguous shapes as text: %s', (answer) => {
    expect(codes(answer)).toEqual([]);
  });

  // A second look found each of these accepted on the real marker alone: a gap before a closing `^`, the vendor's
  // word again in the list, `, and`, `/` and a hyphen after the word. Every number of the list is read.
  it.each([
    '[^ 4 ^]',
    '[^4 ^]',
    '[^1 ^, ^ 4 ^]',
    '[Source 1; Source 4]',
    '[Source 4; Source 5]',
    '[Source 1, Source 4]',
    '[Sources 1, 4, and 5]',
    '[Source 1, 4, and 5]',
    '[Source 1, 2 and 4]',
    '[Source-4]',
    '[Source 4/5]',
    '[Source 1/4]',
    '[Source 1 or 4]',
  ])('rejects %s, the vendor form written with a gap, the word again, `, and`, `/` or `-`', (form) => {
    expect(codes(`${CLAIM} ${form}.`)).toEqual(['marker_out_of_range']);
    expect(codes(`${CLAIM} ${form.replace(/4/g, '3').replace(/5/g, '2')}.`)).toEqual([]);
  });

  // A year after a vendor's word is text (`[Ref 2019]`, the reference of 2019): a second look found each refused as
  // a citation of source 2019. A `#`, `:` or `doc` after the word still marks a citation.
  it('reads a vendor word before years alone as text, and as a citation with a vendor cue', () => {
    for (const form of [
      '[Ref 2019]',
      '[Results 2019]',
      '[citation 2019]',
      '[Refs 2019-2021]',
      '[Source 1999]',
    ])
      expect(codes(`${CLAIM} ${form}.`), form).toEqual([]);
    for (const form of [
      '[Source #2019]',
      '[Source: 2019]',
      '[Source doc 2019]',
      '[Source 3, 2019]',
      '[Ref 204]',
    ])
      expect(codes(`${CLAIM} ${form}.`), form).toEqual(['marker_out_of_range']);
  });

  it('reads no other bracket as a citation', () => {
    for (const text of ['[Figure 4]', '[Table 12]', '[page 45]', '[2019-2021]', '[x4]', '[4 or more]'])
      expect(codes(`${CLAIM} ${text}.`), text).toEqual([]);
  });
});

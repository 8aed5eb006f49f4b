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
  '[^4^]',
  '[Source 4]',
  '[source 4]',
  '[Ref 4]',
  '[ref: 4]',
  '[Doc 4]',
  '[citation:4]',
  '[cite: 4]',
  '[S4]',
  '[4.]',
  '[ 4,]',
  '[#4]',
  '[4:2]',
  '[4a]',
];

describe('verifyAnswer: a vendor-form citation of a source not shown, beside a real marker', () => {
  it.each(VENDOR)('rejects %s with marker_out_of_range', (form) => {
    expect(codes(`${CLAIM}${form}.`)).toEqual(['marker_out_of_range']);
    expect(codes(`${CLAIM} ${form}. Ice melts at zero degrees [1].`)).toEqual(['marker_out_of_range']);
  });

  it('accepts the same forms naming a source shown, and a passage’s own copied form', () => {
    for (const form of VENDOR) expect(codes(`${CLAIM}${form.replace('4', '2')}.`), form).toEqual([]);
    const passages = [source(`${TEXT} See [Source 4] and [4a].`, 'd1'), ...THREE.slice(1)];
    expect(codes(`${CLAIM} [Source 4].`, passages)).toEqual([]);
    expect(codes(`${CLAIM} [4a].`, passages)).toEqual([]);
  });

  it('reads no other bracket as a citation', () => {
    for (const text of ['[Figure 4]', '[Table 12]', '[page 45]', '[2019-2021]', '[x4]', '[4 or more]'])
      expect(codes(`${CLAIM} ${text}.`), text).toEqual([]);
  });
});

import { type Verification, type VerifyOptions, verifyAnswer } from '@gk/citations';
import { describe, expect, it } from 'vitest';
import { passage } from '../__fixtures__/run-gk.js';
import type { VerifiedLine } from '../verify/verify-line.js';
import { checkVerifiedLine } from './check-verified-line.js';

const water = passage('physics.md', 'Water boils at 100 °C at sea level. Ice melts at 0 °C.');
const air = passage('air.md', 'Air is mostly nitrogen.');
const passages = [water, air];

/** A line as `gk verify --with-input` writes it, read back from JSON. */
function line(answer: string, options: VerifyOptions = {}): VerifiedLine {
  const verification = verifyAnswer(answer, passages, options);
  return JSON.parse(JSON.stringify({ id: 'q', line: 1, verification, answer, passages }));
}
/** The same line without its answer and passages (`gk verify` without --with-input). */
const bare = ({ answer: _answer, passages: _passages, ...rest }: VerifiedLine): VerifiedLine => rest;
const edit = (record: VerifiedLine, change: (verification: Verification) => void): VerifiedLine => {
  const copy = structuredClone(record);
  change(copy.verification);
  return copy;
};

describe('checkVerifiedLine', () => {
  it.each([
    ['sentences', 'Water boils at 100 °C at sea level [1]. Air is mostly nitrogen [2].', {}],
    [
      'lines',
      'Water boils at 100 °C at sea level [1]. Ice melts at 0 °C [1].\nAir is mostly nitrogen [2].',
      { unit: 'line' },
    ],
    ['a range', 'Water boils at 100 °C at sea level and air is mostly nitrogen [1-2].', { ranges: true }],
    ['a range read as text', 'Water boils at 100 °C at sea level [1-2]. Air is mostly nitrogen [2].', {}],
    [
      'uncited claims',
      'Water boils at 100 °C at sea level [1]. The moon is made of cheese.',
      { requireCitations: false },
    ],
    ['merged duplicates', 'Ice melts at 0 °C [1]. Air is mostly nitrogen [2]. Ice melts at 0 °C [2].', {}],
    [
      'an uncited claim merged with a cited one',
      'Ice melts at 0 °C. Ice melts at 0 °C [1].',
      { requireCitations: false },
    ],
    ['a located quotation', 'It says "Water boils at 100 °C at sea level" [1].', {}],
    ['a marker in a fence', 'Water boils at 100 °C at sea level [1].\n```\nx = items[2]\n```', {}],
    [
      'rejections',
      'Water boils at 100 °C at sea level [1]. The moon is made of cheese. Unicorns exist [3].',
      {},
    ],
  ] as const)(
    'passes a line gk verify wrote, with %s, with and without its answer',
    (_name, answer, options) => {
      const record = line(answer, options as VerifyOptions);
      expect(record.verification.claims.length).toBeGreaterThan(0);
      expect(checkVerifiedLine(record)).toBeNull();
      expect(checkVerifiedLine(bare(record))).toBeNull();
    },
  );

  // The page drew each of these green (rt9 finding 1): an accepted claim whose parts disagree.
  const real = line('Water boils at 100 °C at sea level [1]. The moon is made of cheese.');
  const cheese = { text: 'The moon is made of cheese.', span: { start: 40, end: 67 } };
  it.each([
    [
      'an uncited claim beside a no_marker rejection (citations were required)',
      edit(
        line('Water boils at 100 °C at sea level [1]. The moon is made of cheese. Ice melts at 0 °C.'),
        (v) => {
          const ice = v.rejected.pop()!;
          v.claims.push({ text: ice.text, span: ice.span, citations: [] });
        },
      ),
      'verification.claims[1].citations',
    ],
    [
      'a claim without a marker that cites a passage',
      edit(real, (v) => {
        v.claims.push({ ...cheese, citations: [v.claims[0]!.citations[0]!] });
        v.rejected = [];
      }),
      'verification.claims[1].citations',
    ],
    [
      'a claim widened over a rejected one',
      edit(real, (v) => {
        v.claims[0]!.span = { start: 0, end: 67 };
        v.claims[0]!.text = 'Water boils at 100 °C at sea level [1]. The moon is made of cheese.';
      }),
      'verification.rejected[0].span',
    ],
    [
      'a rejected claim moved over an accepted one',
      edit(real, (v) => {
        v.rejected[0]!.span = { start: 0, end: 5 };
        v.rejected[0]!.text = 'Water';
      }),
      'verification.rejected[0].span',
    ],
    [
      'a duplicate that overlaps a claim',
      edit(real, (v) => {
        v.claims[0]!.duplicates = [{ start: 44, end: 50 }];
        v.duplicatesMerged = 1;
      }),
      'verification.claims[0].duplicates[0]',
    ],
    [
      'duplicates the count disagrees with',
      edit(real, (v) => {
        v.duplicatesMerged = 2;
      }),
      'verification.duplicatesMerged',
    ],
    [
      'a citation list with a citation no claim carries',
      edit(real, (v) => {
        v.citations.push({ ...v.citations[0]!, start: 0, end: 5, text: 'Water' });
      }),
      'verification.citations',
    ],
  ] as const)('refuses %s', (_name, record, field) => {
    expect(checkVerifiedLine(record)?.field).toContain(field);
  });

  it('refuses markers that name other sources than the citations, read in context and under one reading of ranges', () => {
    const two = line('Water boils at 100 °C at sea level [1][2]. Air is mostly nitrogen [2].');
    const dropped = edit(two, (v) => {
      v.claims[0]!.citations.pop();
    });
    expect(checkVerifiedLine(dropped)).toMatchObject({
      field: 'verification.claims[0].citations',
      message: "cite source 1, but the claim's markers name 1, 2",
    });
    const swapped = edit(line('Air is mostly nitrogen [1].', { support: false }), (v) => {
      v.claims[0]!.text = 'Air is mostly nitrogen [2].';
    });
    swapped.answer = 'Air is mostly nitrogen [2].';
    expect(checkVerifiedLine(swapped)?.field).toBe('verification.claims[0].citations');
    // A marker in a code span or an HTML comment is none: the claim cites only what its other markers name.
    const code = line('See `items[1]` here. Water boils <!-- [2] --> at 100 °C [1].', {
      requireCitations: false,
    });
    expect(code.verification.claims.map((claim) => claim.citations.length)).toEqual([0, 1]);
    expect(checkVerifiedLine(code)).toBeNull();
    const cited = edit(code, (v) => {
      v.claims[0]!.citations = structuredClone(v.claims[1]!.citations);
    });
    expect(checkVerifiedLine(cited)?.field).toBe('verification.claims[0].citations');
    const hidden = edit(code, (v) => {
      const second = {
        source: 2,
        documentId: air.documentId,
        chunkId: air.chunkId,
        start: 0,
        end: 23,
        text: air.text,
      };
      v.claims[1]!.citations.push(second);
      v.citations.push(second);
    });
    expect(checkVerifiedLine(hidden)?.field).toBe('verification.claims[1].citations');
    // `[1-2]` names 1 and 2 only when ranges are read, and the line was verified under one reading for every claim.
    const ranged = line('Water boils at 100 °C at sea level [1-2]. Air is mostly nitrogen [2][1-2].', {
      ranges: true,
    });
    expect(checkVerifiedLine(ranged)).toBeNull();
    const mixed = edit(ranged, (v) => {
      v.claims[1]!.citations = v.claims[1]!.citations.filter((citation) => citation.source === 2);
    });
    expect(checkVerifiedLine(mixed)?.field).toBe('verification.claims[0].citations');
  });

  it('refuses, without the answer, a claim that cites a passage but holds no marker at all', () => {
    const forged = bare(
      edit(real, (v) => {
        v.claims.push({ ...cheese, citations: [v.claims[0]!.citations[0]!] });
        v.rejected = [];
      }),
    );
    expect(checkVerifiedLine(forged)).toMatchObject({
      field: 'verification.claims[1].citations',
      message: 'cite a source, but the claim has no marker',
    });
  });
});

// Runs the marker corpus, the lists joined by `and`, the one-million-digit bracket, and the growth of the scan.
import { parseMarkers, verifyAnswer } from '@gk/citations';
import { describe, expect, it } from 'vitest';
import { PASSAGES } from './fixtures/corpus.js';
import { MARKER_CASES, MILLION } from './fixtures/markers.js';
import { BOUND, growth } from './growth.js';

// What a marker's span may hold: digits, spaces, tabs, `,` and `;`, and the word `and` between spaces.
const MARKER_SPAN = /^\[(?:[\d ,;\t]|(?<= )and(?= ))+\]$/;

/** Lists joined by `and` as answers write them, and the look-alikes that must stay text. */
const AND_CASES: ReadonlyArray<{ input: string; expected: number[][] }> = [
  { input: 'Lead pipes corrode [2 and 4].', expected: [[2, 4]] },
  { input: 'Prices rose [1, 2, and 3].', expected: [[1, 2, 3]] },
  { input: 'Prices rose [1, 2 and 3].', expected: [[1, 2, 3]] },
  { input: 'Both agree [3 and 3].', expected: [[3, 3]] },
  { input: 'x [2 and 9007199254740993]', expected: [[2, 9007199254740992]] },
  { input: 'x [1 or 2]', expected: [] },
  { input: 'x [2 andx 3]', expected: [] },
  { input: 'x [and 2]', expected: [] },
  { input: 'x [2 and]', expected: [] },
  { input: 'x [2 AND 3]', expected: [] },
  { input: 'x [PERSON_1 and PERSON_2]', expected: [] },
  { input: 'x [1 and\u200b 2]', expected: [] },
  { input: 'x [1 \u202eand 2]', expected: [] },
  { input: 'x [1 an\u0000d 2]', expected: [] },
  { input: 'x [1 and \ud800 2]', expected: [] },
  { input: 'x [1 \uff41nd 2]', expected: [] }, // full-width a
];

describe('parseMarkers: adversarial corpus', () => {
  it.each(MARKER_CASES.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const markers = parseMarkers(c.input);
    expect(markers.map((m) => m.numbers)).toEqual(c.expected);
    for (const marker of markers) expect(c.input.slice(marker.start, marker.end)).toMatch(MARKER_SPAN);
  });

  it.each(AND_CASES.map((c) => [c.input, c] as const))('`and` lists: %s', (_input, c) => {
    const markers = parseMarkers(c.input);
    expect(markers.map((m) => m.numbers)).toEqual(c.expected);
    for (const marker of markers) expect(c.input.slice(marker.start, marker.end)).toMatch(MARKER_SPAN);
  });

  it('reads 10^6 digits in one bracket as one marker naming Infinity, rejected as out of range', () => {
    const answer = `Water boils [${'9'.repeat(MILLION)}].`;
    const markers = parseMarkers(answer);
    expect(markers).toEqual([{ numbers: [Number.POSITIVE_INFINITY], start: 12, end: 12 + MILLION + 2 }]);
    const verification = verifyAnswer(answer, PASSAGES);
    expect(verification.status).toBe('rejected');
    expect(verification.rejected.map((r) => [r.code, r.markers])).toEqual([
      ['marker_out_of_range', [Number.POSITIVE_INFINITY]],
    ]);
    expect(verification.rejected[0]!.message).toContain('a number past 2^53');
    expect(verification.rejected[0]!.message.length).toBeLessThan(400);
  });

  it('reads 10^6 zeros followed by 1 as source 1, never as another index', () => {
    const markers = parseMarkers(`x [${'0'.repeat(MILLION)}1]`);
    expect(markers.map((m) => m.numbers)).toEqual([[1]]);
  });

  it('finds no marker in 1 MB of unterminated brackets', () => {
    expect(parseMarkers('['.repeat(1 << 20))).toEqual([]);
    expect(parseMarkers('[1,'.repeat(350_000))).toEqual([]);
    expect(parseMarkers('[1 and '.repeat(150_000))).toEqual([]);
    expect(parseMarkers('[1, and '.repeat(130_000))).toEqual([]);
  });

  // CPU time of n against 8n (see linear-time.test.ts for the method); quadratic rescanning would give 64.
  it('reads `[1 and [1 and ...` and one long unterminated `and` list in linear time', {
    timeout: 180_000,
  }, () => {
    expect(growth((size) => () => parseMarkers('[1 and '.repeat(size)), 20_000)).toBeLessThan(BOUND);
    expect(growth((size) => () => parseMarkers(`[${'1, 2 and '.repeat(size)}x]`), 15_000)).toBeLessThan(
      BOUND,
    );
  });
});

// Runs the marker corpus, plus the one-million-digit bracket.
import { parseMarkers, verifyAnswer } from '@gk/citations';
import { describe, expect, it } from 'vitest';
import { PASSAGES } from './fixtures/corpus.js';
import { MARKER_CASES, MILLION } from './fixtures/markers.js';

describe('parseMarkers: adversarial corpus', () => {
  it.each(MARKER_CASES.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const markers = parseMarkers(c.input);
    expect(markers.map((m) => m.numbers)).toEqual(c.expected);
    for (const marker of markers) expect(c.input.slice(marker.start, marker.end)).toMatch(/^\[[\d ,;\t]+\]$/);
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
  });
});

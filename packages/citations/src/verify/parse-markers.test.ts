import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_RANGE_LENGTH, parseMarkers } from './parse-markers.js';
import { propertyRuns } from '../__fixtures__/property-runs.js';
import { cpuNow } from '../__fixtures__/cpu-time.js';

const numbersOf = (text: string, ranges = false): number[][] =>
  parseMarkers(text, { ranges }).map((marker) => marker.numbers);

describe('parseMarkers', () => {
  it('finds markers with their numbers and exact spans', () => {
    const text = 'A [1], b [2][4], c [1, 2], d [1;3] and e [ 3 ].';
    const markers = parseMarkers(text);
    expect(markers.map((m) => m.numbers)).toEqual([[1], [2], [4], [1, 2], [1, 3], [3]]);
    expect(markers.map((m) => text.slice(m.start, m.end))).toEqual([
      '[1]',
      '[2]',
      '[4]',
      '[1, 2]',
      '[1;3]',
      '[ 3 ]',
    ]);
  });

  it('refuses brackets that are not citation markers', () => {
    for (const text of [
      '[PERSON_1]',
      '[EMAIL_2]',
      '[sic]',
      '[EMIM][TfO]',
      '[Online]',
      '[a]',
      '[]',
      '[1.5]',
      '[-1]',
      '[1e3]',
      '[1,]',
      '[,1]',
      '[1 2]',
      '[1',
      '1]',
      '[^1]',
      '[1-3]',
      '[1\n]',
    ]) {
      expect(parseMarkers(text), text).toEqual([]);
    }
  });

  it('keeps redaction tokens apart from markers in an answer (security regression)', () => {
    // A looser pattern such as /\[[^\]]*\d+\]/ reads [PERSON_1] as source 1: a redacted name would become a citation.
    const answer =
      'Contact [PERSON_1] at [EMAIL_2] or [PHONE_13] about the lease [2]. Ask [PERSON_1] [IPV4_3].';
    const markers = parseMarkers(answer);
    expect(markers).toEqual([{ numbers: [2], start: 62, end: 65 }]);
    expect(answer.slice(62, 65)).toBe('[2]');
  });

  it('parses 0, leading zeros and huge numbers as numbers, never wrapping them into range', () => {
    expect(numbersOf('[0] [01] [007]')).toEqual([[0], [1], [7]]);
    const [huge] = numbersOf('[9007199254740993]');
    expect(huge![0]).toBeGreaterThan(Number.MAX_SAFE_INTEGER);
    const [enormous] = numbersOf(`[${'9'.repeat(400)}]`);
    expect(enormous![0]).toBe(Number.POSITIVE_INFINITY);
    expect(numbersOf('[18446744073709551617]')[0]![0]).toBeGreaterThan(Number.MAX_SAFE_INTEGER);
  });

  it('reads full-width brackets and digits as text, not markers', () => {
    expect(parseMarkers('［１］ [１] ［1］')).toEqual([]);
  });

  it('accepts ranges only when asked, with hyphen or en dash', () => {
    expect(numbersOf('[1-3]')).toEqual([]);
    expect(numbersOf('[1-3] [2 – 4, 7]', true)).toEqual([
      [1, 2, 3],
      [2, 3, 4, 7],
    ]);
    expect(numbersOf('[3-1]', true)).toEqual([]);
  });

  it('does not expand huge ranges: only their ends are named', () => {
    expect(numbersOf('[1-1000000000000]', true)).toEqual([[1, 1_000_000_000_000]]);
    expect(numbersOf(`[1-${MAX_RANGE_LENGTH}]`, true)[0]).toHaveLength(MAX_RANGE_LENGTH);
    expect(numbersOf(`[1-${'9'.repeat(30)}]`, true)[0]).toHaveLength(2);
  });

  it('finds markers next to unterminated and nested brackets', () => {
    expect(numbersOf('[[1]] [2 [3] [')).toEqual([[1], [3]]);
  });

  it('never throws and returns well-formed spans on arbitrary strings', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' })),
        fc.boolean(),
        (text, ranges) => {
          let previousEnd = 0;
          for (const marker of parseMarkers(text, { ranges })) {
            expect(marker.start).toBeGreaterThanOrEqual(previousEnd);
            expect(text[marker.start]).toBe('[');
            expect(text[marker.end - 1]).toBe(']');
            expect(marker.numbers.length).toBeGreaterThan(0);
            previousEnd = marker.end;
          }
        },
      ),
      { numRuns: propertyRuns(500) },
    );
  });

  it('round-trips generated markers among bracket noise', () => {
    const marker = fc
      .array(fc.integer({ min: 0, max: 10_000 }), { minLength: 1, maxLength: 4 })
      .map((ns) => ({ ns, text: `[${ns.join(', ')}]` }));
    const noise = fc.constantFrom('[PERSON_1]', '[sic]', ' [', ']', 'text ', '[[', '[1.5]', '\u200b');
    fc.assert(
      fc.property(fc.array(fc.oneof(marker, noise), { maxLength: 20 }), (parts) => {
        const text = parts.map((p) => (typeof p === 'string' ? ` ${p} ` : p.text)).join('');
        const expected = parts.filter((p) => typeof p !== 'string').map((p) => p.ns);
        expect(numbersOf(text)).toEqual(expected);
      }),
    );
  });

  it('runs in linear time on adversarial input', () => {
    const t0 = cpuNow();
    expect(parseMarkers('['.repeat(1_000_000))).toEqual([]);
    expect(parseMarkers(`[${'1,'.repeat(500_000)}`)).toEqual([]);
    expect(parseMarkers(`[${'1'.repeat(1_000_000)}]`)[0]!.numbers[0]).toBe(Number.POSITIVE_INFINITY);
    expect(parseMarkers('[1]'.repeat(100_000))).toHaveLength(100_000);
    expect(cpuNow() - t0).toBeLessThan(2000);
  });
});

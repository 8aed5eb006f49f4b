import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitClaims } from './split-claims.js';
import { propertyRuns } from '../__fixtures__/property-runs.js';
import { cpuNow } from '../__fixtures__/cpu-time.js';

const texts = (answer: string, options = {}): string[] =>
  splitClaims(answer, options).map((unit) => unit.text);

describe('splitClaims', () => {
  it('splits sentences and keeps markers after the full stop with the sentence before', () => {
    expect(texts('It harms children. [3] It lasts.[4] Later [5].')).toEqual([
      'It harms children. [3]',
      'It lasts.[4]',
      'Later [5].',
    ]);
    expect(texts('Many [1][2]. Few [ 3 ; 4 ].')).toEqual(['Many [1][2].', 'Few [ 3 ; 4 ].']);
  });

  it('gives a marker group that opens a line to the sentence it opens', () => {
    const [unit] = splitClaims('[1] Water boils at 100 degrees.');
    expect(unit!.markers.map((m) => m.numbers)).toEqual([[1]]);
    expect(unit!.textWithoutMarkers).toBe('Water boils at 100 degrees.');
  });

  it('handles bullets, numbered lists, headings, quotes and blank lines', () => {
    const answer =
      '## Findings\n\n- First finding [1].\n* Second finding [2]\n\n1. Third finding [3].\n2) Fourth [4].\n> Quoted [5].\n---\n```';
    expect(texts(answer)).toEqual([
      'Findings',
      'First finding [1].',
      'Second finding [2]',
      'Third finding [3].',
      'Fourth [4].',
      'Quoted [5].',
    ]);
  });

  it('does not split at common abbreviations, initials or inside URLs', () => {
    expect(texts('Dr. Smith and the U.S. Army agree [1]. See https://x.org/a?b=1. Done [2].')).toEqual([
      'Dr. Smith and the U.S. Army agree [1].',
      'See https://x.org/a?b=1.',
      'Done [2].',
    ]);
  });

  it('follows UAX #29 where the pre-pass decides alone: decimals, lowercase and commas after a full stop', () => {
    expect(
      texts('Tools (e.g., VHDL) help [1]. Pi is 3.14 here [2]. Use it. then go [3]. Really? yes [4]'),
    ).toEqual([
      'Tools (e.g., VHDL) help [1].',
      'Pi is 3.14 here [2].',
      'Use it. then go [3].',
      'Really?',
      'yes [4]',
    ]);
  });

  it('splits by line when asked, whatever the punctuation', () => {
    expect(texts('One. Two [1]\r\nThree? Four [2]\n\n- Five [3]', { unit: 'line' })).toEqual([
      'One. Two [1]',
      'Three? Four [2]',
      'Five [3]',
    ]);
  });

  it('segments other scripts with the locale option', () => {
    expect(texts('東京は日本の首都です。[1]大阪は大きい。[2]', { locale: 'ja' })).toEqual([
      '東京は日本の首都です。[1]',
      '大阪は大きい。[2]',
    ]);
    expect(texts('Это правда [1]. Это тоже [2]!', { locale: 'ru' })).toEqual([
      'Это правда [1].',
      'Это тоже [2]!',
    ]);
  });

  it('marks units that hold only markers and drops bare punctuation', () => {
    const units = splitClaims('Fine [1].\n[2][3]\n***\n. [4]');
    expect(units.map((u) => [u.text, u.hasContent])).toEqual([
      ['Fine [1].', true],
      ['[2][3]', false],
      ['. [4]', false],
    ]);
  });

  it('covers every marker exactly once with spans that slice the answer (property)', () => {
    const word = fc.constantFrom(
      'Water',
      'boils',
      'e.g.',
      'Dr.',
      'U.S.',
      '3.5',
      'ok?',
      'yes!',
      '東京。',
      '',
      '\u200b',
    );
    const marker = fc.integer({ min: 0, max: 99 }).map((n) => `[${n}]`);
    const glue = fc.constantFrom(' ', '. ', '.', '\n', '\n\n', '\n- ', '\n1. ', '  ', '. [');
    const answer = fc.array(fc.oneof(word, marker, glue), { maxLength: 40 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(
        answer,
        fc.constantFrom('sentence', 'line') as fc.Arbitrary<'sentence' | 'line'>,
        (text, unit) => {
          const units = splitClaims(text, { unit });
          let previousEnd = 0;
          let markerCount = 0;
          for (const u of units) {
            expect(u.span.start).toBeGreaterThanOrEqual(previousEnd);
            expect(text.slice(u.span.start, u.span.end)).toBe(u.text);
            expect(u.text).toBe(u.text.trim());
            for (const m of u.markers) {
              expect(m.start).toBeGreaterThanOrEqual(u.span.start);
              expect(m.end).toBeLessThanOrEqual(u.span.end);
            }
            markerCount += u.markers.length;
            previousEnd = u.span.end;
          }
          const total = (text.match(/\[\d+\]/g) ?? []).length;
          expect(markerCount).toBe(total);
        },
      ),
      { numRuns: propertyRuns(300) },
    );
  });

  it('stays linear on one long line of many sentences', () => {
    const t0 = cpuNow();
    const units = splitClaims('Children suffer [1]. '.repeat(20_000));
    expect(units).toHaveLength(20_000);
    const mixed = splitClaims('a. b? c! d. e, '.repeat(40_000));
    expect(mixed.length).toBeGreaterThan(40_000);
    expect(cpuNow() - t0).toBeLessThan(4000);
  });
});

// Scale: hostile shapes for every pointer form, bounded by CPU time and by growth (excluded from mutation runs).
import { describe, expect, it } from 'vitest';
import { findSourcePointers } from './find-source-pointers.js';
import { cpuNow, leastCpu } from './__fixtures__/cpu-time.js';

/** Each shape stops just short of a pointer, or is a long run of one, so a scan that backtracks shows. */
const SHAPES: Array<[string, (n: number) => string]> = [
  ['open brackets', (n) => '[1-'.repeat(n)],
  ['long groups', (n) => `(${'a'.repeat(100)} `.repeat(n / 100)],
  ['superscripts', (n) => '¹'.repeat(n)],
  ['superscripts after letters', (n) => 'ab²'.repeat(n)],
  ['labels and lists', (n) => 'source 1 and '.repeat(n)],
  ['a label and one long list', (n) => `sources ${'1, '.repeat(n)}1.5`],
  ['a label and long digits', (n) => `source ${'1'.repeat(n)}.5`],
  ['labels without numbers', (n) => 'source '.repeat(n)],
  ['ordinals and spaces', (n) => `first${' '.repeat(100)}`.repeat(n / 100)],
  ['daggers', (n) => '【4:'.repeat(n)],
  ['carets', (n) => '^1'.repeat(n)],
  ['anchors', (n) => '#source-'.repeat(n)],
  ['other digits', (n) => '٢'.repeat(n)],
  ['a heading with spaces', (n) => `sources${' '.repeat(n)}x`],
  ['a source list', (n) => `Sources:\n${'1. x\n'.repeat(n / 4)}`],
  ['a list entry of digits', (n) => `Sources:\n${'1'.repeat(n)}x`],
  ['invisible characters', (n) => `[${'\u200b'.repeat(n)}2]`],
  ['entities', (n) => '&#91;&#x'.repeat(n / 8)],
  ['entities with leading zeros', (n) => '[&#0000050;&#x000'.repeat(n / 17)],
  ['escapes', (n) => '\\['.repeat(n / 2)],
  ['angle brackets', (n) => `<${'a'.repeat(100)} `.repeat(n / 100)],
  ['spaced sup tags', (n) => `<${' '.repeat(7)}sup ${'/'.repeat(60)}`.repeat(n / 70)],
  ['joined labels', (n) => 'source-'.repeat(n / 7)],
  ['exponents after letters', (n) => `${'m'.repeat(100)}^2 `.repeat(n / 100)],
  ['Roman numerals', (n) => '[iiiiii'.repeat(n / 7)],
  ['a loose source list', (n) => `Sources:\n${'1. x\n   y\n\n'.repeat(n / 12)}`],
];

describe('findSourcePointers', () => {
  for (const [shape, build] of SHAPES) {
    it(`grows linearly on ${shape}: 8× the text costs well under 20× the time`, () => {
      const small = build(16_000);
      const large = build(128_000);
      const base = leastCpu(() => findSourcePointers(small));
      const grown = leastCpu(() => findSourcePointers(large));
      expect(grown).toBeLessThan(Math.max(20 * base, 200));
    });
  }

  it('reads a megabyte of mixed pointers in well under the budget of a test', () => {
    const text = 'It uses 450 grams [1]² (Source 2) 【4:1†source】 [^3]. '.repeat(20_000);
    const started = cpuNow();
    // Each repetition: [1], ², (Source 2) (as a group and as a label), the dagger, [^3] (as a group and a caret).
    expect(findSourcePointers(text).length).toBe(20_000 * 8);
    expect(cpuNow() - started).toBeLessThan(5_000);
  });
});

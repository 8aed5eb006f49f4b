import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BOUND, growth } from '../../../../tests/adversarial/growth.js';
import { DEFAULT_REDACTION_PATTERNS } from './default-redaction-patterns.js';
import { valueFinder } from './find-values.js';
import { promptTexts, redactPrompt } from './redact-prompt.js';
import { compilePatterns, Redactor } from './redactor.js';

const spans = (values: string[], text: string): string[] =>
  valueFinder(values)(text).map(({ start, end, index }) => `${text.slice(start, end)}#${index}`);

describe('valueFinder', () => {
  it('finds long values anywhere and short ones only as whole words', () => {
    expect(spans(['hunter2x9Q', '4821'], 'a hunter2x9Qz 4821 48213 x4821 (4821)')).toEqual([
      'hunter2x9Q#0',
      '4821#1',
      '4821#1',
    ]);
  });

  it('keeps the earliest, then longest, value whole and the part of an overlapping one past it', () => {
    expect(spans(['abcdefgh12', 'gh12345678'], 'abcdefgh12345678')).toEqual(['abcdefgh12#0', '345678#1']);
    expect(spans(['abcdefgh', 'abcdefgh12'], 'xabcdefgh12')).toEqual(['abcdefgh12#1']);
    // A short value that is no whole word under a long one that contains it.
    expect(spans(['abcdefgh', 'abc'], 'abcd abc')).toEqual(['abc#1']);
  });

  it('covers every character of every whole occurrence, as a naive search does', () => {
    const letter = fc.constantFrom('a', 'b', '1', ' ', '.');
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: letter, minLength: 1, maxLength: 10 }), { minLength: 1, maxLength: 5 }),
        fc.string({ unit: letter, maxLength: 60 }),
        (values, text) => {
          const covered = new Array<boolean>(text.length).fill(false);
          let last = 0;
          for (const { start, end } of valueFinder(values)(text)) {
            expect(start).toBeGreaterThanOrEqual(last);
            expect(end).toBeGreaterThan(start);
            last = end;
            for (let at = start; at < end; at++) covered[at] = true;
          }
          const word = /[a-z0-9]/;
          values.forEach((value) => {
            for (let at = text.indexOf(value); at !== -1; at = text.indexOf(value, at + 1)) {
              const whole =
                value.length >= 8 ||
                (!(word.test(value[0] as string) && word.test(text[at - 1] ?? '')) &&
                  !(word.test(value.at(-1) as string) && word.test(text[at + value.length] ?? '')));
              if (whole) for (let i = at; i < at + value.length; i++) expect(covered[i]).toBe(true);
            }
          });
        },
      ),
      { numRuns: 500 },
    );
  });

  it.each([
    // Every value a suffix of the next: many values end at every character.
    ['nested suffixes', (k: number) => Array.from({ length: k }, (_, i) => 'a'.repeat(i + 1)), 'a'],
    // Short values that fail their whole-word test everywhere.
    ['short values inside words', () => ['aab', 'ab', 'b1b'], 'aab1'],
    // Long values that almost match everywhere, sending the search back along its fail links.
    ['near misses', (k: number) => Array.from({ length: 8 }, (_, i) => `${'a'.repeat(k % 64)}b${i}`), 'a'],
  ])('stays linear in the text on %s (CPU time of 8n over n)', (_, values, unit) => {
    const make = (size: number) => {
      const find = valueFinder(values(64));
      const text = unit.repeat(Math.ceil(size / unit.length));
      return () => find(text);
    };
    expect(growth(make, 20_000)).toBeLessThan(BOUND);
  });

  it('keeps a prompt of many values, each repeated, linear in values and text (CPU time of 8n over n)', () => {
    const make = (size: number) => {
      const count = Math.ceil(size / 64);
      const named = Array.from({ length: count }, (_, i) => `password: Hx${i}q9Zk2w`).join('\n');
      const echoed = Array.from({ length: count }, (_, i) => `got Hx${i}q9Zk2w`).join(' ');
      const prompt = [
        { role: 'user' as const, content: [{ type: 'text' as const, text: named }] },
        { role: 'user' as const, content: [{ type: 'text' as const, text: echoed }] },
      ];
      return () =>
        redactPrompt(prompt, new Redactor(compilePatterns(DEFAULT_REDACTION_PATTERNS), promptTexts(prompt)));
    };
    expect(JSON.stringify(make(640)())).not.toMatch(/Hx\d+q9Zk2w/);
    expect(growth(make, 5_000)).toBeLessThan(BOUND);
  });
});

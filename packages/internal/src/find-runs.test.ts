import { describe, expect, it } from 'vitest';
import { findRuns, replaceRuns, runClass, shortenRuns } from './find-runs.js';

// Every string of up to `length` characters from `alphabet`.
function* strings(alphabet: readonly string[], length: number): Generator<string> {
  yield '';
  if (length === 0) return;
  for (const shorter of strings(alphabet, length - 1)) for (const char of alphabet) yield shorter + char;
}

describe('findRuns and replaceRuns', () => {
  const spaces = runClass('\\s');
  const letters = runClass('\\p{L}', 'u');
  const withinLine = runClass('^\\S\\n');
  const texts = [...new Set(strings([' ', '\n', 'a', '\u3000', '\u{1d400}', '1'], 4))];

  it('find and replace what `[set]+` matches, for a class, a `u` class and a negated one', () => {
    for (const [runs, pattern] of [
      [spaces, /\s+/g],
      [letters, /\p{L}+/gu],
      [withinLine, /[^\S\n]+/g],
    ] as const) {
      for (const text of texts) {
        const expected = [...text.matchAll(pattern)].flatMap((m) => [m.index, m.index + m[0].length]);
        expect(findRuns(text, runs), JSON.stringify(text)).toEqual(expected);
        expect(replaceRuns(text, runs, '_'), JSON.stringify(text)).toBe(text.replace(pattern, '_'));
      }
    }
  });

  it('keeps the text itself when it holds no run', () => {
    const text = 'abc';
    expect(replaceRuns(text, spaces, ' ')).toBe(text);
    expect(findRuns('', spaces)).toEqual([]);
  });
});

describe('shortenRuns', () => {
  const spaces = runClass('\\s');

  it('cuts a run longer than twice `keep` to its first and last `keep` characters', () => {
    expect(shortenRuns(`a\n${' '.repeat(10)}\tb`, spaces, 2)).toBe('a\n  \tb');
    expect(shortenRuns(`a${' '.repeat(4)}b c`, spaces, 2)).toBe(`a${' '.repeat(4)}b c`);
    expect(shortenRuns(`${' '.repeat(5)}x${'\n'.repeat(5)}`, spaces, 1)).toBe('  x\n\n');
  });
});

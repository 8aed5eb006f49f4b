import { setFlagsFromString } from 'node:v8';
import { replaceRuns } from '@gk/internal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLANKS } from './shown-text.js';

// V8 compiles a regular expression without its optimizations once a process has generated a lot of regexp code, as a
// long-running app may (ADR 0068, 0069); a repeated class compiled so keeps a backtrack entry per character, and a run
// of about four million overflows its stack: `BLANKS` as `[…]+` threw on millions of spaces even in a one-byte text.
// The flag puts this process (a fresh one: a long-run suite, run alone) in that state before the runs are read.
describe('BLANKS where V8 compiles regular expressions without optimizations', () => {
  beforeAll(() => setFlagsFromString('--no-regexp-optimization'));
  afterAll(() => setFlagsFromString('--regexp-optimization'));

  it('folds runs of millions of spaces, one-byte or not', { timeout: 120_000 }, () => {
    expect(replaceRuns(`a${' '.repeat(6_000_000)}b`, BLANKS, ' ')).toBe('a b');
    expect(replaceRuns(`€${'\u3000 '.repeat(3_000_000)}x`, BLANKS, ' ')).toBe('€ x');
  });
});

import { setFlagsFromString } from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuesOf } from './__fixtures__/issues.js';
import { sampleSynthesisReport } from './__fixtures__/reports.js';
import { safeParseSynthesisReport } from './index.js';

// V8 compiles a regular expression without its optimizations once a process has generated a lot of regexp code, as a
// long-running app may (ADR 0068, 0069); a repeated class compiled so keeps a backtrack entry per character, and a run
// of about four million overflows its stack. Ids are compared as shown, each run of whitespace one space: read by
// searches now, where `[…]+` threw. The flag puts this process (a fresh one: a long-run suite, run alone) in that
// state before the rules compile their patterns.
describe('ids with long runs where V8 compiles regular expressions without optimizations', () => {
  beforeAll(() => setFlagsFromString('--no-regexp-optimization'));
  afterAll(() => setFlagsFromString('--regexp-optimization'));

  it.each([
    ['spaces', ' '],
    ['ideographic spaces', '\u3000'],
  ])('reads an id holding millions of %s as one space', { timeout: 120_000 }, (_, space) => {
    const report = sampleSynthesisReport();
    report.rows[0]!.queryId = 'q 1';
    report.rows[1]!.queryId = `q${space.repeat(6_000_000)}1`;
    expect(issuesOf(safeParseSynthesisReport(report))).toEqual(['rule rows[1].queryId']);
  });
});

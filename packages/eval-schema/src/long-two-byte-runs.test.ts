import { describe, expect, it } from 'vitest';
import { issuesOf } from './__fixtures__/issues.js';
import { sampleSynthesisReport } from './__fixtures__/reports.js';
import { safeParseSynthesisReport } from './index.js';

// A run of millions of one character in an id that is not Latin-1 (U+3000 makes it two-byte): under the `u` flag V8
// keeps a backtrack entry per character of `[\p{White_Space}]+`, and such a run overflowed its stack (a bare
// RangeError) when the ids were compared as shown.
describe('ids with huge two-byte runs', () => {
  it('reads an id holding millions of ideographic spaces as one space', { timeout: 120_000 }, () => {
    const report = sampleSynthesisReport();
    report.rows[0]!.queryId = 'q 1';
    report.rows[1]!.queryId = `q${'\u3000'.repeat(8_500_000)}1`;
    expect(issuesOf(safeParseSynthesisReport(report))).toEqual(['rule rows[1].queryId']);
  });
});

import { describe, expect, it } from 'vitest';
import { evalReportFixture } from '../__fixtures__/artifacts.js';
import { formatEvalSummary } from './format-eval-summary.js';

describe('formatEvalSummary', () => {
  it('escapes controls in the strings of a report it did not write (the run id here), keeping its line breaks', async () => {
    const report = { ...(await evalReportFixture()), runId: 'run\u009b2J\u202e' };
    const summary = formatEvalSummary(report, null);
    expect(summary).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
    expect(summary).toContain('run\\u009b2J\\u202e');
    expect(summary.split('\n').length).toBeGreaterThan(3);
  });
});

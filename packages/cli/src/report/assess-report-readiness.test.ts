import { describe, expect, it } from 'vitest';
import { calibrationReportOf } from '../__fixtures__/artifacts.js';
import { assessReportReadiness } from './assess-report-readiness.js';

describe('assessReportReadiness', () => {
  // r17: a stored recall may sit up to 1e-9 from the rows and still parse; a recall of 0 stored as 1e-9 read as
  // passing a threshold of 1e-10, and no_failing_class went from false to undecided.
  it('decides whether a class fails from the rows, not from the recall stored in the report', async () => {
    const rows = Array.from({ length: 80 }, (_, index) => ({
      itemId: `i${index}`,
      human: index < 40,
      judge: true,
    }));
    const report = await calibrationReportOf(rows);
    const edited = {
      ...report,
      preregistration: { ...report.preregistration, threshold: 1e-10 },
      recall: { ...report.recall, unfaithful: 1e-9 },
    };
    const condition = assessReportReadiness(edited).find((entry) => entry.id === 'no_failing_class');
    expect(condition?.holds).toBe(false);
    expect(condition?.detail).toContain('unfaithful: right on 0 of 40 (recall 0, fails the threshold 1e-10)');
  });
});

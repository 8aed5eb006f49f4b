import type { EchoReport } from '@gk/eval-schema';
import { describe, expect, it } from 'vitest';
import { formatEchoTable } from './format-echo-table.js';

const TERMINAL_CONTROL =
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

describe('formatEchoTable', () => {
  it('escapes C0, C1 and bidi controls in case ids and details, the pipeline being what wrote them', () => {
    const report = {
      cases: [
        {
          caseId: 'case\u202e-1',
          outcome: 'rejected',
          leaked: false,
          citedSources: [],
          detail: 'the pipeline threw Bad\u009b2J\u2066 (\u001b]0;x\u0007)',
        },
      ],
      counts: { total: 1, grounded: 0, wrongSource: 0, abstained: 0, rejected: 1, leaked: 0 },
    } as unknown as EchoReport;
    const table = formatEchoTable(report);
    expect(table).not.toMatch(TERMINAL_CONTROL);
    expect(table).toContain('case\\u202e-1');
    expect(table).toContain('the pipeline threw Bad\\u009b2J\\u2066 (\\u001b]0;x\\u0007)');
  });
});

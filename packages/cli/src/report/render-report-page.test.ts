import { describe, expect, it } from 'vitest';
import { InputError } from '../input-error.js';
import { createVerifySummary } from '../verify/verify-summary.js';
import type { ReportInput } from './read-report-input.js';
import { renderReportPage, renderReportPageParts } from './render-report-page.js';

const line = (index: number) => ({
  id: `q${index}`,
  line: index + 1,
  verification: {
    status: 'abstained' as const,
    claims: [],
    rejected: [],
    citations: [],
    duplicatesMerged: 0,
  },
  answer: 'I do not know.',
  passages: [],
});

describe('renderReportPageParts', () => {
  it('yields a verifications page answer by answer, so no one string holds it whole', () => {
    const input: ReportInput = {
      kind: 'verifications',
      name: 'v.jsonl',
      lines: [0, 1, 2].map(line),
      summary: createVerifySummary('v.jsonl', null),
      issues: [],
      truncated: 0,
      unchecked: 0,
    };
    const parts = [...renderReportPageParts(input)];
    expect(
      parts.filter((part) => part.includes('<article')).map((part) => part.match(/<article/g)?.length),
    ).toEqual([1, 1, 1]);
    expect(parts.join('')).toBe(renderReportPage(input));
  });
});

describe('renderReportPage', () => {
  it('throws a coded usage error for a kind it does not know', () => {
    expect(() => renderReportPage({ kind: 'nope' } as unknown as ReportInput)).toThrow(
      expect.objectContaining({ code: 'usage', field: 'input.kind' }),
    );
    expect(() => renderReportPage(null as unknown as ReportInput)).toThrow(expect.any(InputError));
  });
});

describe('renderReportPage on lines no one checked', () => {
  it('lists a claim whose span overlaps another apart, never dropping it', () => {
    const answer = 'Water boils [1]. The moon is made of cheese.';
    const citation = { source: 1, documentId: 'd', chunkId: 'd', start: 0, end: 11, text: 'Water boils' };
    const input: ReportInput = {
      kind: 'verifications',
      name: 'v.jsonl',
      lines: [
        {
          id: 'q',
          line: 1,
          answer,
          verification: {
            status: 'answered',
            claims: [{ text: answer, span: { start: 0, end: answer.length }, citations: [citation] }],
            rejected: [
              {
                text: 'The moon is made of cheese.',
                span: { start: 17, end: answer.length },
                code: 'no_marker',
                markers: [],
                message: 'no marker',
              },
            ],
            citations: [citation],
            duplicatesMerged: 0,
          },
        },
      ],
      summary: createVerifySummary('v.jsonl', null),
      issues: [],
      truncated: 0,
      unchecked: 1,
    };
    const html = renderReportPage(input);
    expect(html).toContain('Not placed in the answer');
    expect(html).toContain(
      '<li><span class="code">no_marker</span> <bdi>The moon is made of cheese.</bdi> <span class="muted">(span 17–44)</span></li>',
    );
  });
});

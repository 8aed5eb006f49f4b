import { describe, expect, it } from 'vitest';
import { InputError } from '../input-error.js';
import { createVerifySummary } from '../verify/verify-summary.js';
import type { ReportInput } from './read-report-input.js';
import { verificationsInput } from '../__fixtures__/verifications-input.js';
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
    const input = verificationsInput([0, 1, 2].map(line));
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

// renderReportPage writes a verifications line however a caller built it (above), every field escaped; a report it
// reads with its schema again. Markup in a status or an offset, and any string of a report no schema read, reached the
// page before.
describe('renderReportPage on input readReportInput did not read', () => {
  const LINK = '"><a href="https://evil.example/login">Session expired, sign in</a><x y="';

  /** The error `renderReportPage` throws for `input`, or undefined. */
  const thrownBy = (input: unknown): unknown => {
    try {
      renderReportPage(input as ReportInput);
    } catch (error) {
      return error;
    }
    return undefined;
  };
  const verifications = verificationsInput;
  const answered = (source: unknown) => ({
    id: null,
    line: 1,
    verification: {
      status: 'answered',
      rejected: [],
      duplicatesMerged: 0,
      citations: [],
      claims: [
        {
          text: 'a [1]',
          span: { start: 0, end: 5 },
          citations: [{ source, documentId: 'd', chunkId: 'd', start: 0, end: 1, text: 'a' }],
        },
      ],
    },
  });

  // A thirty-sixth review: a citation's source was written into the page as it was (`[1"><img …>`), and a line, an
  // issue or a summary of another shape threw a TypeError with no code.
  it.each([
    [
      'a status that holds markup',
      [{ ...line(0), verification: { ...line(0).verification, status: `abstained${LINK}` } }],
      {},
      'input.lines.0.verification.status',
    ],
    [
      'an offset that holds markup',
      [{ ...line(0), passages: [{ documentId: 'd', chunkId: 'd#0', start: `0${LINK}`, end: 1, text: 'x' }] }],
      {},
      'input.lines.0.passages.0.start',
    ],
    [
      'a source that holds markup',
      [answered(`1${LINK}`)],
      {},
      'input.lines.0.verification.claims.0.citations.0.source',
    ],
    [
      'an issue line that holds markup',
      [],
      { issues: [{ line: `2${LINK}`, code: 'not_json', message: 'm' }] },
      'input.issues.0.line',
    ],
    ['an empty line', [{}], {}, 'input.lines.0.id'],
    ['a null issue', [], { issues: [null] }, 'input.issues.0'],
    [
      'a summary without its counts by code',
      [],
      { summary: { ...createVerifySummary('v', null), rejectedByCode: undefined } },
      'input.summary.rejectedByCode',
    ],
  ])('refuses %s as invalid_report naming the field', (_label, lines, rest, field) => {
    const thrown = thrownBy(verifications(lines, rest));
    expect(InputError.isInstance(thrown)).toBe(true);
    expect(thrown).toMatchObject({ code: 'invalid_report', field });
    expect((thrown as Error).message).toContain('pass what readReportInput returns');
  });

  it('escapes markup in the fields that are text', () => {
    const record = answered(1);
    const claim = record.verification.claims[0]!;
    const html = renderReportPage(
      verifications(
        [
          {
            ...record,
            id: LINK,
            verification: {
              ...record.verification,
              claims: [
                {
                  ...claim,
                  citations: [{ ...claim.citations[0]!, documentId: LINK, chunkId: LINK, text: LINK }],
                },
              ],
            },
          },
        ],
        { issues: [{ line: 2, code: 'not_json', field: LINK, message: LINK }] },
      ) as ReportInput,
    );
    expect(html).not.toContain('<a href');
    expect(html).toContain('&lt;a href=&quot;https://evil.example/login&quot;&gt;');
  });

  it('refuses an eval, echo or calibration report its schema refuses, as invalid_report naming the field', () => {
    for (const kind of ['eval', 'echo', 'calibration'] as const) {
      let thrown: unknown;
      try {
        renderReportPage({ kind, name: 'r.json', report: { runId: LINK } } as unknown as ReportInput);
      } catch (error) {
        thrown = error;
      }
      expect(InputError.isInstance(thrown), kind).toBe(true);
      expect(thrown, kind).toMatchObject({
        code: 'invalid_report',
        field: expect.stringMatching(/^input\.report/),
      });
      expect((thrown as Error).message, kind).toContain('pass what readReportInput returns');
    }
  });
});

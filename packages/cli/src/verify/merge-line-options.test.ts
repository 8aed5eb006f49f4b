import {
  type Claim,
  type RejectedClaim,
  type Verification,
  type VerifyOptions,
  verifyAnswer,
} from '@gk/citations';
import { describe, expect, it } from 'vitest';
import { ANSWER_CASES } from '../../../../tests/adversarial/fixtures/answers.js';
import { PASSAGES } from '../../../../tests/adversarial/fixtures/corpus.js';
import { mergeLineOptions } from './merge-line-options.js';

const water = 'Water boils at 100 degrees Celsius at sea level.';
const notes = [
  { documentId: 'd1', chunkId: 'd1', text: water, start: 0, end: water.length, title: 'Physics Notes' },
];
const listed = (entry: string): string =>
  `Water boils at 100 degrees Celsius at sea level [1].\n\nSources:\n[1] Physics Notes, ${entry}`;

// A verdict no looser than `before`: every stretch of the answer rejected there (a claim or a duplicate merged into
// it) is rejected here, nothing is accepted here that was not there, and an abstention stays one.
function noLooser(before: Verification, after: Verification): boolean {
  const spans = (claims: ReadonlyArray<Claim | RejectedClaim>): Set<string> =>
    new Set(
      claims.flatMap(({ span, duplicates = [] }) => [span, ...duplicates].map((s) => `${s.start}:${s.end}`)),
    );
  const rejected = spans(after.rejected);
  const accepted = spans(before.claims);
  return (
    [...spans(before.rejected)].every((span) => rejected.has(span)) &&
    [...spans(after.claims)].every((span) => accepted.has(span)) &&
    (before.status !== 'abstained' || after.status === 'abstained')
  );
}

describe('mergeLineOptions', () => {
  it('ignores what a line would relax', () => {
    const line = {
      requireCitations: false,
      support: false as const,
      quotes: false,
      ranges: true,
      unit: 'line' as const,
      locale: 'de',
      identifiers: [],
      noSourceToken: 'NONE',
    };
    expect(mergeLineOptions({}, line)).toEqual({});
    expect(mergeLineOptions({ support: { minCoverage: 0.7 } }, { support: { minCoverage: 0.2 } })).toEqual({
      support: { minCoverage: 0.7 },
    });
    expect(mergeLineOptions({ quotes: { minLength: 5 } }, { quotes: { minLength: 40 } })).toEqual({
      quotes: { minLength: 5 },
    });
  });

  it('lets a line tighten: turn support on or raise it', () => {
    // Requiring citations makes an answer without a marker an abstention, which lifts the rejections its uncited
    // claims get without (ADR 0072): the command line's choice stands.
    expect(mergeLineOptions({ requireCitations: false }, { requireCitations: true })).toEqual({
      requireCitations: false,
    });
    expect(mergeLineOptions({}, { support: {} })).toEqual({ support: { minCoverage: 0.55 } });
    expect(
      mergeLineOptions(
        { support: { minCoverage: 0.5, stopWords: ['the'] } },
        { support: { minCoverage: 0.9, stopWords: ['water'] } },
      ),
    ).toEqual({ support: { minCoverage: 0.9, stopWords: ['the'] } });
  });

  it('ignores ranges: false and a line turning quotes on or shortening them, which accept more', () => {
    // Without ranges, [2-9] is no marker: the claim is accepted on its [1]. With ranges, it is marker_out_of_range.
    const ranged = 'Water boils at 100 degrees Celsius [1][2-9].';
    expect(verifyAnswer(ranged, notes, { ranges: true }).status).toBe('rejected');
    expect(verifyAnswer(ranged, notes, { ranges: false }).status).toBe('answered');
    expect(mergeLineOptions({ ranges: true }, { ranges: false })).toEqual({ ranges: true });
    // A quotation found in its source is set aside from the entry's prose: a shorter minLength or quotes turned on
    // finds "boils", and the entry that named something besides its source passes.
    for (const [command, line, entry] of [
      [{}, { quotes: { minLength: 1 } }, '"boils" at sea level'],
      [{}, { quotes: { minLength: 4 } }, '"boils" at sea level'],
      [{ quotes: false }, { quotes: true }, '"boils at 100 degrees" at sea level'],
    ] as Array<[VerifyOptions, VerifyOptions, string]>) {
      expect(verifyAnswer(listed(entry), notes, command).rejected.map((claim) => claim.code)).toEqual([
        'source_list_mismatch',
      ]);
      expect(verifyAnswer(listed(entry), notes, line).rejected).toEqual([]);
      expect(mergeLineOptions(command, line)).toEqual(command);
    }
  });

  it("never gives a looser verdict than the command line's over the adversarial answers", () => {
    const commands: VerifyOptions[] = [
      {},
      { ranges: true },
      { quotes: false },
      { support: { minCoverage: 0.3 } },
      { requireCitations: false, ranges: true },
      { unit: 'line', requireCitations: false },
    ];
    const lines: VerifyOptions[] = [
      { ranges: false },
      { quotes: true },
      { quotes: { minLength: 1 } },
      { support: {} },
      { support: { minCoverage: 0 } },
      { support: { minCoverage: 1 } },
      { requireCitations: true },
    ];
    const answers = [
      ...ANSWER_CASES.map(({ answer }) => ({ answer, passages: PASSAGES })),
      ...[
        'Water boils at 100 degrees Celsius [1][2-9].',
        'No citations here. None at all.',
        'Claim [1]. Claim.',
      ].map((answer) => ({ answer, passages: notes })),
      ...['"boils" at sea level', '"boils at 100 degrees" at sea level'].map((entry) => ({
        answer: listed(entry),
        passages: notes,
      })),
    ];
    const looser: string[] = [];
    for (const { answer, passages } of answers)
      for (const command of commands)
        for (const line of lines) {
          const merged = mergeLineOptions(command, line);
          if (!noLooser(verifyAnswer(answer, passages, command), verifyAnswer(answer, passages, merged)))
            looser.push(JSON.stringify({ answer: answer.slice(0, 60), command, line }));
        }
    expect(looser).toEqual([]);
  });
});

import { checkArgument, isObject } from '@gk/internal';
import { z } from 'zod';
import {
  Count,
  Identifier,
  JudgeIdentity,
  ModelIdentity,
  NullableRate,
  Sha256Hex,
  StageName,
} from './primitives.js';
import { readArgument } from './read-argument.js';
import { expectCount, expectRate, expectUniqueIds, WHEN_FIELDS_PARSED } from './rules.js';

/** The judge's verdict on one answered question, or `judge_error` when the judge output was rejected. */
export const JudgeVerdictLabel = /* @__PURE__ */ (() => z.enum(['faithful', 'unfaithful', 'judge_error']))();
/** The judge's verdict on one answered question, or `judge_error` when the judge output was rejected. */
export type JudgeVerdictLabel = z.infer<typeof JudgeVerdictLabel>;

/** One question of a synthesis run: its status, claim accounting and (when judged) the verdict. */
export const SynthesisRow = /* @__PURE__ */ (() =>
  z
    .strictObject({
      /** Id of the question (never its text, so a redacted report stays redacted). */
      queryId: Identifier,
      /** `answered` with accepted claims, `abstained` (none written), or `rejected` (a `SynthesisError`). */
      status: z.enum(['answered', 'abstained', 'rejected']),
      /** The rejection code (`SynthesisError.code`) when `status` is `rejected`. */
      rejectionCode: Identifier.optional(),
      /** Claims the model wrote. */
      claimsWritten: Count,
      /** Claims that survived verification (never more than written); 0 unless the row is answered. */
      claimsAccepted: Count,
      /** The judge's verdict; present only on judged, answered rows. */
      verdict: JudgeVerdictLabel.optional(),
    })
    .superRefine((row, ctx) => {
      if (row.claimsAccepted > row.claimsWritten) {
        ctx.addIssue({
          code: 'custom',
          path: ['claimsAccepted'],
          message: 'expected claimsAccepted <= claimsWritten',
        });
      }
      // As `buildSynthesisRow` writes: accepted claims only on an answered row, and an abstention wrote no
      // claim at all (a verification abstains only without claims or rejections).
      if (row.status === 'answered' && row.claimsAccepted === 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['claimsAccepted'],
          message:
            'expected at least one accepted claim on an answered row (an answer without one is no answer)',
        });
      }
      if (row.status !== 'answered' && row.claimsAccepted > 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['claimsAccepted'],
          message: `expected 0 accepted claims on a row that is ${row.status} (only an answered row shows claims), received ${row.claimsAccepted}`,
        });
      }
      if (row.status === 'abstained' && row.claimsWritten > 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['claimsWritten'],
          message: `expected 0 claims written on an abstained row (an answer with a claim is answered or rejected), received ${row.claimsWritten}`,
        });
      }
      if ((row.status === 'rejected') !== (row.rejectionCode !== undefined)) {
        ctx.addIssue({
          code: 'custom',
          path: ['rejectionCode'],
          message: 'expected rejectionCode exactly when status is rejected',
        });
      }
      if (row.verdict !== undefined && row.status !== 'answered') {
        ctx.addIssue({
          code: 'custom',
          path: ['verdict'],
          message: 'expected a verdict only on an answered row',
        });
      }
    }, WHEN_FIELDS_PARSED))();
/** One question of a synthesis run: its status, claim accounting and (when judged) the verdict. */
export type SynthesisRow = z.infer<typeof SynthesisRow>;

/** Totals of a synthesis run; each is recomputed from `rows` on parse. */
export const SynthesisCounts = /* @__PURE__ */ (() =>
  z.strictObject({
    /** All questions (`answered + abstained + rejected`). */
    questions: Count,
    /** Questions answered with at least one accepted claim. */
    answered: Count,
    /** Questions the pipeline abstained on. */
    abstained: Count,
    /** Questions whose synthesis was rejected. */
    rejected: Count,
    /** Answered questions sent to the judge (`faithful + unfaithful + judgeErrors`). */
    judged: Count,
    /** Judged questions with a faithful verdict. */
    faithful: Count,
    /** Judged questions with an unfaithful verdict. */
    unfaithful: Count,
    /** Judged questions whose judge output was rejected. */
    judgeErrors: Count,
    /** Claims the model wrote, over all rows. */
    claimsWritten: Count,
    /** Claims that survived verification, over all rows. */
    claimsAccepted: Count,
  }))();
/** Totals of a synthesis run; each is recomputed from `rows` on parse. */
export type SynthesisCounts = z.infer<typeof SynthesisCounts>;

/** The synthesis (and optional advisory judge) section of an evaluation; holds counts, never a score. */
export const SynthesisReport = /* @__PURE__ */ (() =>
  z
    .strictObject({
      /** Version of this schema; this package reads version 1. */
      schemaVersion: z.literal(1),
      /** The retrieval stage whose passages were given to the model. */
      inputStage: StageName,
      /** The synthesis model. */
      model: ModelIdentity,
      /** SHA-256 of the synthesis prompt template actually used. */
      promptHash: Sha256Hex,
      /** The advisory judge, all fields or none; absent means nothing was judged. */
      judge: JudgeIdentity.optional(),
      /** True when the redaction middleware was on for the model calls. */
      redacted: z.boolean(),
      /** Totals, which must equal the counts of `rows`. */
      counts: SynthesisCounts,
      /** Accepted over written claims, or `null` when no claim was written. */
      claimAcceptance: NullableRate,
      /** One row per question; query ids are unique. */
      rows: z.array(SynthesisRow),
    })
    .superRefine((report, ctx) => {
      expectUniqueIds(
        ctx,
        report.rows.map((row) => row.queryId),
        (index) => ['rows', index, 'queryId'],
      );
      const expected = tallyRows(report.rows);
      const inexact = CLAIM_COUNTS.find((key) => expected[key] > Number.MAX_SAFE_INTEGER);
      if (inexact !== undefined) {
        // Past 2^53 - 1 the sum is rounded: no stored count could be checked against it.
        ctx.addIssue({
          code: 'custom',
          path: ['rows'],
          message: `expected ${inexact} of the rows to add up to at most 2^53 - 1, received more`,
        });
      } else {
        for (const key of Object.keys(expected) as Array<keyof SynthesisCounts>) {
          expectCount(ctx, ['counts', key], report.counts[key], expected[key], `${key} recomputed from rows`);
        }
      }
      const { counts } = report;
      expectCount(
        ctx,
        ['counts', 'judged'],
        counts.judged,
        counts.faithful + counts.unfaithful + counts.judgeErrors,
        'faithful + unfaithful + judgeErrors',
      );
      if (report.judge === undefined && counts.judged > 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['judge'],
          message: 'expected a judge identity when any row is judged',
        });
      }
      const acceptance = counts.claimsWritten === 0 ? null : counts.claimsAccepted / counts.claimsWritten;
      expectRate(
        ctx,
        ['claimAcceptance'],
        report.claimAcceptance,
        acceptance,
        'claimsAccepted / claimsWritten',
      );
    }, WHEN_FIELDS_PARSED))();
/** The synthesis (and optional advisory judge) section of an evaluation; holds counts, never a score. */
export type SynthesisReport = z.infer<typeof SynthesisReport>;

const STATUSES: readonly unknown[] = ['answered', 'abstained', 'rejected'];
const VERDICTS: readonly unknown[] = [undefined, 'faithful', 'unfaithful', 'judge_error'];
const isCount = (value: unknown): boolean => Number.isSafeInteger(value) && (value as number) >= 0;

type CountedRow = Pick<SynthesisRow, 'status' | 'claimsWritten' | 'claimsAccepted' | 'verdict'>;

/**
 * What counting reads of `row`, each field read once into a copy (a getter read twice could pass the check and then
 * count as something else); throws `InvalidArgumentError` unless it is a status, claim counts and a verdict label.
 */
function readRow(row: unknown, parameter: string): CountedRow {
  checkArgument(isObject(row), parameter, 'a synthesis row', row);
  const { status, claimsWritten, claimsAccepted, verdict } = row as Record<string, unknown>;
  checkArgument(STATUSES.includes(status), `${parameter}.status`, 'a row status', status);
  checkArgument(isCount(claimsWritten), `${parameter}.claimsWritten`, 'a count', claimsWritten);
  checkArgument(isCount(claimsAccepted), `${parameter}.claimsAccepted`, 'a count', claimsAccepted);
  checkArgument(VERDICTS.includes(verdict), `${parameter}.verdict`, 'a verdict label', verdict);
  return { status, claimsWritten, claimsAccepted, verdict } as CountedRow;
}

/**
 * Computes the `counts` block of a `SynthesisReport` from its rows, so writers never count by hand. Throws
 * `InvalidArgumentError` for anything but an array of rows with a status, claim counts and a verdict label, for
 * claim counts that add up past 2^53 - 1 (no longer exact; the parameter names the field), and for rows that throw
 * when read.
 */
export function countSynthesisRows(rows: readonly SynthesisRow[]): SynthesisCounts {
  const copies = readArgument('rows', () => {
    checkArgument(Array.isArray(rows), 'rows', 'an array of synthesis rows', rows);
    // By index, its length read once, never through the array's own `entries`: a hole is refused where it is.
    return Array.from({ length: rows.length }, (_, index) => readRow(rows[index], `rows[${index}]`));
  });
  const counts = tallyRows(copies);
  for (const key of CLAIM_COUNTS) {
    checkArgument(
      counts[key] <= Number.MAX_SAFE_INTEGER,
      `rows[].${key}`,
      'counts that add up to at most 2^53 - 1',
      counts[key],
    );
  }
  return counts;
}

/** The counts that sum a field of the rows, and so can pass 2^53 - 1; the others count rows. */
const CLAIM_COUNTS = ['claimsWritten', 'claimsAccepted'] as const;

/** The counts of rows already checked (or parsed), the claim counts summed as they are, even past 2^53 - 1. */
function tallyRows(copies: readonly CountedRow[]): SynthesisCounts {
  const counts: SynthesisCounts = {
    questions: 0,
    answered: 0,
    abstained: 0,
    rejected: 0,
    judged: 0,
    faithful: 0,
    unfaithful: 0,
    judgeErrors: 0,
    claimsWritten: 0,
    claimsAccepted: 0,
  };
  for (const row of copies) {
    counts.questions += 1;
    counts[row.status] += 1;
    counts.claimsWritten += row.claimsWritten;
    counts.claimsAccepted += row.claimsAccepted;
    if (row.verdict !== undefined) {
      counts.judged += 1;
      if (row.verdict === 'faithful') counts.faithful += 1;
      else if (row.verdict === 'unfaithful') counts.unfaithful += 1;
      else counts.judgeErrors += 1;
    }
  }
  return counts;
}

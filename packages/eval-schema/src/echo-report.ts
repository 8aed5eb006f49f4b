import { checkArgument, isObject } from '@gk/internal';
import { z } from 'zod';
import { Count, Identifier, IsoDateTime } from './primitives.js';
import { readArgument } from './read-argument.js';
import { expectCount, expectNotBefore, expectUniqueIds, WHEN_FIELDS_PARSED } from './rules.js';

/** What one echo case observed: the positive cited, the decoy cited, an abstention, or a self-rejection. */
export const EchoOutcome = /* @__PURE__ */ (() =>
  z.enum(['grounded', 'wrong_source', 'abstained', 'rejected']))();
/** What one echo case observed: the positive cited, the decoy cited, an abstention, or a self-rejection. */
export type EchoOutcome = z.infer<typeof EchoOutcome>;

/** One planted-marker case of an echo check. */
export const EchoCase = /* @__PURE__ */ (() =>
  z.strictObject({
    /** Stable id of the case within the run. */
    caseId: Identifier,
    /** What the pipeline did with the case. */
    outcome: EchoOutcome,
    /** True when the absent marker appeared in the answer or in any citation. */
    leaked: z.boolean(),
    /** The question asked (synthetic, contains no user data). */
    question: z.string().optional(),
    /**
     * The 1-based source numbers the answer cited, in first-mention order: for a grounded case exactly one, the
     * positive's place (1 or 2); for an abstained case none. Each number once.
     */
    citedSources: z.array(z.int().min(1)).optional(),
    /** A short human-readable diagnostic (never the full completion). */
    detail: z.string().optional(),
  }))();
/** One planted-marker case of an echo check. */
export type EchoCase = z.infer<typeof EchoCase>;

/** Per-outcome totals of an echo check; every number is recomputed from `cases` on parse. */
export const EchoCounts = /* @__PURE__ */ (() =>
  z.strictObject({
    /** Cases with outcome `grounded`. */
    grounded: Count,
    /** Cases with outcome `wrong_source`. */
    wrongSource: Count,
    /** Cases with outcome `abstained`. */
    abstained: Count,
    /** Cases with outcome `rejected`. */
    rejected: Count,
    /** Cases with `leaked: true` (independent of the outcome). */
    leaked: Count,
    /** All cases. */
    total: Count,
  }))();
/** Per-outcome totals of an echo check; every number is recomputed from `cases` on parse. */
export type EchoCounts = z.infer<typeof EchoCounts>;

/**
 * Computes the `counts` block of an `EchoReport` from its cases, so writers never count by hand. Throws
 * `InvalidArgumentError` for anything but an array of `{ outcome, leaked }` cases that reads without throwing.
 */
export function countEchoCases(cases: readonly Pick<EchoCase, 'outcome' | 'leaked'>[]): EchoCounts {
  const counts: EchoCounts = { grounded: 0, wrongSource: 0, abstained: 0, rejected: 0, leaked: 0, total: 0 };
  readArgument('cases', () => {
    checkArgument(Array.isArray(cases), 'cases', 'an array of echo cases', cases);
    // By index, its length read once, never through the array's own `entries` (which could yield cases it does not
    // hold): a hole reads as undefined and is refused there, before the rest of a sparse array is visited.
    for (let index = 0, length = cases.length; index < length; index += 1) {
      const c: unknown = cases[index];
      checkArgument(isObject(c), `cases[${index}]`, '{ outcome, leaked }', c);
      // Each field read once: a getter cannot show the check one value and the count another.
      const { outcome, leaked } = c as Record<string, unknown>;
      checkArgument(typeof leaked === 'boolean', `cases[${index}]`, '{ outcome, leaked }', c);
      if (outcome === 'grounded') counts.grounded += 1;
      else if (outcome === 'wrong_source') counts.wrongSource += 1;
      else if (outcome === 'abstained') counts.abstained += 1;
      else if (outcome === 'rejected') counts.rejected += 1;
      else checkArgument(false, `cases[${index}].outcome`, 'an EchoOutcome', outcome);
      if (leaked) counts.leaked += 1;
      counts.total += 1;
    }
  });
  return counts;
}

/** The artifact of one planted-marker echo check run (own schema version; never nested in `EvalReport`). */
export const EchoReport = /* @__PURE__ */ (() =>
  z
    .strictObject({
      /** Version of this schema; this package reads version 1. */
      schemaVersion: z.literal(1),
      /** Discriminates the artifact when files are read without context. */
      kind: z.literal('echo'),
      /** Unique id of the run. */
      runId: Identifier,
      /** When the run started. */
      startedAt: IsoDateTime,
      /** When the run finished, if recorded. */
      finishedAt: IsoDateTime.optional(),
      /** One entry per case, in run order; case ids are unique, also as they are shown (see `expectUniqueIds`). */
      cases: z.array(EchoCase),
      /** Totals, which must equal the counts of `cases`. */
      counts: EchoCounts,
    })
    .superRefine((report, ctx) => {
      expectNotBefore(ctx, ['finishedAt'], report.finishedAt, report.startedAt, 'startedAt');
      expectUniqueIds(
        ctx,
        report.cases.map((echoCase) => echoCase.caseId),
        (index) => ['cases', index, 'caseId'],
      );
      for (const [index, echoCase] of report.cases.entries()) expectSourcesFitOutcome(ctx, echoCase, index);
      const expected = countEchoCases(report.cases);
      for (const key of Object.keys(expected) as Array<keyof EchoCounts>) {
        expectCount(ctx, ['counts', key], report.counts[key], expected[key], `${key} recomputed from cases`);
      }
    }, WHEN_FIELDS_PARSED))();
/** The artifact of one planted-marker echo check run (own schema version; never nested in `EvalReport`). */
export type EchoReport = z.infer<typeof EchoReport>;

/**
 * Adds an issue for a case whose cited sources repeat one (the list is of distinct sources) or contradict its outcome:
 * a grounded case cited the positive alone, so it names exactly one source, 1 or 2 (citing both is `wrong_source`);
 * an abstained case cited nothing.
 */
function expectSourcesFitOutcome(ctx: z.RefinementCtx, echoCase: EchoCase, index: number): void {
  const cited = echoCase.citedSources ?? [];
  let expected: string | undefined;
  if (new Set(cited).size !== cited.length) {
    expected = 'the cited sources are distinct, each named once in first-mention order';
  } else if (echoCase.outcome === 'grounded' && !(cited.length === 1 && cited[0]! <= 2)) {
    expected = 'a grounded case cites exactly one source, the positive (1 or 2)';
  } else if (echoCase.outcome === 'abstained' && cited.length > 0) {
    expected = 'an abstained case cites no source';
  }
  if (expected === undefined) return;
  const shown = cited.slice(0, 5).join(', ') + (cited.length > 5 ? ', …' : '');
  ctx.addIssue({
    code: 'custom',
    path: ['cases', index, 'citedSources'],
    message: `${expected}; received ${cited.length === 0 ? 'none' : `[${shown}]`}`,
  });
}

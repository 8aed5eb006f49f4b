// The lexical support check against the experts' labels: precision and recall of "supported" (Complete) at
// each minCoverage, next to the trivial baseline that accepts every cited claim.
import { parseMarkers, verifyAnswer } from '../src/index.js';
import { passagesOf } from './evaluate-expertqa.js';
import type { ExpertRow } from './real-data.js';

/** The minCoverage values of the table: 0.30 to 0.90 in steps of 0.05, and the original design's 0.66. */
export const COVERAGE_GRID: readonly number[] = [
  ...Array.from({ length: 13 }, (_, i) => Math.round((0.3 + i * 0.05) * 100) / 100),
  0.66,
].sort((a, b) => a - b);

/** Counts for "supported": accepted and Complete (tp), accepted otherwise (fp), refused Complete (fn), refused otherwise (tn). */
export interface Confusion {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}

/** The support check's measurements. */
export interface SupportResult {
  /** Claims measured: labelled, cited, and every cited source has text. */
  considered: number;
  complete: number;
  /** Claims left out, by reason. */
  skipped: { unlabelled: number; uncited: number; noText: number };
  /** Accepting every cited claim. */
  baseline: Confusion;
  rows: Array<{ minCoverage: number } & Confusion>;
}

// Complete = supported; Partial, Incomplete and Missing = not supported; N/A and unlabelled are left out.
const POSITIVE = new Set(['Complete']);
const NEGATIVE = new Set(['Partial', 'Incomplete', 'Missing']);

/**
 * Each labelled claim (a sentence with its own markers) is verified on its own, one line, against the evidence
 * texts of its sources, with only the support check deciding (quotations and identifiers off).
 */
export function evaluateSupport(
  rows: readonly ExpertRow[],
  grid: readonly number[] = COVERAGE_GRID,
): SupportResult {
  const result: SupportResult = {
    considered: 0,
    complete: 0,
    skipped: { unlabelled: 0, uncited: 0, noText: 0 },
    baseline: { tp: 0, fp: 0, fn: 0, tn: 0 },
    rows: grid.map((minCoverage) => ({ minCoverage, tp: 0, fp: 0, fn: 0, tn: 0 })),
  };
  for (const row of rows) {
    const { passages, withText } = passagesOf(row);
    for (const claim of row.claims) {
      const label = claim.support ?? 'N/A';
      const cited = parseMarkers(claim.claim).flatMap((m) => m.numbers);
      if (!(POSITIVE.has(label) || NEGATIVE.has(label))) result.skipped.unlabelled++;
      else if (cited.length === 0) result.skipped.uncited++;
      else if (!cited.every((n) => withText.has(n))) result.skipped.noText++;
      else {
        const actual = POSITIVE.has(label);
        result.considered++;
        if (actual) result.complete++;
        tally(result.baseline, true, actual);
        for (const entry of result.rows) {
          const verification = verifyAnswer(claim.claim, passages, {
            support: { minCoverage: entry.minCoverage },
            unit: 'line',
            quotes: false,
            identifiers: [],
          });
          tally(entry, verification.rejected.length === 0 && verification.claims.length > 0, actual);
        }
      }
    }
  }
  return result;
}

function tally(matrix: Confusion, predicted: boolean, actual: boolean): void {
  if (predicted && actual) matrix.tp++;
  else if (predicted) matrix.fp++;
  else if (actual) matrix.fn++;
  else matrix.tn++;
}

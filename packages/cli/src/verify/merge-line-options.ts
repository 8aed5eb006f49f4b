import type { VerifyOptions } from '@gk/citations';
import { DEFAULT_MIN_COVERAGE } from '@gk/citations/verify';

// The verifier's default for `quotes.minLength` (not exported by its entry).
const DEFAULT_MIN_QUOTE_LENGTH = 12;

/**
 * Lays a log line's own `options` under the command line's (`--options`, `--support`, ...): the command line
 * wins, and a line may only tighten the checks. It may require citations, turn the support check on or raise
 * its `minCoverage`, turn quotation checks on or lower their `minLength`, and turn `ranges` off. Whatever would
 * accept more (no citations required, support or quotes off, a lower coverage, ranges, its own unit, locale,
 * identifier rules, stop words or abstention token) is ignored: the log is what is being checked, so it does
 * not get to relax the check.
 */
export function mergeLineOptions(command: VerifyOptions, line: VerifyOptions): VerifyOptions {
  const merged: VerifyOptions = { ...command };
  if (line.requireCitations === true && command.requireCitations === false) merged.requireCitations = true;
  if (line.ranges === false && command.ranges === true) merged.ranges = false;
  if (line.support !== undefined && line.support !== false) {
    const own = line.support.minCoverage ?? DEFAULT_MIN_COVERAGE;
    if (command.support === undefined || command.support === false) {
      merged.support = { minCoverage: own };
    } else {
      const minCoverage = Math.max(command.support.minCoverage ?? DEFAULT_MIN_COVERAGE, own);
      merged.support = { ...command.support, minCoverage };
    }
  }
  if (line.quotes !== undefined && line.quotes !== false) {
    const own = minQuoteLength(line.quotes);
    if (command.quotes === false) merged.quotes = { minLength: own };
    else merged.quotes = { minLength: Math.min(minQuoteLength(command.quotes ?? true), own) };
  }
  return merged;
}

function minQuoteLength(quotes: true | { minLength?: number }): number {
  return (typeof quotes === 'object' && quotes.minLength) || DEFAULT_MIN_QUOTE_LENGTH;
}

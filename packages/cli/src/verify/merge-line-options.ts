import type { VerifyOptions } from '@gk/citations';
import { DEFAULT_MIN_COVERAGE } from '@gk/citations/verify';

/**
 * Lays a log line's own `options` under the command line's (`--options`, `--support`, ...): the command line
 * wins, and a line may only tighten the checks. It may turn the support check on or raise its `minCoverage`: the
 * option in which the verifier is monotone (it only adds a rejection, never lifts one). Everything else is ignored:
 * what would accept more (no citations required, support off, a lower coverage, its own unit, locale, identifier
 * rules, stop words or abstention token), requiring citations (an answer without a marker then abstains, which lifts
 * the rejections `requireCitations: false` gives its uncited claims: a URL no cited passage holds, a look-alike
 * marker; ADR 0072), and `ranges` and `quotes`, which look
 * stricter but are not: without ranges `[2-9]` is no marker, so a claim rejected as `marker_out_of_range` is
 * accepted on its `[1]`, and a source-list entry whose quotation is found (quotes on, or a shorter `minLength`)
 * has the quoted words set aside, so an entry rejected as `source_list_mismatch` is accepted (ADR 0040). The log
 * is what is being checked, so it does not get to relax the check.
 */
export function mergeLineOptions(command: VerifyOptions, line: VerifyOptions): VerifyOptions {
  const merged: VerifyOptions = { ...command };
  if (line.support !== undefined && line.support !== false) {
    const own = line.support.minCoverage ?? DEFAULT_MIN_COVERAGE;
    if (command.support === undefined || command.support === false) {
      merged.support = { minCoverage: own };
    } else {
      const minCoverage = Math.max(command.support.minCoverage ?? DEFAULT_MIN_COVERAGE, own);
      merged.support = { ...command.support, minCoverage };
    }
  }
  return merged;
}

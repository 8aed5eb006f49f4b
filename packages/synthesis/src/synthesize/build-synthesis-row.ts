import { summarizeVerifications } from '@gk/citations';
import { Identifier, type JudgeOutcome, type SynthesisRow, verdictLabelOf } from '@gk/eval-schema';
import { checkArgument, InvalidArgumentError, isObject, readOptions, readArgument } from '@gk/internal';
import { SynthesisError } from './synthesis-error.js';
import type { SynthesizeResult } from './synthesize.js';

/** Options for {@link buildSynthesisRow}. */
export interface BuildSynthesisRowOptions {
  /** The question's id in the report (never its text). */
  queryId: string;
  /** What `synthesize` returned for the question, or the `SynthesisError` it threw. */
  synthesis: SynthesizeResult | SynthesisError;
  /** The judge's outcome on an answered question: its verdict, or the error it threw instead. */
  judge?: JudgeOutcome;
}

/**
 * One `SynthesisReport` row from a synthesis outcome and, for an answered question, the judge's outcome:
 * status, the rejection code of a `SynthesisError`, claims written (`summarizeVerifications` of the
 * verification, or the `claimsRead` of a stream stopped at a refusal) and accepted (the claims the answer shows), and the verdict label (`verdictLabelOf`).
 */
export function buildSynthesisRow(options: BuildSynthesisRowOptions): SynthesisRow {
  readArgument('options', () => checkArgument(isObject(options), 'options', 'an options object', options));
  // A misspelt `judge` would write an answered row without its verdict, silently.
  const { queryId, synthesis, judge } = readOptions(options, ['queryId', 'synthesis', 'judge']);
  // As the report's schema reads it: a row it would refuse fails here, where the question is known, not at writing.
  checkArgument(
    Identifier.safeParse(queryId).success,
    'options.queryId',
    'an id the report schema accepts (a string with a visible character, no lone surrogate)',
    queryId,
  );
  if (SynthesisError.isInstance(synthesis)) {
    refuseJudge(judge, 'a rejected');
    // A stream that stopped at a refusal has no verification, only the claims it read up to there.
    const written =
      synthesis.verification === undefined
        ? (synthesis.claimsRead ?? 0)
        : claimsWritten(synthesis.verification);
    return {
      queryId,
      status: 'rejected',
      rejectionCode: synthesis.code,
      claimsWritten: written,
      claimsAccepted: 0,
    };
  }
  if (typeof synthesis !== 'object' || synthesis === null || !('verification' in synthesis)) {
    throw new InvalidArgumentError({
      parameter: 'options.synthesis',
      expected: 'a SynthesizeResult or a SynthesisError',
      received: synthesis,
    });
  }
  if (synthesis.status !== 'answered' && synthesis.status !== 'abstained') {
    throw new InvalidArgumentError({
      parameter: 'options.synthesis.status',
      expected: "'answered' or 'abstained', as synthesize returns",
      received: synthesis.status,
    });
  }
  const written = claimsWritten(synthesis.verification);
  if (synthesis.status === 'abstained') {
    refuseJudge(judge, 'an abstained');
    return { queryId, status: 'abstained', claimsWritten: written, claimsAccepted: 0 };
  }
  return {
    queryId,
    status: 'answered',
    claimsWritten: written,
    claimsAccepted: synthesis.claims.length,
    ...(judge === undefined ? {} : { verdict: verdictLabelOf(judge) }),
  };
}

// Claims written after duplicates merged; a claim synthesis rejected itself (unfinished) is among them.
function claimsWritten(verification: SynthesizeResult['verification']): number {
  return summarizeVerifications([verification]).claimsWritten;
}

function refuseJudge(judge: JudgeOutcome | undefined, what: string): void {
  if (judge !== undefined) {
    throw new InvalidArgumentError({
      parameter: 'options.judge',
      expected: `no judge outcome for ${what} question (only answered rows carry a verdict)`,
      received: judge,
    });
  }
}

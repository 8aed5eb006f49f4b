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
  // The result's fields are read once, here: a revoked proxy or a throwing getter is refused with a code.
  const read = readArgument('options.synthesis', () => readSynthesis(synthesis));
  if (read.kind === 'rejected') {
    refuseJudge(judge, 'a rejected');
    // A stream that stopped at a refusal has no verification, only the claims it read up to there.
    const written =
      read.verification === undefined ? (read.claimsRead ?? 0) : claimsWritten(read.verification);
    return {
      queryId,
      status: 'rejected',
      rejectionCode: read.code,
      claimsWritten: written,
      claimsAccepted: 0,
    };
  }
  if (read.kind === 'other') {
    throw new InvalidArgumentError({
      parameter: 'options.synthesis',
      expected: 'a SynthesizeResult or a SynthesisError',
      received: synthesis,
    });
  }
  if (read.status !== 'answered' && read.status !== 'abstained') {
    throw new InvalidArgumentError({
      parameter: 'options.synthesis.status',
      expected: "'answered' or 'abstained', as synthesize returns",
      received: read.status,
    });
  }
  const written = claimsWritten(read.verification);
  if (read.status === 'abstained') {
    refuseJudge(judge, 'an abstained');
    return { queryId, status: 'abstained', claimsWritten: written, claimsAccepted: 0 };
  }
  return {
    queryId,
    status: 'answered',
    claimsWritten: written,
    claimsAccepted: read.claims,
    ...(judge === undefined ? {} : { verdict: verdictLabelOf(judge) }),
  };
}

/** What a row is built from, read once from a `SynthesizeResult` or a `SynthesisError` (or neither: `other`). */
type ReadSynthesis =
  | {
      kind: 'rejected';
      code: SynthesisError['code'];
      verification: SynthesisError['verification'];
      claimsRead: number | undefined;
    }
  | { kind: 'result'; status: unknown; verification: SynthesizeResult['verification']; claims: number }
  | { kind: 'other' };

function readSynthesis(synthesis: unknown): ReadSynthesis {
  if (SynthesisError.isInstance(synthesis)) {
    const { code, verification, claimsRead } = synthesis;
    return { kind: 'rejected', code, verification, claimsRead };
  }
  if (typeof synthesis !== 'object' || synthesis === null || !('verification' in synthesis))
    return { kind: 'other' };
  const { status, verification, claims } = synthesis as SynthesizeResult;
  return { kind: 'result', status, verification, claims: status === 'answered' ? claims.length : 0 };
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

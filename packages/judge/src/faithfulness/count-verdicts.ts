import { checkArgument, InvalidArgumentError, readArgument } from '@gk/internal';
import { type JudgeOutcome, type SynthesisCounts, verdictLabelOf } from '@gk/eval-schema';

/** The judge counts a `SynthesisReport` holds; `faithful + unfaithful + judgeErrors = judged` always. */
export type VerdictCounts = Pick<SynthesisCounts, 'judged' | 'faithful' | 'unfaithful' | 'judgeErrors'>;

/** An accumulator for judge outcomes; it counts and never throws on an unfaithful verdict. */
export interface VerdictCounter {
  /** Records one judge call. */
  record(outcome: JudgeOutcome): void;
  /** The counts so far, as a fresh object. */
  counts(): VerdictCounts;
}

/** Creates an empty {@link VerdictCounter}; any error thrown by a judge call counts as a judge error. */
export function createVerdictCounter(): VerdictCounter {
  const counts: VerdictCounts = { judged: 0, faithful: 0, unfaithful: 0, judgeErrors: 0 };
  return {
    record(outcome) {
      // Label first: an outcome it refuses must leave every count as it was.
      const label = verdictLabelOf(outcome);
      counts.judged += 1;
      if (label === 'faithful') counts.faithful += 1;
      else if (label === 'unfaithful') counts.unfaithful += 1;
      else counts.judgeErrors += 1;
    },
    counts: () => ({ ...counts }),
  };
}

/** Counts a list of judge outcomes for a `SynthesisReport`. */
export function countVerdicts(outcomes: Iterable<JudgeOutcome>): VerdictCounts {
  // The iterator method is read once: the one checked is the one called.
  const iterate = readArgument('outcomes', () =>
    typeof outcomes === 'object' && outcomes !== null
      ? (outcomes as Partial<Iterable<JudgeOutcome>>)[Symbol.iterator]
      : undefined,
  );
  if (typeof iterate !== 'function') {
    throw new InvalidArgumentError({
      parameter: 'outcomes',
      expected: 'an iterable of judge outcomes (an array or a Set)',
      received: outcomes,
    });
  }
  const iterator: unknown = readArgument('outcomes', () => Reflect.apply(iterate, outcomes, []));
  checkArgument(
    typeof iterator === 'object' && iterator !== null,
    'outcomes',
    'an iterable of judge outcomes (its iterator method returned no iterator)',
    outcomes,
  );
  const counter = createVerdictCounter();
  // An iterator (or an array proxy) that throws is refused as the bad argument; a bad outcome names its own place.
  readArgument('outcomes', () => {
    for (const outcome of { [Symbol.iterator]: () => iterator as Iterator<JudgeOutcome> })
      counter.record(outcome);
  });
  return counter.counts();
}

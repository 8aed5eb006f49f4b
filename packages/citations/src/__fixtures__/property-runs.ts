// How many cases a fast-check property tries: the full count in the test suite, capped in mutation runs
// (stryker/vitest-base.ts sets GK_PROPERTY_RUNS_CAP), where every covering test reruns once per mutant under
// instrumentation and a 20,000-case fuzz would turn one mutant into minutes.

/** `count`, or the mutation-run cap when it is lower. */
export function propertyRuns(count: number): number {
  const cap = Number(process.env['GK_PROPERTY_RUNS_CAP']);
  return Number.isSafeInteger(cap) && cap > 0 ? Math.min(count, cap) : count;
}

/** A token count: a non-negative safe integer. */
const isCount = (value: unknown): boolean => Number.isSafeInteger(value) && (value as number) >= 0;

/**
 * The usage a model reported, with every token count that is no count (a BigInt, a string, an object, NaN, a
 * negative or fractional number, one past 2^53) read as `undefined`, as a count the provider did not report is: the
 * AI SDK adds the counts up unchecked (`11n + 7` throws a bare TypeError, `'11' + 0` is `'110'`), so they are cleaned
 * before it reads them. Both shapes are read: the nested totals of the v3 and v4 specifications
 * (`inputTokens: { total, ... }`) and the flat counts of v2; `raw`, the provider's own report, is kept as it is. In the
 * nested shape (`nested`: a model of v3 or later) a usage or a total that is no object is read as one with no counts
 * (the AI SDK reads `usage.inputTokens.total`, which throws on `undefined`); in the flat one, anything that is no
 * object is returned as it is.
 */
export function countedUsage(usage: unknown, nested = false): unknown {
  if (typeof usage !== 'object' || usage === null)
    return nested ? { inputTokens: {}, outputTokens: {} } : usage;
  const counted: Record<string, unknown> = nested ? { inputTokens: {}, outputTokens: {} } : {};
  for (const [key, value] of Object.entries(usage)) {
    if (key === 'raw') counted[key] = value;
    else if (
      nested &&
      (key === 'inputTokens' || key === 'outputTokens') &&
      !(typeof value === 'object' && value !== null)
    )
      counted[key] = {};
    else if (typeof value === 'object' && value !== null) {
      const counts: Record<string, unknown> = {};
      for (const [name, count] of Object.entries(value)) counts[name] = isCount(count) ? count : undefined;
      counted[key] = counts;
    } else counted[key] = isCount(value) ? value : undefined;
  }
  return counted;
}

/** Whether a model reports usage in the nested shape: its specification is v3 or later (v2's counts are flat). */
export const usesNestedUsage = (model: object): boolean =>
  (model as { specificationVersion?: unknown }).specificationVersion !== 'v2';

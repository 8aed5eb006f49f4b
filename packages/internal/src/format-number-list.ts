/**
 * Numbers for a message: `[3]`, `[3] and [5]`, `[3], [5] and [9]`; past `max` items the rest are counted
 * (`[1], [2], [3] and 7 more`). `bracket: false` writes them bare. A number past 2^53 is written
 * `a number past 2^53`, since its digits were not kept exactly.
 */
export function formatNumberList(
  numbers: readonly number[],
  options: { bracket?: boolean; max?: number } = {},
): string {
  const { bracket = true, max = 10 } = options;
  const shown = numbers.slice(0, max).map((n) => {
    const written = n > Number.MAX_SAFE_INTEGER ? 'a number past 2^53' : String(n);
    return bracket ? `[${written}]` : written;
  });
  const rest = numbers.length - shown.length;
  if (rest > 0) return `${shown.join(', ')} and ${rest} more`;
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}

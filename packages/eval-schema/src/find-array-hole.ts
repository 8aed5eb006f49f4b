/**
 * The path of the first missing element of an array anywhere in `value`, or undefined when there is none. A JSON
 * value has no holes, but an object built in memory may (`new Array(2 ** 32 - 1)`): the schemas would read every
 * index up to its `length`. This walk stops at the first hole, so it costs what `value` holds, and visits each object
 * once (a cycle ends).
 */
export function findArrayHole(value: unknown): Array<string | number> | undefined {
  const seen = new Set<object>();
  const stack: Array<{ value: unknown; path: Array<string | number> }> = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    if (Array.isArray(current)) {
      for (let index = 0; index < current.length; index += 1) {
        if (!(index in current)) return [...path, index];
        stack.push({ value: current[index], path: [...path, index] });
      }
    } else {
      for (const key of Object.keys(current)) {
        stack.push({ value: (current as Record<string, unknown>)[key], path: [...path, key] });
      }
    }
  }
  return undefined;
}

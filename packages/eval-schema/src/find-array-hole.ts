/** A value waiting to be visited: the key it sits under in its parent, and the parent's own visit. */
interface Visit {
  value: unknown;
  key: string | number;
  parent: Visit | undefined;
}

/**
 * The path of the first missing element of an array anywhere in `value`, or undefined when there is none. A JSON
 * value has no holes, but an object built in memory may (`new Array(2 ** 32 - 1)`): the schemas would read every
 * index up to its `length`. This walk stops at the first hole, so it costs what `value` holds, and visits each object
 * once (a cycle ends). Each visit links to its parent and only the hole's path is built: a copy of the path for
 * every value visited would make 10^5 nested arrays cost 10^10 steps.
 */
export function findArrayHole(value: unknown): Array<string | number> | undefined {
  const seen = new Set<object>();
  const stack: Visit[] = [{ value, key: 0, parent: undefined }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const current = visit.value;
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    if (Array.isArray(current)) {
      for (let index = 0; index < current.length; index += 1) {
        if (!(index in current)) return pathOf({ value: undefined, key: index, parent: visit });
        stack.push({ value: current[index], key: index, parent: visit });
      }
    } else {
      for (const key of Object.keys(current)) {
        stack.push({ value: (current as Record<string, unknown>)[key], key, parent: visit });
      }
    }
  }
  return undefined;
}

/** The keys from the root (which has no key) down to `visit`. */
function pathOf(visit: Visit): Array<string | number> {
  const path: Array<string | number> = [];
  for (let at = visit; at.parent !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
}

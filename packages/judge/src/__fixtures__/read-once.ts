/**
 * `target` behind a proxy that counts the reads of each property, for tests that a function reads each option once:
 * a getter read twice could pass a check with one value and be used with another.
 */
export function countingReads<T extends object>(target: T): { proxy: T; reads: Map<PropertyKey, number> } {
  const reads = new Map<PropertyKey, number>();
  const proxy = new Proxy(target, {
    get(object, key, receiver) {
      reads.set(key, (reads.get(key) ?? 0) + 1);
      return Reflect.get(object, key, receiver);
    },
  });
  return { proxy, reads };
}

/** The string-keyed properties read more than once, with their counts (`then` aside: `await` probes it). */
export function readTwice(reads: Map<PropertyKey, number>): Record<string, number> {
  return Object.fromEntries(
    [...reads].filter(([key, count]) => typeof key === 'string' && key !== 'then' && count > 1),
  );
}

/** A copy of `target` whose `key` reads `first` the first time and `later` every time after. */
export function switching<T extends object>(target: T, key: PropertyKey, first: unknown, later: unknown): T {
  let reads = 0;
  const copy = { ...target };
  Object.defineProperty(copy, key, {
    enumerable: true,
    get: () => {
      reads += 1;
      return reads === 1 ? first : later;
    },
  });
  return copy;
}

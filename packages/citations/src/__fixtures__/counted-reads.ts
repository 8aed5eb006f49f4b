/** `object` with each field a getter that counts its reads and answers `later(key, value)` after the first. */
export function counted<T extends object>(
  object: T,
  later: (key: string, value: unknown) => unknown = (_key, value) => value,
): { value: T; reads: Record<string, number> } {
  const reads: Record<string, number> = {};
  const value = {} as T;
  for (const [key, field] of Object.entries(object)) {
    reads[key] = 0;
    Object.defineProperty(value, key, {
      enumerable: true,
      get: () => (++reads[key]! === 1 ? field : later(key, field)),
    });
  }
  return { value, reads };
}

/** The read counts expected when each field was read exactly once. */
export const ones = (reads: Record<string, number>) =>
  Object.fromEntries(Object.keys(reads).map((key) => [key, 1]));

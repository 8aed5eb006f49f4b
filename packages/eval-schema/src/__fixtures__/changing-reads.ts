/** An object whose `key` reads as `first` once, then as `later` on every read after. */
export function changing<T extends object>(base: T, key: string, first: unknown, later: unknown): T {
  let reads = 0;
  return Object.defineProperty({ ...base }, key, {
    enumerable: true,
    get: () => (reads++ === 0 ? first : later),
  });
}

/** An array of `items` whose element `index` reads as `first` once, then as `later`. */
export function changingArray<T>(items: T[], index: number, first: unknown, later: unknown): T[] {
  let reads = 0;
  return new Proxy(items, {
    get: (target, key, receiver) =>
      key === String(index) ? (reads++ === 0 ? first : later) : Reflect.get(target, key, receiver),
  });
}

/**
 * Counts the calls of `Array.prototype.push` and `Set.prototype.add` while `run` runs: the work a scale test bounds
 * without timing anything. The originals are put back however `run` ends.
 */
export function countedCalls<T>(run: () => T): [T, number] {
  let calls = 0;
  const restore: Array<() => void> = [];
  for (const [proto, name] of [
    [Array.prototype, 'push'],
    [Set.prototype, 'add'],
  ] as unknown as Array<[Record<string, unknown>, string]>) {
    const original = proto[name] as (...args: unknown[]) => unknown;
    Object.defineProperty(proto, name, {
      configurable: true,
      writable: true,
      value(this: unknown, ...args: unknown[]) {
        calls++;
        return original.apply(this, args);
      },
    });
    restore.push(() =>
      Object.defineProperty(proto, name, { configurable: true, writable: true, value: original }),
    );
  }
  try {
    return [run(), calls];
  } finally {
    for (const undo of restore) undo();
  }
}

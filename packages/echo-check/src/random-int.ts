/** A uniform integer in `[min, max]` from Web Crypto, without modulo bias. */
export function randomInt(min: number, max: number): number {
  const span = max - min + 1;
  const limit = Math.floor(0x1_0000_0000 / span) * span;
  const buffer = new Uint32Array(1);
  for (;;) {
    globalThis.crypto.getRandomValues(buffer);
    const value = buffer[0]!;
    if (value < limit) return min + (value % span);
  }
}

/** One element of a non-empty list, chosen uniformly. */
export function pick<T>(list: readonly T[]): T {
  return list[randomInt(0, list.length - 1)]!;
}

// Web Crypto calls cost tens of microseconds each in Node, so random bytes are drawn 4 KiB at a time.
const POOL_SIZE = 4096;
const pool = new Uint8Array(POOL_SIZE);
let used = POOL_SIZE;

/** Fills `target` with bytes from Web Crypto (`globalThis.crypto.getRandomValues`), drawn through a pool. */
export function fillRandom(target: Uint8Array): Uint8Array {
  for (let index = 0; index < target.length; index++) {
    if (used === POOL_SIZE) {
      globalThis.crypto.getRandomValues(pool);
      used = 0;
    }
    target[index] = pool[used]!;
    pool[used++] = 0;
  }
  return target;
}

const word = new Uint8Array(4);

/** A uniform integer in `[min, max]` from Web Crypto, without modulo bias. */
export function randomInt(min: number, max: number): number {
  const span = max - min + 1;
  const limit = Math.floor(0x1_0000_0000 / span) * span;
  for (;;) {
    fillRandom(word);
    const value = (word[0]! * 0x100_0000 + (word[1]! << 16) + (word[2]! << 8) + word[3]!) >>> 0;
    if (value < limit) return min + (value % span);
  }
}

/** One element of a non-empty list, chosen uniformly. */
export function pick<T>(list: readonly T[]): T {
  return list[randomInt(0, list.length - 1)]!;
}

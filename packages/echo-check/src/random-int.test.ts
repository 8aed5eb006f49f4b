import { afterEach, describe, expect, it, vi } from 'vitest';
import { fillRandom, pick, randomInt } from './random-int.js';

// Scripted Web Crypto bytes: each test first drains the module's 4 KiB pool, so its next byte comes from a fresh fill.

const POOL_SIZE = 4096;

afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * Scripts `getRandomValues`: every fill after this call starts with the next of `fills` (zero-padded), and the
 * pool is left exactly at its end, so the next byte drawn is the first byte of the first scripted fill.
 */
function scriptFills(fills: number[][]): { calls: () => number } {
  let calls = 0;
  const queue: number[][] = [];
  vi.spyOn(globalThis.crypto, 'getRandomValues').mockImplementation(
    <T extends ArrayBufferView | null>(array: T): T => {
      calls++;
      const bytes = array as unknown as Uint8Array;
      bytes.fill(0);
      bytes.set(queue.shift() ?? []);
      return array;
    },
  );
  // Draw single bytes until a fill happens (the pool then sits at 1), then draw the rest of that fill.
  const one = new Uint8Array(1);
  for (let guard = 0; calls === 0 && guard <= POOL_SIZE; guard++) fillRandom(one);
  expect(calls).toBe(1);
  fillRandom(new Uint8Array(POOL_SIZE - 1));
  expect(calls).toBe(1);
  queue.push(...fills);
  return { calls: () => calls };
}

describe('fillRandom', () => {
  it('hands out pool bytes in order, consuming none for an empty target', () => {
    const { calls } = scriptFills([[7, 8, 9, 10, 11]]);
    expect(fillRandom(new Uint8Array(0))).toEqual(new Uint8Array(0));
    expect(calls()).toBe(1);
    expect(fillRandom(new Uint8Array(2))).toEqual(new Uint8Array([7, 8]));
    expect(calls()).toBe(2);
    expect(fillRandom(new Uint8Array(0))).toEqual(new Uint8Array(0));
    expect(fillRandom(new Uint8Array(3))).toEqual(new Uint8Array([9, 10, 11]));
  });

  it('refills only when the pool is spent, continuing with the next fill', () => {
    const first = Array.from({ length: POOL_SIZE }, (_, index) => (index % 250) + 1);
    const { calls } = scriptFills([first, [42, 43]]);
    const all = fillRandom(new Uint8Array(POOL_SIZE));
    expect(calls()).toBe(2);
    expect([...all]).toEqual(first);
    expect(fillRandom(new Uint8Array(2))).toEqual(new Uint8Array([42, 43]));
    expect(calls()).toBe(3);
  });

  it('returns the very target it filled', () => {
    scriptFills([[5]]);
    const target = new Uint8Array(1);
    expect(fillRandom(target)).toBe(target);
    expect(target[0]).toBe(5);
  });
});

describe('randomInt', () => {
  it('reads four bytes as one big-endian unsigned 32-bit word', () => {
    scriptFills([[0x12, 0x34, 0x56, 0x78, 0xff, 0xfe, 0xfd, 0xfc, 0x01, 0x00, 0x00, 0x00]]);
    expect(randomInt(0, 0xffff_ffff)).toBe(0x1234_5678);
    expect(randomInt(0, 0xffff_ffff)).toBe(0xfffe_fdfc);
    expect(randomInt(0, 0xffff_ffff)).toBe(0x0100_0000);
  });

  it('offsets by min and reduces modulo the span of [min, max]', () => {
    scriptFills([[0, 0, 1, 2, 0, 0, 0, 7, 0, 0, 0, 9]]);
    expect(randomInt(0, 999)).toBe(258);
    expect(randomInt(10, 12)).toBe(10 + (7 % 3));
    expect(randomInt(5, 5)).toBe(5);
  });

  it('rejects a word at or above the largest multiple of the span and draws again', () => {
    // For a span of 3 the limit is 4294967295 (0xffffffff): that word is rejected, the next one (5) is used.
    scriptFills([[0xff, 0xff, 0xff, 0xff, 0, 0, 0, 5]]);
    expect(randomInt(0, 2)).toBe(2);
    // For a span of 5 the limit is 4294967295 too, and 0xfffffffe (4294967294, ≡ 4 mod 5) is accepted.
    scriptFills([[0xff, 0xff, 0xff, 0xfe]]);
    expect(randomInt(0, 4)).toBe(4);
  });

  it('stays in [min, max] and reaches every value with real randomness', () => {
    fillRandom(new Uint8Array(POOL_SIZE)); // past any scripted (zero-padded) bytes left in the pool
    const seen = new Set<number>();
    for (let draw = 0; draw < 600; draw++) {
      const value = randomInt(10, 12);
      expect(value).toBeGreaterThanOrEqual(10);
      expect(value).toBeLessThanOrEqual(12);
      seen.add(value);
    }
    expect([...seen].sort()).toEqual([10, 11, 12]);
    for (let draw = 0; draw < 50; draw++) expect(randomInt(7, 7)).toBe(7);
  });
});

describe('pick', () => {
  it('maps the drawn index onto the list', () => {
    scriptFills([[0, 0, 0, 2, 0, 0, 0, 0]]);
    expect(pick(['a', 'b', 'c', 'd'])).toBe('c');
    expect(pick(['only'])).toBe('only');
  });
});
